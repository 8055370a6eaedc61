// A cross-process lock file shared by every androperator process of this user (console, CLI, MCP servers): taken
// by creating the file exclusively (a 0600 file naming its process, hard-linked into place so it never exists
// half-written). A lock whose process is gone is stale: one clearer at a time (holding an exclusive breaker file)
// checks it is still the same stale lock and removes it, so a live lock taken in between is never broken.
// Callers decide what a held lock means (refuse at once, or poll until a deadline: waitForLock.ts). A caller whose
// work is short may also say a lock older than `staleAfterMs` is stale whatever its pid (a pid reused after a crash,
// e.g. a restarted container).
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rm, stat } from 'node:fs/promises';

export interface LockOwner {
  pid: number;
  nonce: string;
  acquired_at: string;
  /** What the holder does, e.g. "androperator ui tap_text (pid 12 on host)"; absent in older locks. */
  holder?: string;
}

export type Release = () => Promise<void>;

/** The lock is ours (`release` gives it back), or a live process holds it. */
export type LockAttempt = { status: 'taken'; release: Release } | { status: 'held'; owner: LockOwner };

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's text and owner; `missing` when there is no lock file (it was released meanwhile). */
async function readOwner(path: string): Promise<{ text: string; owner: LockOwner | null; missing: boolean }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return { text: '', owner: null, missing: (error as NodeJS.ErrnoException).code === 'ENOENT' };
  }
  try {
    const parsed = JSON.parse(text) as LockOwner;
    return { text, owner: Number.isSafeInteger(parsed.pid) ? parsed : null, missing: false };
  } catch {
    return { text, owner: null, missing: false };
  }
}

/** Writes the owner to a private temporary file, then hard-links it into place: the lock never exists empty. */
async function create(path: string, nonce: string, holder: string | undefined): Promise<boolean> {
  const temporary = `${path}.${nonce}`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    const record: LockOwner = {
      pid: process.pid,
      nonce,
      acquired_at: new Date().toISOString(),
      ...(holder === undefined ? {} : { holder }),
    };
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

/** A breaker file older than this belongs to a process that died while clearing (a clear takes milliseconds). */
const BREAKER_STALE_MS = 10_000;

/**
 * Removes a stale lock; true when the lock removed was exactly the stale one read before. Clearers take a breaker file
 * first (created exclusively), so only one at a time reads and removes the lock: no live lock can be removed or moved
 * aside by a second clearer that read the same stale text (with three or more processes, moving a live lock aside
 * and back let a third take the empty place, and two held the lock).
 */
async function clearStale(path: string, staleText: string): Promise<boolean> {
  const breaker = `${path}.break`;
  let handle;
  try {
    handle = await open(breaker, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const since = await stat(breaker).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (since > BREAKER_STALE_MS) await rm(breaker, { force: true });
    return false;
  }
  try {
    await handle.close();
    const current = await readFile(path, 'utf8').catch(() => null);
    if (current !== staleText) return false;
    // The lock file exists while we hold the breaker, so no one can create a lock in its place; only its (dead or
    // outlived) owner's release could remove it meanwhile, which rm tolerates.
    await rm(path, { force: true });
    return true;
  } finally {
    await rm(breaker, { force: true });
  }
}

export interface TryLockOptions {
  /** A lock taken longer ago than this is stale even if its pid is alive (absent: only a gone pid is stale). */
  staleAfterMs?: number;
}

function outlived(owner: LockOwner, staleAfterMs: number | undefined): boolean {
  if (staleAfterMs === undefined) return false;
  const taken = Date.parse(owner.acquired_at);
  return Number.isFinite(taken) && Date.now() - taken > staleAfterMs;
}

/**
 * One attempt at the lock at `path` (its folder must exist): taken, or held by a live process. Stale locks are
 * cleared on the way; null when the lock kept changing under us. File system errors are thrown.
 */
export async function tryLock(
  path: string,
  holder?: string,
  options: TryLockOptions = {},
): Promise<LockAttempt | null> {
  const nonce = randomBytes(8).toString('hex');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await create(path, `${nonce}-${attempt}`, holder))
      return {
        status: 'taken',
        release: async () => {
          const current = await readOwner(path);
          if (current.owner?.nonce.startsWith(`${nonce}-`)) await rm(path, { force: true });
        },
      };
    const held = await readOwner(path);
    // Released between our create and this read: try again. Never treat it as stale, or the rename in clearStale
    // could move aside a live lock another process has just taken.
    if (held.missing) continue;
    if (held.owner && processAlive(held.owner.pid) && !outlived(held.owner, options.staleAfterMs))
      return { status: 'held', owner: held.owner };
    await clearStale(path, held.text);
  }
  return null;
}
