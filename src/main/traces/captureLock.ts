// A cross-process lock for the shared capture records: the console, the CLI and MCP servers all use the same
// system-traces folder, so a stop, a delete or a start's record creation first creates a lock file exclusively
// (a 0600 file naming its process, hard-linked into place so it never exists half-written). A second caller is refused at once (it never waits on a user's approval). A lock
// whose process is gone is stale: it is moved aside by rename (atomic, one winner) and checked to be the same lock
// before it is removed, so a live lock taken in between is put back, never broken.
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, rm } from 'node:fs/promises';
import { fail, ok, type Result } from '../../shared/errors';

export interface LockOwner {
  pid: number;
  nonce: string;
  acquired_at: string;
}

export type Release = () => Promise<void>;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function owner(path: string): Promise<{ text: string; owner: LockOwner | null }> {
  const text = await readFile(path, 'utf8').catch(() => '');
  try {
    const parsed = JSON.parse(text) as LockOwner;
    return { text, owner: Number.isSafeInteger(parsed.pid) ? parsed : null };
  } catch {
    return { text, owner: null };
  }
}

/** Writes the owner to a private temporary file, then hard-links it into place: the lock never exists empty. */
async function create(path: string, nonce: string): Promise<boolean> {
  const temporary = `${path}.${nonce}`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    const record: LockOwner = { pid: process.pid, nonce, acquired_at: new Date().toISOString() };
    await handle.writeFile(JSON.stringify(record));
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Moves a stale lock aside; true when the lock removed was exactly the stale one read before. */
async function clearStale(path: string, staleText: string): Promise<boolean> {
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch {
    return false;
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (moved !== staleText) {
    // Someone replaced the stale lock with a live one between our read and the rename: put it back.
    await rename(aside, path).catch(() => undefined);
    return false;
  }
  await rm(aside, { force: true });
  return true;
}

/** Takes the lock at `path` or refuses with SYSTEM_TRACE_REFUSED naming what holds it; `what` names the work. */
export async function acquireLock(path: string, what: string): Promise<Result<Release>> {
  const nonce = randomBytes(8).toString('hex');
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await create(path, `${nonce}-${attempt}`))
        return ok(async () => {
          const current = await owner(path);
          if (current.owner?.nonce.startsWith(`${nonce}-`)) await rm(path, { force: true });
        });
      const held = await owner(path);
      if (held.owner && alive(held.owner.pid))
        return fail(
          'SYSTEM_TRACE_REFUSED',
          `${what} is in progress in another call (process ${held.owner.pid}, since ${held.owner.acquired_at}); wait for it and try again`,
          { lock: path, pid: held.owner.pid },
        );
      await clearStale(path, held.text);
    }
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `cannot take the lock ${path}: ${String(error)}`);
  }
  return fail('SYSTEM_TRACE_REFUSED', `${what}: the lock ${path} keeps changing; try again`, { lock: path });
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
