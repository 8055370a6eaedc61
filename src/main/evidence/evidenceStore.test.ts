import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodePng, paintImage } from '../../test-support/testImages';
import { EvidenceStore } from './evidenceStore';
import type { RunHandle } from './runHandle';
import { isRunId } from './runId';
import { fullRecord } from '../../test-support/testRecords';
import type { RunRecord } from './types';

let root = '';
let directory = '';

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'evidence-store-'));
  directory = join(root, 'evidence');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const PNG = encodePng(paintImage(60, 120, (x, y) => [x * 4, y * 2, 128]));

async function created(
  store: EvidenceStore,
  startedAt = '2025-06-03T14:05:09.250Z',
  serial = 'emulator-5554',
) {
  const result = await store.createRun({ deviceSerial: serial, startedAt, label: 'FLOW-001' });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function recordOf(handle: RunHandle, startedAt: string, changes: Partial<RunRecord> = {}): RunRecord {
  return {
    ...fullRecord(),
    id: handle.id,
    startedAt,
    screenshot: undefined,
    captureCheck: undefined,
    ...changes,
  };
}

describe('EvidenceStore runs', () => {
  it('creates a run folder holding a complete run.json from the start', async () => {
    const store = new EvidenceStore(directory);
    const handle = await created(store);
    expect(isRunId(handle.id)).toBe(true);
    expect(handle.id).toMatch(/^20250603-140509-emulator-5554-[0-9a-z]{6}$/);
    expect(handle.path).toBe(join(directory, handle.id));
    expect(await readdir(directory)).toEqual([handle.id]);
    // The owner file says which process writes the run until its final record (issue 13 §7).
    expect((await readdir(handle.path)).sort()).toEqual(['.owner', 'run.json']);
    expect(await store.readRun(handle.id)).toEqual({
      ok: true,
      value: {
        schemaVersion: 1,
        id: handle.id,
        label: 'FLOW-001',
        status: 'running',
        startedAt: '2025-06-03T14:05:09.250Z',
        device: { serial: 'emulator-5554' },
        steps: [],
      },
    });
  });

  it('keeps each written screenshot and record, and lists the run with them', async () => {
    const store = new EvidenceStore(directory);
    const handle = await created(store);
    const shot = await handle.writeScreenshot('screenshot', PNG);
    expect(shot).toEqual({ ok: true, value: { path: join(handle.path, 'screenshot.png') } });
    const record = recordOf(handle, '2025-06-03T14:05:09.250Z', {
      screenshot: { file: 'screenshot.png', widthPx: 60, heightPx: 120, capturedAt: '2025-06-03T14:05:10Z' },
    });
    expect((await handle.writeRecord(record)).ok).toBe(true);
    expect(await store.readRun(handle.id)).toEqual({ ok: true, value: JSON.parse(JSON.stringify(record)) });
    expect(Buffer.from(await readFile(join(handle.path, 'screenshot.png'))).equals(Buffer.from(PNG))).toBe(
      true,
    );
    const listed = await store.listRuns();
    expect(listed).toEqual({
      ok: true,
      value: {
        runs: [
          {
            id: handle.id,
            path: handle.path,
            label: 'FLOW-001',
            status: 'failed',
            startedAt: '2025-06-03T14:05:09.250Z',
            finishedAt: '2025-06-03T14:05:12.000Z',
            deviceSerial: 'emulator-5554',
            deviceModel: 'Pixel 7',
            hasScreenshot: true,
            screenshotFile: 'screenshot.png',
          },
        ],
        skipped: [],
      },
    });
  });

  it('applies writes in call order, so the last record stays', async () => {
    const store = new EvidenceStore(directory);
    const handle = await created(store);
    const writes = (['running', 'failed', 'succeeded'] as const).map((status) =>
      handle.writeRecord(recordOf(handle, '2025-06-03T14:05:09Z', { status })),
    );
    expect((await Promise.all(writes)).every((result) => result.ok)).toBe(true);
    const read = await store.readRun(handle.id);
    expect(read.ok && read.value.status).toBe('succeeded');
  });

  it('rejects unsafe screenshot names and non-PNG bytes', async () => {
    const handle = await created(new EvidenceStore(directory));
    for (const name of ['../escape', 'a/b', 'a\\b', 'x y', '.hidden', 'thumbnail', 'THUMBNAIL.png', ''])
      expect(await handle.writeScreenshot(name, PNG)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_PATH' },
      });
    expect(await handle.writeScreenshot('shot', Buffer.from('GIF89a....'))).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CAPTURE_FAILED', details: { reason: 'not_png' } },
    });
    expect((await readdir(handle.path)).sort()).toEqual(['.owner', 'run.json']);
  });

  it('refuses records that belong elsewhere, are invalid or cannot be serialized', async () => {
    const store = new EvidenceStore(directory);
    const handle = await created(store);
    const other = { ...recordOf(handle, '2025-06-03T14:05:09Z'), id: '20250603-140509-x-aaaaaa' };
    expect(await handle.writeRecord(other)).toMatchObject({ error: { details: { reason: 'id_mismatch' } } });
    const invalid = { ...recordOf(handle, '2025-06-03T14:05:09Z'), status: 'done' } as unknown as RunRecord;
    expect(await handle.writeRecord(invalid)).toMatchObject({
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { reason: 'invalid_record', field: 'status' } },
    });
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    const unserializable = recordOf(handle, '2025-06-03T14:05:09Z', { design: cyclic });
    expect(await handle.writeRecord(unserializable)).toMatchObject({
      error: { details: { reason: 'not_serializable' } },
    });
    const read = await store.readRun(handle.id);
    expect(read.ok && read.value.status).toBe('running');
  });

  it('deletes a run, then reports it as not found', async () => {
    const store = new EvidenceStore(directory);
    const handle = await created(store);
    expect(await store.deleteRun(handle.id)).toEqual({ ok: true, value: undefined });
    expect(await readdir(directory)).toEqual([]);
    expect(await store.deleteRun(handle.id)).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND' },
    });
    expect(await store.readRun(handle.id)).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND' },
    });
    expect(await handle.writeRecord(recordOf(handle, '2025-06-03T14:05:09Z'))).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { osCode: 'ENOENT' } },
    });
  });

  it('rejects bad run metadata and an evidence directory it cannot create', async () => {
    const store = new EvidenceStore(directory);
    for (const startedAt of ['not a date', '+020000-01-01T00:00:00Z'])
      expect(await store.createRun({ deviceSerial: 's', startedAt })).toMatchObject({
        error: { code: 'EVIDENCE_WRITE_FAILED', details: { reason: 'invalid_started_at' } },
      });
    const unlabelled = await store.createRun({
      deviceSerial: 's',
      startedAt: '2025-06-03T14:05:09Z',
      label: '  ',
    });
    const read = unlabelled.ok ? await store.readRun(unlabelled.value.id) : unlabelled;
    expect(read.ok && 'label' in read.value).toBe(false);
    expect(await store.createRun({ deviceSerial: '', startedAt: '2025-06-03T14:05:09Z' })).toMatchObject({
      error: { details: { reason: 'invalid_device_serial' } },
    });
    await writeFile(join(root, 'blocked'), 'a file where the directory should be');
    const blocked = new EvidenceStore(join(root, 'blocked', 'evidence'));
    expect(await blocked.createRun({ deviceSerial: 's', startedAt: '2025-06-03T14:05:09Z' })).toMatchObject({
      error: {
        code: 'EVIDENCE_WRITE_FAILED',
        details: { path: join(root, 'blocked', 'evidence'), osCode: 'ENOTDIR' },
      },
    });
  });
});

