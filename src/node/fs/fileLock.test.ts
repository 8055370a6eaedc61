import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tryLock, type LockAttempt } from './fileLock';
import { deadPid } from '../../test-support/deadPid';

let folder = '';
let lock = '';

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'androperator-filelock-'));
  lock = join(folder, 'device.lock');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('tryLock with many competitors', () => {
  // Every competitor reads the same stale lock; the one that clears it takes the lock, and a second clearer must not
  // move that live lock aside (where a third could take the empty place and two would hold it).
  it('lets at most one of six competitors hold the lock over a stale one, round after round', async () => {
    const dead = deadPid();
    for (let round = 0; round < 150; round += 1) {
      await writeFile(
        lock,
        JSON.stringify({ pid: dead, nonce: `stale-${round}`, acquired_at: '2026-01-01T00:00:00Z' }),
      );
      const attempts = await Promise.all(
        Array.from({ length: 6 }, (_, index) => tryLock(lock, `competitor ${index}`)),
      );
      const taken = attempts.filter(
        (attempt): attempt is Extract<LockAttempt, { status: 'taken' }> => attempt?.status === 'taken',
      );
      expect({ round, holders: taken.length }).toEqual({ round, holders: 1 });
      // The others were told who holds it (or that it kept changing): never a holder of their own.
      const owner = JSON.parse(await readFile(lock, 'utf8')) as { pid: number; holder?: string };
      expect(owner.pid).toBe(process.pid);
      for (const attempt of attempts)
        if (attempt?.status === 'held') expect(attempt.owner.holder).toBe(owner.holder);
      await taken[0]?.release();
      // Nothing is left behind: no lock, no aside, no temporary file.
      expect(await readdir(folder)).toEqual([]);
    }
  });
});
