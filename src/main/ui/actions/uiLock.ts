// One UI writer per device: held for a whole action (read, approval, re-read, send, verification), so two actions
// on one device never interleave. Two levels: an in-process queue per device (fair arrival order inside one
// console or MCP server), then a cross-process lease, a lock file per device in the data folder's ui-leases/
// (src/node/fs/fileLock.ts, the mechanism the capture records use), so the console, the CLI and MCP servers of this
// user never interleave either. A second caller waits its turn up to UI_LOCK_WAIT_MS (the reference's lease waits
// 10 s), then fails with UI_BUSY naming the holder (what, process, since). A holder that dies frees the lease: a
// lock whose process is gone is stale and taken over.
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { tryLock, type LockOwner, type Release } from '../../../node/fs/fileLock';
import { fail, type Result } from '../../../shared/errors';
import { leaseOwner } from '../../operator/deviceLease';

export const UI_LOCK_WAIT_MS = 10_000;
/** How often a waiter looks at another process's lease again. */
const LEASE_POLL_MS = 50;

/** The cross-process half: the folder of the lease files and this device's key (adb server and serial). */
export interface UiLease {
  folder: string;
  key: string;
}

interface Slot {
  held: boolean;
  /** Waiters in arrival order; each is called when the lock is handed to it. */
  queue: Array<() => void>;
}

const slots = new Map<string, Slot>();

/** How many callers wait for this device's UI lock (not counting the holder). */
export function uiLockWaiters(serial: string): number {
  return slots.get(serial)?.queue.length ?? 0;
}

/** The lease file of a device key: base64url keeps `host:port/serial` a single safe file name. */
export function uiLeasePath(lease: UiLease): string {
  return join(lease.folder, `${Buffer.from(lease.key).toString('base64url')}.lock`);
}

function release(serial: string, slot: Slot): void {
  const next = slot.queue.shift();
  if (next !== undefined) next();
  else {
    slot.held = false;
    slots.delete(serial);
  }
}

/** Waits for the in-process slot; false when the wait timed out or was cancelled (the waiter is then out of the queue). */
function acquire(serial: string, signal: AbortSignal, waitMs: number): Promise<boolean> {
  let slot = slots.get(serial);
  if (slot === undefined) {
    slot = { held: false, queue: [] };
    slots.set(serial, slot);
  }
  if (!slot.held) {
    slot.held = true;
    return Promise.resolve(true);
  }
  const current = slot;
  return new Promise<boolean>((resolve) => {
    const granted = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', giveUp);
      resolve(true);
    };
    const giveUp = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', giveUp);
      const at = current.queue.indexOf(granted);
      if (at >= 0) current.queue.splice(at, 1);
      resolve(false);
    };
    const timer = setTimeout(giveUp, Math.max(0, waitMs));
    signal.addEventListener('abort', giveUp);
    current.queue.push(granted);
  });
}

/** Which of our programs this process is, for the holder's name. */
function surface(): string {
  if (process.versions['electron'] !== undefined) return 'console';
  const script = basename(process.argv[1] ?? 'node');
  return script === '' ? 'node' : script;
}

type LeaseWait =
  | { status: 'taken'; release: Release }
  | { status: 'held'; owner: LockOwner | null }
  | { status: 'cancelled' };

/** Polls the device's lease file until it is ours, the deadline passes, or the call is cancelled. */
async function takeLease(
  lease: UiLease,
  tool: string,
  signal: AbortSignal,
  deadline: number,
): Promise<LeaseWait> {
  await mkdir(lease.folder, { recursive: true, mode: 0o700 });
  const path = uiLeasePath(lease);
  const holder = leaseOwner(`androperator ${surface()} ${tool}`);
  let owner: LockOwner | null = null;
  for (;;) {
    if (signal.aborted) return { status: 'cancelled' };
    const attempt = await tryLock(path, holder);
    if (attempt?.status === 'taken') return attempt;
    owner = attempt?.owner ?? owner;
    const left = deadline - Date.now();
    if (left <= 0) return { status: 'held', owner };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(LEASE_POLL_MS, left));
      function done(): void {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });
  }
}

function busy(tool: string, serial: string, waitMs: number, owner: LockOwner | null) {
  const by =
    owner === null
      ? 'another UI action'
      : `${owner.holder ?? 'another androperator process'} (process ${owner.pid}, since ${owner.acquired_at})`;
  return fail(
    'UI_BUSY',
    `UI busy with another task: ${tool} waited ${waitMs} ms for ${by} to finish on ${serial}; nothing was sent`,
    {
      device: serial,
      waited_ms: waitMs,
      action_sent: false,
      ...(owner === null
        ? {}
        : { holder: owner.holder ?? null, holder_pid: owner.pid, held_since: owner.acquired_at }),
    },
    'wait for the other action to finish (it may be waiting for approval in that window or terminal), then retry; a lease whose process has exited is freed automatically',
  );
}

const cancelled = (tool: string) =>
  fail('COMMAND_CANCELLED', `${tool} was cancelled while waiting for the device's UI; nothing was sent`, {
    action_sent: false,
  });

/**
 * Runs `action` as this device's only UI writer; UI_BUSY (nothing sent) when the lock is not free in time. With
 * `lease`, also across processes (every real action passes it; without, in-process only).
 */
export async function withUiLock<T>(
  serial: string,
  tool: string,
  signal: AbortSignal,
  action: () => Promise<Result<T>>,
  waitMs: number = UI_LOCK_WAIT_MS,
  lease?: UiLease,
): Promise<Result<T>> {
  const deadline = Date.now() + waitMs;
  if (!(await acquire(serial, signal, waitMs)))
    return signal.aborted ? cancelled(tool) : busy(tool, serial, waitMs, null);
  let leased: Release | undefined;
  try {
    if (lease !== undefined) {
      let taken: LeaseWait;
      try {
        taken = await takeLease(lease, tool, signal, deadline);
      } catch (error) {
        return fail(
          'FILE_WRITE_FAILED',
          `${tool}: cannot take the device's UI lease in ${lease.folder}: ${String(error)}; nothing was sent`,
          { action_sent: false },
        );
      }
      if (taken.status === 'cancelled') return cancelled(tool);
      if (taken.status === 'held') return busy(tool, serial, waitMs, taken.owner);
      leased = taken.release;
    }
    return await action();
  } finally {
    if (leased !== undefined) await leased().catch(() => undefined);
    release(serial, slots.get(serial)!);
  }
}
