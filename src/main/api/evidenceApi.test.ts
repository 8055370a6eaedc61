import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/errors';
import { createConsoleApi } from './consoleApi';
import { PHONE, pngBytes, testSetup, type TestSetup } from '../../test-support/apiFakes';
import { fullRecord } from '../../test-support/testRecords';

let setup: TestSetup;

afterEach(async () => {
  await setup.cleanup();
});

async function apiWithRun(widthPx: number, heightPx: number) {
  setup = await testSetup();
  const png = pngBytes(widthPx, heightPx);
  const api = createConsoleApi({
    ...setup.dependencies,
    runners: {
      captureScreen: async () =>
        ok({ png, widthPx, heightPx, deviceWidthPx: widthPx, deviceHeightPx: heightPx, appliedScale: 100 }),
    },
  });
  const captured = await api['screenshot:capture']({ serial: PHONE.serial });
  if (!captured.ok) throw new Error(captured.error.message);
  return { api, id: captured.value.runId, png };
}

describe('evidence:log', () => {
  it("answers the run's log excerpt file with run.json's description, and says why a run has none", async () => {
    // A manual capture first: a run without a sequence has no device log.
    const { api, id: manual } = await apiWithRun(20, 20);
    const store = setup.dependencies.evidence;
    const created = await store.createRun({ deviceSerial: PHONE.serial, startedAt: '2026-12-02T10:00:00Z' });
    if (!created.ok) throw new Error(created.error.message);
    const handle = created.value;
    const text = '1764669600.000  4242  4242 E AndroidRuntime: FATAL EXCEPTION: main\n';
    await handle.writeText('logcat.txt', text);
    const excerpt = {
      status: 'complete' as const,
      file: 'logcat.txt',
      entries: 1,
      limitReached: false,
      redactions: 0,
      caveats: ['every app'],
    };
    await handle.writeRecord({ ...fullRecord(), id: handle.id, logExcerpt: excerpt });
    expect(await api['evidence:log']({ id: handle.id })).toEqual({
      ok: true,
      value: { file: 'logcat.txt', text, excerpt },
    });

    expect(await api['evidence:log']({ id: manual })).toMatchObject({
      ok: false,
      error: {
        code: 'EVIDENCE_NOT_FOUND',
        message: expect.stringContaining('has no device log'),
        details: { reason: 'no_log' },
      },
    });
  });
});

describe('evidence:*', () => {
  it('returns the screenshot and a thumbnail as base64 PNG with their sizes', async () => {
    const { api, id, png } = await apiWithRun(480, 960);
    const screenshot = await api['evidence:image']({ id, kind: 'screenshot' });
    expect(screenshot).toEqual({
      ok: true,
      value: {
        mimeType: 'image/png',
        base64: Buffer.from(png).toString('base64'),
        widthPx: 480,
        heightPx: 960,
      },
    });
    const thumbnail = await api['evidence:image']({ id, kind: 'thumbnail' });
    expect(thumbnail).toMatchObject({
      ok: true,
      value: { mimeType: 'image/png', widthPx: 240, heightPx: 480 },
    });
    const bytes = thumbnail.ok ? Buffer.from(thumbnail.value.base64, 'base64') : Buffer.alloc(0);
    expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });

  it('says EVIDENCE_CORRUPT when the stored screenshot is not a complete PNG', async () => {
    const { api, id } = await apiWithRun(20, 20);
    await writeFile(join(setup.dependencies.evidence.directory, id, 'screenshot.png'), 'not a png');
    expect(await api['evidence:image']({ id, kind: 'screenshot' })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CORRUPT', details: { id, reason: 'not_png' } },
    });
  });

  it('reports EVIDENCE_NOT_FOUND for images of unknown runs and runs without a screenshot', async () => {
    setup = await testSetup();
    const api = createConsoleApi(setup.dependencies);
    const missing = '20240501-101500-sim-phone-abc123';
    expect(await api['evidence:image']({ id: missing, kind: 'screenshot' })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND' },
    });
    expect(await api['evidence:image']({ id: missing, kind: 'thumbnail' })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND' },
    });
    const run = await setup.dependencies.evidence.createRun({
      deviceSerial: 'sim',
      startedAt: '2024-05-01T10:00:00.000Z',
    });
    if (!run.ok) throw new Error(run.error.message);
    expect(await api['evidence:image']({ id: run.value.id, kind: 'screenshot' })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', details: { reason: 'no_screenshot' } },
    });
  });

  it('lists with a limit, exports, and deletes', async () => {
    const { api, id } = await apiWithRun(20, 40);
    expect(await api['evidence:list']({ limit: 1 })).toMatchObject({
      ok: true,
      value: { runs: [{ id, deviceSerial: PHONE.serial }] },
    });
    const destination = join(setup.directory, 'exported.zip');
    expect(await api['evidence:export']({ id, destination, format: 'zip' })).toMatchObject({
      ok: true,
      value: {
        path: destination,
        format: 'zip',
        files: ['run.json', 'screenshot.png', 'screenshot-annotated.png', 'summary.html'],
      },
    });
    expect(await api['evidence:export']({ id, destination, format: 'zip' })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED' },
    });
    expect(await api['evidence:delete']({ id })).toEqual({ ok: true, value: { deleted: id } });
    expect(await api['evidence:delete']({ id })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND' },
    });
    expect(await api['evidence:get']({ id })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND' },
    });
    expect(await readdir(setup.dependencies.evidence.directory)).toEqual([]);
  });
});
