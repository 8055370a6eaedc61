// How long a stopping server (serve, the console) lets requests in flight finish before it cuts them.
import { ENVELOPE_WAIT_BUFFER_MS, MAX_TIMEOUT_MS } from '../../shared/execution/limits';

/** Host work after the envelope (screencap, PNG writing), as the CLI's daemon client allows for it. */
const POST_PROCESSING_MARGIN_MS = 15_000;

/**
 * The close grace of a server that runs device calls: the longest execution timeout, its envelope wait and the
 * host work after it. Every call ends within its own timeout, so a stop waits only as long as the calls need; the
 * grace only bounds a call that overstays it.
 */
export const IN_FLIGHT_GRACE_MS = MAX_TIMEOUT_MS + ENVELOPE_WAIT_BUFFER_MS + POST_PROCESSING_MARGIN_MS;

/** Calls in progress through an API object, so a stop can wait for their answers before closing the devices. */
export class InFlightCalls {
  private readonly pending = new Set<Promise<unknown>>();

  /** `api` with every method counted while its promise is pending. */
  track<T extends Record<string, (input: never) => Promise<unknown>>>(api: T): T {
    const tracked: Record<string, unknown> = {};
    for (const [name, method] of Object.entries(api)) {
      tracked[name] = (input: never) => {
        const call = method.call(api, input);
        this.pending.add(call);
        void call.finally(() => this.pending.delete(call)).catch(() => undefined);
        return call;
      };
    }
    return tracked as T;
  }

  /** How many calls are pending. */
  get size(): number {
    return this.pending.size;
  }

  /** Resolves once every call pending now has settled, or after `limitMs`. */
  async settled(limitMs = IN_FLIGHT_GRACE_MS): Promise<void> {
    if (this.pending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
    await Promise.race([Promise.allSettled([...this.pending]), limit]);
    clearTimeout(timer);
  }
}
