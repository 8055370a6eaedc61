// The console's push events (devices:changed, run:progress, execution:finished) as one typed fan-out.
import type { ConsoleEventName, ConsoleEvents } from '../../shared/api/contract';

/** One event with its payload; `event` discriminates the union. */
export type ConsoleEventMessage = {
  [E in ConsoleEventName]: { event: E; payload: ConsoleEvents[E] };
}[ConsoleEventName];

export type ConsoleEventListener = (message: ConsoleEventMessage) => void;

/** Fans events out to the transports (IPC to the window, SSE to browsers); a throwing listener is ignored. */
export class ConsoleEventBus {
  private readonly listeners = new Set<ConsoleEventListener>();
  private readonly audiences = new Map<ConsoleEventListener, () => number>();

  emit<E extends ConsoleEventName>(event: E, payload: ConsoleEvents[E]): void {
    // Why the cast: TypeScript cannot correlate E with the mapped union member; the signature guarantees it.
    const message = { event, payload } as ConsoleEventMessage;
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch {
        // A closed window or a dropped stream must not stop the run that emitted the event.
      }
    }
  }

  /**
   * Returns the unsubscribe function. `audience` says how many console pages the listener reaches right now (an
   * open window: 1, a browser transport: its event streams); the approval dialog is only asked for when some are.
   */
  subscribe(listener: ConsoleEventListener, audience?: () => number): () => void {
    this.listeners.add(listener);
    if (audience !== undefined) this.audiences.set(listener, audience);
    return () => {
      this.listeners.delete(listener);
      this.audiences.delete(listener);
    };
  }

  /** How many console pages receive events now (listeners without an audience count none). */
  audience(): number {
    let total = 0;
    for (const count of this.audiences.values()) {
      try {
        total += Math.max(0, count());
      } catch {
        // A transport that cannot say reaches no one.
      }
    }
    return total;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