describe('EvidenceStore directory', () => {
  it('creates the evidence directory again when it is removed between runs', async () => {
    const store = new EvidenceStore(directory);
    const first = await created(store);
    await rm(directory, { recursive: true, force: true });
    const second = await created(store, '2025-06-03T14:05:10.000Z');
    expect(second.path).toBe(join(directory, second.id));
    expect((await store.readRun(second.id)).ok).toBe(true);
    expect((await store.readRun(first.id)).ok).toBe(false);
    // Runs starting together after the directory went away all find it made again.
    await rm(directory, { recursive: true, force: true });
    const together = await Promise.all(
      ['10', '11', '12', '13'].map((second) =>
        store.createRun({ deviceSerial: 's', startedAt: `2025-06-03T14:06:${second}Z` }),
      ),
    );
    expect(together.map((result) => result.ok)).toEqual([true, true, true, true]);
    // Replaced by a file, the directory cannot be made again: a clear error, not a loop.
    await rm(directory, { recursive: true, force: true });
    await writeFile(directory, 'not a directory');
    expect(await store.createRun({ deviceSerial: 's', startedAt: '2025-06-03T14:05:11Z' })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED' },
    });
  });
});

describe('EvidenceStore ids', () => {
  it.each(['..', '../x', '../../etc/passwd', '20250603-140509-a/../../b-abcdef', '/tmp', ''])(
    'rejects the id %j everywhere before touching the disk',
    async (id) => {
      const store = new EvidenceStore(directory);
      for (const result of [
        await store.readRun(id),
        await store.deleteRun(id),
        await store.exportRun(id, join(root, 'out.zip'), 'zip'),
        await store.thumbnail(id),
      ])
        expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_RUN_ID' } });
    },
  );

  it('reports a well-formed unknown id as not found', async () => {
    const store = new EvidenceStore(directory);
    expect(await store.readRun('20250603-140509-x-abcdef')).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', details: { reason: 'no_such_run' } },
    });
  });

  it('gives runs created concurrently in the same second distinct ids', async () => {
    const store = new EvidenceStore(directory);
    const handles = await Promise.all(Array.from({ length: 12 }, () => created(store)));
    expect(new Set(handles.map((handle) => handle.id)).size).toBe(12);
    const listed = await store.listRuns();
    expect(listed.ok && listed.value.runs.length).toBe(12);
  });

  it('retries with a fresh suffix when an id is taken, and gives up after five tries', async () => {
    const suffixes = [7, 7, 7, 9];
    const store = new EvidenceStore(directory, { random: () => suffixes.shift() ?? 7 });
    const [first, second] = await Promise.all([created(store), created(store)]);
    expect([first?.id, second?.id].sort()).toEqual([
      '20250603-140509-emulator-5554-000007',
      '20250603-140509-emulator-5554-000009',
    ]);
    expect(
      await store.createRun({ deviceSerial: 'emulator-5554', startedAt: '2025-06-03T14:05:09Z' }),
    ).toMatchObject({
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { reason: 'id_taken' } },
    });
    expect((await readdir(directory)).sort()).toEqual([first?.id, second?.id].sort());
  });
});

