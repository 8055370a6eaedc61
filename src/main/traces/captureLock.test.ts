import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, withLock } from './captureLock';
import { deadPid } from '../../test-support/deadPid';

let folder = '';
let lock = '';

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'androperator-lock-'));
  lock = join(folder, 'operation.lock');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('acquireLock', () => {
  it('lets exactly one of two concurrent callers in; the other is refused naming the holder', async () => {
    const results = await Promise.all([acquireLock(lock, 'stopping x'), acquireLock(lock, 'stopping x')]);
    const winners = results.filter((result) => result.ok);
    const losers = results.filter((result) => !result.ok);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]).toMatchObject({
      ok: false,
      error: {
        code: 'SYSTEM_TRACE_REFUSED',
        message: expect.stringContaining(`stopping x is in progress in another call (process ${process.pid}`),
        details: { lock, pid: process.pid },
      },
    });
    const owner = JSON.parse(await readFile(lock, 'utf8')) as { pid: number };
    expect(owner.pid).toBe(process.pid);
    expect((await stat(lock)).mode & 0o777).toBe(0o600);
    if (winners[0]?.ok) await winners[0].value();
    expect(await readdir(folder)).toEqual([]);
  });

  it('takes over a lock whose process is gone, and leaves no aside or temporary file', async () => {
    await writeFile(
      lock,
      JSON.stringify({ pid: deadPid(), nonce: 'old', acquired_at: '2026-01-01T00:00:00Z' }),
    );
    const taken = await acquireLock(lock, 'stopping x');
    if (!taken.ok) throw new Error(taken.error.message);
    const owner = JSON.parse(await readFile(lock, 'utf8')) as { pid: number; nonce: string };
    expect(owner.pid).toBe(process.pid);
    expect(owner.nonce).not.toBe('old');
    expect(await readdir(folder)).toEqual(['operation.lock']);
    await taken.value();
    expect(await readdir(folder)).toEqual([]);
  });

  it('treats an unreadable lock (empty or not JSON) as stale', async () => {
    await writeFile(lock, '');
    const taken = await acquireLock(lock, 'stopping x');
    expect(taken.ok).toBe(true);
    if (taken.ok) await taken.value();
  });

  it('never removes a lock it no longer owns on release', async () => {
    const taken = await acquireLock(lock, 'stopping x');
    if (!taken.ok) throw new Error(taken.error.message);
    const foreign = JSON.stringify({ pid: process.pid, nonce: 'someone-else', acquired_at: 'now' });
    await writeFile(lock, foreign);
    await taken.value();
    expect(await readFile(lock, 'utf8')).toBe(foreign);
  });

  it('withLock releases after the work, also when the work fails', async () => {
    const failed = await withLock(lock, 'deleting x', () =>
      Promise.resolve({ ok: false as const, error: { code: 'INTERNAL_ERROR' as const, message: 'boom' } }),
    );
    expect(failed).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    expect(await readdir(folder)).toEqual([]);
    await expect(withLock(lock, 'deleting x', () => Promise.reject(new Error('thrown')))).rejects.toThrow(
      'thrown',
    );
    expect(await readdir(folder)).toEqual([]);
  });

  it('fails with FILE_WRITE_FAILED when the folder is gone', async () => {
    const result = await acquireLock(join(folder, 'missing', 'operation.lock'), 'stopping x');
    expect(result).toMatchObject({ ok: false, error: { code: 'FILE_WRITE_FAILED' } });
  });
});
