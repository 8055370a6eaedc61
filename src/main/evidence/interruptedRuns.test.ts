// Runs nobody will finish (their process died, or their final run.json could not be written) are marked
// 'interrupted' on the next start instead of staying 'running' forever (issue 13 §7).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NODE_FILE_OPERATIONS, type FileOperations } from '../../node/fs/atomicWrite';
import { EvidenceStore } from './evidenceStore';
import type { RunHandle } from './runHandle';
import type { RunRecord } from './types';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-interrupted-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** File operations whose renames fail with EROFS while `readOnly.on` (the evidence folder turned read-only). */
function switchable(): { readOnly: { on: boolean }; operations: FileOperations } {
  const readOnly = { on: false };
  return {
    readOnly,
    operations: {
      ...NODE_FILE_OPERATIONS,
      rename: async (from, to) => {
        if (readOnly.on) throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
        return rename(from, to);
      },
    },
  };
}

async function onDisk(handle: RunHandle): Promise<RunRecord> {
  return JSON.parse(await readFile(join(handle.path, 'run.json'), 'utf8')) as RunRecord;
}

async function started(store: EvidenceStore): Promise<RunHandle> {
  const created = await store.createRun({
    deviceSerial: 'emulator-5554',
    startedAt: new Date().toISOString(),
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

function finalRecord(handle: RunHandle): RunRecord {
  return {
    schemaVersion: 1,
    id: handle.id,
    status: 'succeeded',
    startedAt: new Date().toISOString(),
    finishedAt: new Date().toISOString(),
    device: { serial: 'emulator-5554' },
    steps: [],
  };
}

async function statusOf(store: EvidenceStore, id: string): Promise<string | undefined> {
  const listed = await store.listRuns();
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.runs.find((run) => run.id === id)?.status;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid ?? 0;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

describe('interrupted runs', () => {
  it('a run whose final record could not be written is marked interrupted by the next start', async () => {
    const { readOnly, operations } = switchable();
    const store = new EvidenceStore(directory, { fileOperations: operations });
    const handle = await started(store);
    readOnly.on = true;
    const written = await handle.writeRecord(finalRecord(handle));
    expect(written).toMatchObject({ ok: false, error: { code: 'EVIDENCE_WRITE_FAILED' } });
    expect((await onDisk(handle)).status).toBe('running');

    const next = new EvidenceStore(directory);
    expect(await statusOf(next, handle.id)).toBe('interrupted');
    expect((await onDisk(handle)).status).toBe('interrupted');
    expect(await readdir(handle.path)).toEqual(['run.json']);
  });

  it('the same store marks it once the folder is writable again, and keeps trying until then', async () => {
    const { readOnly, operations } = switchable();
    const store = new EvidenceStore(directory, { fileOperations: operations });
    const handle = await started(store);
    readOnly.on = true;
    await handle.writeRecord(finalRecord(handle));
    // Still read-only: the record cannot be rewritten yet, and nothing claims it was.
    expect(await statusOf(store, handle.id)).toBe('running');
    readOnly.on = false;
    expect(await statusOf(store, handle.id)).toBe('interrupted');
  });

  it('marks a run whose process died mid-run, and leaves runs that are still being written', async () => {
    const store = new EvidenceStore(directory);
    const crashed = await started(store);
    await writeFile(join(crashed.path, '.owner'), JSON.stringify({ pid: await deadPid(), host: hostname() }));
    const elsewhere = await started(store);
    // Another live process (the test runner's parent) is still writing this one.
    await writeFile(join(elsewhere.path, '.owner'), JSON.stringify({ pid: process.ppid, host: hostname() }));
    const mine = await started(store);

    const next = new EvidenceStore(directory);
    expect(await next.recoverInterrupted()).toEqual([crashed.id]);
    expect(await statusOf(next, crashed.id)).toBe('interrupted');
    expect(await statusOf(next, elsewhere.id)).toBe('running');
    expect(await statusOf(next, mine.id)).toBe('running');
    // The run this process still writes finishes normally and keeps no owner file.
    expect(await mine.writeRecord(finalRecord(mine))).toEqual({ ok: true, value: undefined });
    expect(await readdir(mine.path)).toEqual(['run.json']);
  });

  it('leaves a run owned on another host to that host', async () => {
    const store = new EvidenceStore(directory);
    const remote = await started(store);
    await writeFile(
      join(remote.path, '.owner'),
      JSON.stringify({ pid: await deadPid(), host: `${hostname()}-x` }),
    );
    expect(await new EvidenceStore(directory).recoverInterrupted()).toEqual([]);
  });
});
