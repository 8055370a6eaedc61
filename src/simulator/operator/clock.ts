// Time source of the simulated Operator; tests drive a fake one.

export type TimerHandle = { readonly id: number };

export interface Clock {
  /** Monotonic milliseconds (elapsedRealtime). */
  now(): number;
  setTimer(callback: () => void, delayMs: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

export const systemClock: Clock = (() => {
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let next = 1;
  return {
    now: () => performance.now(),
    setTimer(callback, delayMs) {
      const id = next++;
      timers.set(
        id,
        setTimeout(
          () => {
            timers.delete(id);
            callback();
          },
          Math.max(0, delayMs),
        ),
      );
      return { id };
    },
    clearTimer(handle) {
      const timer = timers.get(handle.id);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(handle.id);
    },
  };
})();

/** A manual clock for tests: time moves only through advance(). */
export class FakeClock implements Clock {
  private time = 0;
  private next = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    const id = this.next++;
    this.timers.set(id, { at: this.time + Math.max(0, delayMs), callback });
    return { id };
  }

  clearTimer(handle: TimerHandle): void {
    this.timers.delete(handle.id);
  }

  /** Moves time forward, firing due timers in order (awaiting microtasks between them). */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await flushMicrotasks();
      let dueId = -1;
      let dueAt = Infinity;
      for (const [id, timer] of this.timers) {
        if (timer.at <= target && timer.at < dueAt) {
          dueAt = timer.at;
          dueId = id;
        }
      }
      if (dueId < 0) break;
      const timer = this.timers.get(dueId);
      this.timers.delete(dueId);
      this.time = dueAt;
      timer?.callback();
    }
    this.time = target;
    await flushMicrotasks();
  }

  get pendingTimers(): number {
    return this.timers.size;
  }
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}
