// One UI writer per device: a per-serial lock held for a whole action (read, approval, re-read, send, verification),
// so two actions on one device never interleave. A second caller waits its turn up to UI_LOCK_WAIT_MS (the
// reference's lease waits 10 s), then fails with UI_BUSY. In-process only: the console, the CLI and an MCP server
// in other processes are not serialised against each other yet (see docs/ui-loop.md).
import { fail, type Result } from '../../../shared/errors';

export const UI_LOCK_WAIT_MS = 10_000;

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

function release(serial: string, slot: Slot): void {
  const next = slot.queue.shift();
  if (next !== undefined) next();
  else {
    slot.held = false;
    slots.delete(serial);
  }
}

/** Waits for the lock; false when the wait timed out or was cancelled (the waiter is then out of the queue). */
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
    const timer = setTimeout(giveUp, waitMs);
    signal.addEventListener('abort', giveUp);
    current.queue.push(granted);
  });
}

/** Runs `action` as this device's only UI writer; UI_BUSY (nothing sent) when the lock is not free in time. */
export async function withUiLock<T>(
  serial: string,
  tool: string,
  signal: AbortSignal,
  action: () => Promise<Result<T>>,
  waitMs: number = UI_LOCK_WAIT_MS,
): Promise<Result<T>> {
  if (!(await acquire(serial, signal, waitMs)))
    return signal.aborted
      ? fail('COMMAND_CANCELLED', `${tool} was cancelled while waiting for the device's UI; nothing was sent`)
      : fail(
          'UI_BUSY',
          `UI busy with another task: ${tool} waited ${waitMs} ms for another UI action on ${serial} to finish; nothing was sent`,
          { device: serial, waited_ms: waitMs },
          'wait for the other action (it may be waiting for approval), then retry',
        );
  try {
    return await action();
  } finally {
    release(serial, slots.get(serial)!);
  }
}
