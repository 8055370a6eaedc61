// Attaching a view's answer to a run: the file is created exclusively beside run.json, listed in attachments.json,
// in the history listing and the zip export; a refused or failed attach leaves the folder as it was; the run's
// index lock (held by a live process, or stale) is waited for or taken over (attachments.subprocess.test.ts: processes).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunAttachmentInput } from '../../shared/api/evidence';
import { NODE_FILE_OPERATIONS } from '../../node/fs/atomicWrite';
import { fullRecord } from '../../test-support/testRecords';
import { readZip } from '../../test-support/testZip';
import {
  attachmentSlug,
  ATTACHMENT_INDEX_FILE,
  ATTACHMENT_LOCK_FILE,
  attachToRunFolder,
} from './attachments';
import { EvidenceStore } from './evidenceStore';

let root = '';
let store: EvidenceStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'evidence-attach-'));
  store = new EvidenceStore(join(root, 'evidence'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function finishedRun(serial = 'emulator-5554'): Promise<{ id: string; path: string }> {
  const created = await store.createRun({ deviceSerial: serial, startedAt: '2025-06-03T14:05:09Z' });
  if (!created.ok) throw new Error(created.error.message);
  const handle = created.value;
  await handle.writeRecord({
    ...fullRecord(),
    id: handle.id,
    device: { ...fullRecord().device, serial },
  });
  return { id: handle.id, path: handle.path };
}

const input = (id: string, overrides: Partial<RunAttachmentInput> = {}): RunAttachmentInput => ({
  id,
  kind: 'diagnostic',
  title: 'Environment',
  tool: 'inspect_android_environment',
  arguments: {},
  serial: 'emulator-5554',
  takenAt: '2025-06-03T14:06:00.000Z',
  status: 'complete',
  answer: { kind: 'android_environment', status: 'complete', api_level: 35 },
  ...overrides,
});

describe('evidence attachments', () => {
  it('writes each answer to its own file, lists it, and exports it', async () => {
    const run = await finishedRun();
    const first = await store.attach(input(run.id));
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value).toMatchObject({
      file: 'attachment-1-environment.json',
      kind: 'diagnostic',
      tool: 'inspect_android_environment',
      takenAt: '2025-06-03T14:06:00.000Z',
      status: 'complete',
    });
    const second = await store.attach(
      input(run.id, {
        kind: 'logcat',
        title: 'Logcat window',
        tool: 'android_logcat',
        arguments: { query: 'level:E' },
        answer: { lines: ['1.000 1 1 E Tag: token=[REDACTED]'], redacted: true },
      }),
    );
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.file).toBe('attachment-2-logcat-window.json');

    const stored = JSON.parse(await readFile(join(run.path, first.value.file), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({
      runId: run.id,
      title: 'Environment',
      takenAt: '2025-06-03T14:06:00.000Z',
      answer: { api_level: 35 },
    });
    expect(first.value.bytes).toBe((await readFile(join(run.path, first.value.file))).length);
    const index = JSON.parse(await readFile(join(run.path, ATTACHMENT_INDEX_FILE), 'utf8')) as {
      attachments: unknown[];
    };
    expect(index.attachments).toEqual([first.value, second.value]);

    const listed = await store.listRuns();
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.runs[0]?.attachments).toEqual([first.value, second.value]);

    const archive = await store.archiveRun(run.id);
    if (!archive.ok) throw new Error(archive.error.message);
    const names = readZip(archive.value.bytes).map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining([
        `${run.id}/${first.value.file}`,
        `${run.id}/${second.value.file}`,
        `${run.id}/${ATTACHMENT_INDEX_FILE}`,
      ]),
    );
    const summary = readZip(archive.value.bytes).find((entry) => entry.name.endsWith('summary.html'));
    expect(summary?.data.toString('utf8')).toContain(
      '<tr><td>Logcat window</td><td>android_logcat</td><td>complete</td>',
    );
  });

  it('never replaces a file another writer left under the next name', async () => {
    const run = await finishedRun();
    await writeFile(join(run.path, 'attachment-1-environment.json'), 'not mine');
    const attached = await store.attach(input(run.id));
    if (!attached.ok) throw new Error(attached.error.message);
    expect(attached.value.file).toBe('attachment-2-environment.json');
    expect(await readFile(join(run.path, 'attachment-1-environment.json'), 'utf8')).toBe('not mine');
  });

  it('refuses an answer from another device, an unknown run and an oversized answer, changing nothing', async () => {
    const run = await finishedRun();
    const before = (await readdir(run.path)).sort();
    expect(await store.attach(input(run.id, { serial: 'other-device' }))).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_BODY',
        message: expect.stringContaining('attach the answer to a run of the same device'),
      },
    });
    expect(await store.attach(input('20250603-140509-emulator-5554-zzzzzz'))).toMatchObject({ ok: false });
    expect(await store.attach(input(run.id, { answer: { text: 'x'.repeat(1024 * 1024) } }))).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { reason: 'attachment_too_large' } },
    });
    expect((await readdir(run.path)).sort()).toEqual(before);
  });

  it('answers a full disk as a failure, leaving no partial file and no index entry', async () => {
    const run = await finishedRun();
    const before = (await readdir(run.path)).sort();
    // The same evidence folder through a store whose disk is full: links and renames fail.
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const fullStore = new EvidenceStore(join(root, 'evidence'), {
      fileOperations: {
        ...NODE_FILE_OPERATIONS,
        link: async () => Promise.reject(full),
        rename: async () => Promise.reject(full),
      },
    });
    const attached = await fullStore.attach(input(run.id));
    expect(attached).toMatchObject({ ok: false, error: { code: 'EVIDENCE_WRITE_FAILED' } });
    expect((await readdir(run.path)).sort()).toEqual(before);
    // Nothing was lost: the same answer attaches once the disk has room.
    expect((await store.attach(input(run.id))).ok).toBe(true);
  });

  it('a failed index write removes the new file, leaves the index as it was, and frees the lock', async () => {
    const run = await finishedRun();
    const first = await store.attach(input(run.id));
    if (!first.ok) throw new Error(first.error.message);
    const indexBefore = await readFile(join(run.path, ATTACHMENT_INDEX_FILE), 'utf8');
    const before = (await readdir(run.path)).sort();
    // The attachment file is linked into place; replacing the index (a rename) fails.
    const failing = new EvidenceStore(join(root, 'evidence'), {
      fileOperations: {
        ...NODE_FILE_OPERATIONS,
        rename: async () => Promise.reject(Object.assign(new Error('I/O error'), { code: 'EIO' })),
      },
    });
    expect(await failing.attach(input(run.id, { title: 'Storage' }))).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { osCode: 'EIO' } },
    });
    expect((await readdir(run.path)).sort()).toEqual(before);
    expect(await readFile(join(run.path, ATTACHMENT_INDEX_FILE), 'utf8')).toBe(indexBefore);
    const next = await store.attach(input(run.id, { title: 'Storage' }));
    expect(next).toMatchObject({ ok: true, value: { file: 'attachment-2-storage.json' } });
  });

  it('keeps the file when the index was replaced and only the folder flush failed, and says so', async () => {
    const run = await finishedRun();
    let flushes = 0;
    const flaky = new EvidenceStore(join(root, 'evidence'), {
      fileOperations: {
        ...NODE_FILE_OPERATIONS,
        // The run folder opened for its flush after the index's rename (the one folder flush of an attach) fails.
        open: (async (path: string, ...rest: unknown[]) => {
          if (path === run.path && (flushes += 1) === 1)
            throw Object.assign(new Error('I/O error'), { code: 'EIO' });
          return (NODE_FILE_OPERATIONS.open as (...args: unknown[]) => unknown)(path, ...rest);
        }) as typeof NODE_FILE_OPERATIONS.open,
      },
    });
    const attached = await flaky.attach(input(run.id));
    expect(attached).toMatchObject({
      ok: false,
      error: { details: { indexed: true, file: 'attachment-1-environment.json' } },
    });
    expect(!attached.ok && attached.error.message).toMatch(/^Attached as attachment-1-environment.json, but/);
    const listed = await store.listRuns();
    expect(listed.ok && listed.value.runs[0]?.attachments?.map((entry) => entry.file)).toEqual([
      'attachment-1-environment.json',
    ]);
    expect(await readdir(run.path)).toContain('attachment-1-environment.json');
  });

  it('waits out a live lock, and takes over one older than a write can take (its pid reused)', async () => {
    const run = await finishedRun();
    const lock = join(run.path, ATTACHMENT_LOCK_FILE);
    const owner = (at: number) =>
      JSON.stringify({ pid: process.pid, nonce: 'someone-else', acquired_at: new Date(at).toISOString() });
    // A live process (this one's pid) took it just now: the attach waits, then refuses, changing nothing.
    await writeFile(lock, owner(Date.now()));
    const refused = await attachToRunFolder(run.path, input(run.id), NODE_FILE_OPERATIONS, {
      lockWaitMs: 100,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { details: { reason: 'index_locked', holder_pid: process.pid } },
    });
    expect(await readdir(run.path)).not.toContain(ATTACHMENT_INDEX_FILE);
    // The same lock a minute old: no attach holds it that long, so its writer is gone and the pid is someone else's.
    await writeFile(lock, owner(Date.now() - 60_000));
    const attached = await attachToRunFolder(run.path, input(run.id), NODE_FILE_OPERATIONS, {
      lockWaitMs: 100,
    });
    expect(attached).toMatchObject({ ok: true, value: { file: 'attachment-1-environment.json' } });
    expect(await readdir(run.path)).not.toContain(ATTACHMENT_LOCK_FILE);
  });

  it('names files by the view title', () => {
    expect(attachmentSlug('Crashes and ANRs')).toBe('crashes-and-anrs');
    expect(attachmentSlug('  ***  ')).toBe('answer');
  });
});