describe('EvidenceStore listing', () => {
  it('lists newest first, to the millisecond within a second, with limit and device filter', async () => {
    const store = new EvidenceStore(directory);
    const times = [
      ['2025-06-03T14:05:09.900Z', 'a'],
      ['2025-06-01T08:00:00.000Z', 'b'],
      ['2025-06-03T14:05:09.100Z', 'b'],
      ['2025-06-03T14:05:09.500Z', 'a'],
      ['2026-01-01T00:00:00.000Z', 'b'],
    ] as const;
    for (const [startedAt, serial] of times) await created(store, startedAt, serial);
    const all = await store.listRuns();
    expect(all.ok && all.value.runs.map((run) => run.startedAt)).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2025-06-03T14:05:09.900Z',
      '2025-06-03T14:05:09.500Z',
      '2025-06-03T14:05:09.100Z',
      '2025-06-01T08:00:00.000Z',
    ]);
    const limited = await store.listRuns({ limit: 3 });
    expect(limited.ok && limited.value.runs.map((run) => run.startedAt)).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2025-06-03T14:05:09.900Z',
      '2025-06-03T14:05:09.500Z',
    ]);
    const forB = await store.listRuns({ deviceSerial: 'b', limit: 2 });
    expect(forB.ok && forB.value.runs.map((run) => [run.deviceSerial, run.startedAt])).toEqual([
      ['b', '2026-01-01T00:00:00.000Z'],
      ['b', '2025-06-03T14:05:09.100Z'],
    ]);
    for (const limit of [0, -1, 1.5, Number.NaN])
      expect(await store.listRuns({ limit })).toMatchObject({ ok: false, error: { code: 'INVALID_BODY' } });
  });

  it('lists nothing for an evidence directory that does not exist yet', async () => {
    expect(await new EvidenceStore(directory).listRuns()).toEqual({
      ok: true,
      value: { runs: [], skipped: [] },
    });
  });

  it('skips and reports corrupt or missing run.json while listing the rest; readRun explains', async () => {
    const store = new EvidenceStore(directory);
    const good = await created(store, '2025-06-03T10:00:00Z');
    const truncated = await created(store, '2025-06-03T11:00:00Z');
    const invalid = await created(store, '2025-06-03T12:00:00Z');
    const missing = await created(store, '2025-06-03T13:00:00Z');
    const text = await readFile(join(truncated.path, 'run.json'), 'utf8');
    await writeFile(join(truncated.path, 'run.json'), text.slice(0, 40));
    await writeFile(join(invalid.path, 'run.json'), text.replace('"running"', '"finished"'));
    await rm(join(missing.path, 'run.json'));
    await mkdir(join(directory, 'not-a-run'));
    const listed = await store.listRuns();
    expect(listed.ok && listed.value.runs.map((run) => run.id)).toEqual([good.id]);
    expect(listed.ok && listed.value.skipped.map((entry) => entry.id)).toEqual([
      missing.id,
      invalid.id,
      truncated.id,
    ]);
    expect(await store.readRun(truncated.id)).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CORRUPT', details: { reason: 'syntax', id: truncated.id } },
    });
    expect(await store.readRun(invalid.id)).toMatchObject({
      ok: false,
      error: {
        code: 'EVIDENCE_CORRUPT',
        message: expect.stringMatching(/status must be one of/),
        details: { field: 'status' },
      },
    });
    expect(await store.readRun(missing.id)).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', details: { reason: 'record_missing' } },
    });
  });

  it('refuses a run.json copied into another run folder', async () => {
    const store = new EvidenceStore(directory);
    const first = await created(store, '2025-06-03T10:00:00Z');
    const second = await created(store, '2025-06-03T11:00:00Z');
    await writeFile(join(second.path, 'run.json'), await readFile(join(first.path, 'run.json')));
    expect(await store.readRun(second.id)).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CORRUPT', details: { field: 'id' } },
    });
  });
});
