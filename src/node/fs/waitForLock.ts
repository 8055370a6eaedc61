// Waiting for a cross-process lock file (fileLock.ts) until a deadline: for short critical sections that every
// androperator process of this user may enter (the console, `serve`, the CLI, MCP servers), where a second caller
// should wait its turn rather than be refused. Polls, since another process's release cannot be observed directly.
import { tryLock, type LockOwner, type Release } from './fileLock';

export interface WaitForLockOptions {
  /** Names the holder in the lock file, so a caller that gives up can say who held it. */
  holder: string;
  /** How long to keep trying (ms). */
  waitMs: number;
  /** How often to look again while another live process holds it (default 15 ms). */
  pollMs?: number;
  /** A lock older than this is stale even if its pid is alive (fileLock.ts `staleAfterMs`). */
  staleAfterMs?: number;
}

/** The lock is ours, or the deadline passed while it was held (by `owner`, when it could be read). */
export type LockWait = { status: 'taken'; release: Release } | { status: 'held'; owner: LockOwner | null };

/** Takes the lock at `path` (its folder must exist), waiting up to `waitMs`; file system errors are thrown. */
export async function waitForLock(path: string, options: WaitForLockOptions): Promise<LockWait> {
  const deadline = Date.now() + options.waitMs;
  const pollMs = options.pollMs ?? 15;
  let owner: LockOwner | null = null;
  for (;;) {
    const attempt = await tryLock(
      path,
      options.holder,
      options.staleAfterMs === undefined ? {} : { staleAfterMs: options.staleAfterMs },
    );
    if (attempt?.status === 'taken') return attempt;
    owner = attempt?.owner ?? owner;
    const left = deadline - Date.now();
    if (left <= 0) return { status: 'held', owner };
    await new Promise<void>((resolve) => setTimeout(resolve, Math.min(pollMs, left)));
  }
}
