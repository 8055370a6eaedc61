// The held runs of this console (sequence:run with hold), by device: sequence:capture and sequence:release find them
// here, and the console's shutdown releases every one so no panel is left held.
import { fail, ok, type Result } from '../../shared/errors';
import type { HoldControl } from '../sequence/types';

interface Held {
  control: HoldControl;
  finished: Promise<unknown>;
}

export class HeldRuns {
  private readonly runs = new Map<string, Held>();

  /** Keeps `control` as the held run of `serial` until `finished` settles. */
  add(serial: string, control: HoldControl, finished: Promise<unknown>): void {
    const held: Held = { control, finished };
    this.runs.set(serial, held);
    void finished.finally(() => {
      if (this.runs.get(serial) === held) this.runs.delete(serial);
    });
  }

  /** The held runs of `serials` (every held run when omitted); SEQUENCE_NOT_HELD when there are none. */
  pick(serials: readonly string[] | undefined): Result<Array<{ serial: string; control: HoldControl }>> {
    const wanted = serials ?? [...this.runs.keys()];
    const found = wanted.flatMap((serial) => {
      const held = this.runs.get(serial);
      return held === undefined ? [] : [{ serial, control: held.control }];
    });
    if (found.length > 0) return ok(found);
    const which = serials === undefined ? 'any device' : serials.join(', ');
    return fail(
      'SEQUENCE_NOT_HELD',
      `No run holds its panel on ${which}: start one with "Run and hold" (sequence:run with hold), then capture.`,
      { serials: wanted, held: [...this.runs.keys()] },
    );
  }

  /** Releases every held run with `reason` and waits until each has cleared and finished. */
  async releaseAll(reason: 'user' | 'closed'): Promise<void> {
    const held = [...this.runs.values()];
    for (const run of held) run.control.release(reason);
    await Promise.allSettled(held.map((run) => run.finished));
  }
}
