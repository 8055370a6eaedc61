// A cross-process lock for the shared capture records: the console, the CLI and MCP servers all use the same
// system-traces folder, so a stop, a delete or a start's record creation first takes a lock file
// (src/node/fs/fileLock.ts). A second caller is refused at once (it never waits on a user's approval).
import { tryLock, type Release } from '../../node/fs/fileLock';
import { fail, ok, type Result } from '../../shared/errors';

export type { LockOwner, Release } from '../../node/fs/fileLock';

/** Takes the lock at `path` or refuses with SYSTEM_TRACE_REFUSED naming what holds it; `what` names the work. */
export async function acquireLock(path: string, what: string): Promise<Result<Release>> {
  try {
    const attempt = await tryLock(path, what);
    if (attempt === null)
      return fail('SYSTEM_TRACE_REFUSED', `${what}: the lock ${path} keeps changing; try again`, {
        lock: path,
      });
    if (attempt.status === 'taken') return ok(attempt.release);
    return fail(
      'SYSTEM_TRACE_REFUSED',
      `${what} is in progress in another call (process ${attempt.owner.pid}, since ${attempt.owner.acquired_at}); wait for it and try again`,
      { lock: path, pid: attempt.owner.pid },
    );
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `cannot take the lock ${path}: ${String(error)}`);
  }
}

/** Runs `work` under the lock, releasing it whatever happens. */
export async function withLock<T>(
  path: string,
  what: string,
  work: () => Promise<Result<T>>,
): Promise<Result<T>> {
  const lock = await acquireLock(path, what);
  if (!lock.ok) return lock;
  try {
    return await work();
  } finally {
    await lock.value();
  }
}
