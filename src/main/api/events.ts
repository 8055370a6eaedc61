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

  /** Returns the unsubscribe function. */
  subscribe(listener: ConsoleEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
