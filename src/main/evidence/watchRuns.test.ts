import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fullRecord } from '../../test-support/testRecords';
import { EvidenceStore } from './evidenceStore';
import { runIdOfChange, watchRuns, type RunsWatcher } from './watchRuns';

let directory: string;
let watcher: RunsWatcher | undefined;

beforeEach(async () => {
  directory = join(await mkdtemp(join(tmpdir(), 'androperator-watch-')), 'evidence');
});

afterEach(async () => {
  watcher?.close();
  watcher = undefined;
  await rm(join(directory, '..'), { recursive: true, force: true });
});

/** Collects reported ids; `next(match)` resolves once a report satisfies it. */
function reports() {
  const seen: string[][] = [];
  const waiters: Array<() => void> = [];
  return {
    seen,
    push(ids: string[]) {
      seen.push(ids);
      for (const wake of waiters.splice(0)) wake();
    },
    async next(match: (ids: string[]) => boolean): Promise<void> {
      while (!seen.some(match)) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

describe('watchRuns', () => {
  it('reports a run another writer creates (its folder appears) and finishes (its run.json inside changes)', async () => {
    const got = reports();
    watcher = await watchRuns(directory, (ids) => got.push(ids), { settleMs: 20 });
    // A second store on the same folder stands for the CLI writing evidence while the console runs.
    const cli = new EvidenceStore(directory);
    const created = await cli.createRun({
      deviceSerial: 'emulator-5554',
      startedAt: new Date().toISOString(),
    });
    if (!created.ok) throw new Error(created.error.message);
    const handle = created.value;
    await got.next((ids) => ids.includes(handle.id));
    got.seen.length = 0;
    const finished = await handle.writeRecord({
      ...fullRecord(),
      id: handle.id,
      status: 'succeeded',
      screenshot: undefined,
      captureCheck: undefined,
    });
    expect(finished).toEqual({ ok: true, value: undefined });
    await got.next((ids) => ids.includes(handle.id));
    // Staging (.tmp-*) and trash folders are never reported as runs.
    expect(got.seen.flat().every((id) => id === handle.id)).toBe(true);
  });

  it('names the run of a changed path and ignores staging folders', () => {
    const id = '20261202-045000-emulator-5554-abc123';
    expect(runIdOfChange(id)).toBe(id);
    expect(runIdOfChange(`${id}/run.json`)).toBe(id);
    expect(runIdOfChange(`.tmp-${id}`)).toBeNull();
    expect(runIdOfChange('notes.txt')).toBeNull();
  });
});
