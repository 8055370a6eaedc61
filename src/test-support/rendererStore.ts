// Test helpers: a fake console client (answers from a handler map, records calls, emits events on demand) and a
// store built on it. Used by unit tests only.
import type {
  ApiResult,
  ChannelInput,
  ChannelOutput,
  ConsoleChannel,
  ConsoleEventName,
  ConsoleEvents,
} from '../shared/api/contract';
import type { ConnectionState, ConsoleClient } from '../renderer/src/api/client';
import { INITIAL_DESIGN, type Design } from '../renderer/src/designer/design';
import { createConsoleStore, type ConsoleStore } from '../renderer/src/store/store';

export type Handlers = {
  [C in ConsoleChannel]?: (
    input: ChannelInput<C>,
  ) => ApiResult<ChannelOutput<C>> | Promise<ApiResult<ChannelOutput<C>>>;
};

export interface FakeClient extends ConsoleClient {
  calls: { channel: ConsoleChannel; input: unknown }[];
  handlers: Handlers;
  emit<E extends ConsoleEventName>(event: E, payload: ConsoleEvents[E]): void;
  setConnection(state: ConnectionState): void;
  callsTo(channel: ConsoleChannel): unknown[];
}

export function createFakeClient(handlers: Handlers = {}): FakeClient {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  const client: FakeClient = {
    transport: 'http',
    calls: [],
    handlers,
    async call(channel, input) {
      client.calls.push({ channel, input });
      const handler = client.handlers[channel] as ((input: unknown) => unknown) | undefined;
      if (handler === undefined) {
        return { ok: false, error: { code: 'NOT_FOUND', message: `no fake handler for ${channel}` } };
      }
      return (await handler(input)) as ApiResult<ChannelOutput<typeof channel>>;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      listener('connecting');
      return () => connectionListeners.delete(listener);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    setConnection(state) {
      for (const listener of connectionListeners) listener(state);
    },
    callsTo(channel) {
      return client.calls.filter((call) => call.channel === channel).map((call) => call.input);
    },
  };
  return client;
}

/** A store on a fake client with a controllable clock (advance `clock.now`). */
export function createTestStore(
  client: FakeClient,
  options: { design?: Design } = {},
): { store: ConsoleStore; clock: { now: number } } {
  const clock = { now: 1_000_000 };
  const store = createConsoleStore(
    {
      client,
      now: () => clock.now,
      nonce: () => 'abc1234',
    },
    options.design ?? INITIAL_DESIGN,
  );
  return { store, clock };
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
