// Crash safety of the evidence store: failed writes and crash leftovers never show a partial run.
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodePng, paintImage } from '../../test-support/testImages';
import { NODE_FILE_OPERATIONS, type FileOperations } from '../../node/fs/atomicWrite';
import { EvidenceStore } from './evidenceStore';
import type { RunHandle } from './runHandle';
import { fullRecord } from '../../test-support/testRecords';
import type { RunRecord } from './types';

let root = '';
let directory = '';

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'evidence-crash-'));
  directory = join(root, 'evidence');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const PNG = encodePng(paintImage(60, 120, (x, y) => [x * 4, y * 2, 128]));

async function created(store: EvidenceStore): Promise<RunHandle> {
  const result = await store.createRun({
    deviceSerial: 'emulator-5554',
    startedAt: '2025-06-03T14:05:09.250Z',
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function recordOf(handle: RunHandle, changes: Partial<RunRecord>): RunRecord {
  return { ...fullRecord(), id: handle.id, screenshot: undefined, captureCheck: undefined, ...changes };
}

describe('EvidenceStore crash safety', () => {
  /** Real file operations whose rename or write can be made to fail on demand. */
  function faultyOperations(): {
    operations: FileOperations;
    fail: (what: 'rename' | 'write' | null) => void;
  } {
    let failing: 'rename' | 'write' | null = null;
    const operations: FileOperations = {
      ...NODE_FILE_OPERATIONS,
      rename: async (from, to) => {
        if (failing === 'rename')
          throw Object.assign(new Error('simulated crash at rename'), { code: 'EIO' });
        return rename(from, to);
      },
      open: (async (...args: Parameters<FileOperations['open']>) => {
        const handle = await NODE_FILE_OPERATIONS.open(...args);
        if (failing !== 'write') return handle;
        return new Proxy(handle, {
          get(target, key) {
            if (key === 'writeFile')
              return async (data: Uint8Array | string) => {
                await target.write(Buffer.from(data).subarray(0, 10));
                throw Object.assign(new Error('simulated full disk'), { code: 'ENOSPC' });
              };
            const value: unknown = Reflect.get(target, key);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
      }) as FileOperations['open'],
    };
    return { operations, fail: (what) => (failing = what) };
  }

  it.each(['rename', 'write'] as const)(
    'keeps the previous run.json and screenshot intact when a %s fails, and shows no partial file',
    async (what) => {
      const faults = faultyOperations();
      const store = new EvidenceStore(directory, { fileOperations: faults.operations });
      const handle = await created(store);
      await handle.writeScreenshot('screenshot', PNG);
      const before = recordOf(handle, { status: 'running' });
      expect((await handle.writeRecord(before)).ok).toBe(true);
      faults.fail(what);
      const failed = await handle.writeRecord({ ...before, status: 'failed' });
      expect(failed).toMatchObject({
        ok: false,
        error: { code: 'EVIDENCE_WRITE_FAILED', details: { path: join(handle.path, 'run.json') } },
      });
      const shot = await handle.writeScreenshot('screenshot', encodePng(paintImage(8, 8, () => [0, 0, 0])));
      expect(shot.ok).toBe(false);
      faults.fail(null);
      expect((await readdir(handle.path)).sort()).toEqual(['.owner', 'run.json', 'screenshot.png']);
      const read = await store.readRun(handle.id);
      expect(read.ok && read.value.status).toBe('running');
      expect(Buffer.from(await readFile(join(handle.path, 'screenshot.png'))).equals(Buffer.from(PNG))).toBe(
        true,
      );
    },
  );

  it.each(['rename', 'write'] as const)('leaves no run behind when createRun fails at a %s', async (what) => {
    const faults = faultyOperations();
    const store = new EvidenceStore(directory, { fileOperations: faults.operations });
    faults.fail(what);
    expect(await store.createRun({ deviceSerial: 's', startedAt: '2025-06-03T14:05:09Z' })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED' },
    });
    expect(await readdir(directory)).toEqual([]);
  });

  it('ignores what a crash leaves: temporary files and a staging folder', async () => {
    const store = new EvidenceStore(directory);
    const handle = await created(store);
    await writeFile(join(handle.path, 'run.json.0b1c2d3e-aaaa-bbbb-cccc-000000000000.tmp'), '{"schemaVer');
    await mkdir(join(directory, '.tmp-20250603-140510-emulator-5554-zzzzzz'));
    await writeFile(join(directory, '.tmp-20250603-140510-emulator-5554-zzzzzz', 'run.json'), '{');
    const listed = await store.listRuns();
    expect(listed.ok && listed.value).toMatchObject({ runs: [{ id: handle.id }], skipped: [] });
    expect((await store.readRun(handle.id)).ok).toBe(true);
  });
});
