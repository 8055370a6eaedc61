// The only module that talks to the console API: Electron IPC through the preload's window.androperator when
// present, else HTTP (POST /api/<channel>) and server-sent events (/api/events) against the local server.
import {
  CONSOLE_EVENTS,
  type ApiResult,
  type ChannelInput,
  type ChannelOutput,
  type ConsoleChannel,
  type ConsoleEventName,
  type ConsoleEvents,
} from '../../../shared/api/contract';
import { parseApiResult, parseChannelResult, parseEventPayload, unreachableError } from './apiResult';

export type ConnectionState = 'connecting' | 'open' | 'lost';

type Listener<E extends ConsoleEventName> = (payload: ConsoleEvents[E]) => void;

/** The console API as the renderer uses it. */
export interface ConsoleClient {
  readonly transport: 'ipc' | 'http';
  call<C extends ConsoleChannel>(channel: C, input: ChannelInput<C>): Promise<ApiResult<ChannelOutput<C>>>;
  on<E extends ConsoleEventName>(event: E, listener: Listener<E>): () => void;
  /** Live-event connection state; IPC is always open. Called at once with the current state. */
  onConnection(listener: (state: ConnectionState) => void): () => void;
  /** HTTP only: GETs a download route (e.g. exportDownloadPath) with the session's token; errors as ApiResults. */
  download?(path: string): Promise<ApiResult<Blob>>;
}

/** What the preload exposes: one function per channel plus `on`. */
export interface PreloadBridge {
  on(event: string, listener: (payload: unknown) => void): () => void;
  [channel: string]: unknown;
}

/** The EventSource features the client uses. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

/** The browser globals the HTTP transport needs, injectable for tests. */
export interface BrowserEnvironment {
  fetch: (
    url: string,
    init: RequestInit,
  ) => Promise<{ status: number; json(): Promise<unknown>; blob?(): Promise<Blob> }>;
  createEventSource: (url: string) => EventSourceLike;
  location: { pathname: string; search: string; hash: string };
  history: { replaceState(data: unknown, unused: string, url?: string): void };
  setTimeout: (callback: () => void, ms: number) => unknown;
}

const EVENT_SOURCE_CLOSED = 2;
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000];

/** Takes `?token=` from the address, removes it from the address bar (history.replaceState), returns it. */
export function takeTokenFromAddress(
  environment: Pick<BrowserEnvironment, 'location' | 'history'>,
): string | null {
  const { location, history } = environment;
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (token === null) return null;
  params.delete('token');
  const search = params.toString();
  history.replaceState(null, '', `${location.pathname}${search === '' ? '' : `?${search}`}${location.hash}`);
  return token === '' ? null : token;
}

class ListenerSet {
  private readonly listeners = new Map<ConsoleEventName, Set<(payload: unknown) => void>>();

  add(event: ConsoleEventName, listener: (payload: unknown) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  emit(event: ConsoleEventName, raw: unknown): void {
    const payload = parseEventPayload(event, raw);
    if (payload === null) return;
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
}

/** A client over the Electron preload bridge. */
export function createIpcClient(bridge: PreloadBridge): ConsoleClient {
  return {
    transport: 'ipc',
    async call(channel, input) {
      const method = bridge[channel];
      if (typeof method !== 'function') {
        return {
          ok: false,
          error: { code: 'NOT_FOUND', message: `The desktop shell has no channel ${channel}.` },
        };
      }
      try {
        return parseChannelResult(
          channel,
          await (method as (input: unknown) => Promise<unknown>)(input),
          200,
        );
      } catch (cause) {
        return { ok: false, error: unreachableError(cause) };
      }
    },
    on(event, listener) {
      return bridge.on(event, (raw) => {
        const payload = parseEventPayload(event, raw);
        if (payload !== null) listener(payload);
      });
    },
    onConnection(listener) {
      listener('open');
      return () => undefined;
    },
  };
}

/** A client over HTTP and SSE; `token` (from the first page load) goes in a Bearer header and the SSE URL. */
export function createHttpClient(environment: BrowserEnvironment, token: string | null): ConsoleClient {
  const listeners = new ListenerSet();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  let connection: ConnectionState = 'connecting';
  let source: EventSourceLike | null = null;
  let failures = 0;

  const setConnection = (state: ConnectionState): void => {
    if (state === connection) return;
    connection = state;
    for (const listener of connectionListeners) listener(state);
  };

  const open = (): void => {
    const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
    const current = environment.createEventSource(`/api/events${query}`);
    source = current;
    current.addEventListener('open', () => {
      failures = 0;
      setConnection('open');
    });
    current.addEventListener('error', () => {
      if (current.readyState !== EVENT_SOURCE_CLOSED) {
        setConnection('connecting');
        return;
      }
      // Why a manual retry: EventSource gives up for good after an HTTP error (a restarted server answers 401
      // until the cookie is re-sent), but the console should come back on its own once the server does.
      setConnection('lost');
      current.close();
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 10000;
      failures += 1;
      environment.setTimeout(() => {
        if (source === current) open();
      }, delay);
    });
    for (const event of CONSOLE_EVENTS) {
      current.addEventListener(event, (message) => {
        if (typeof message.data !== 'string') return;
        let raw: unknown;
        try {
          raw = JSON.parse(message.data);
        } catch {
          return;
        }
        listeners.emit(event, raw);
      });
    }
  };

  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;

  return {
    transport: 'http',
    async call(channel, input) {
      let response: { status: number; json(): Promise<unknown> };
      try {
        response = await environment.fetch(`/api/${channel}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(input),
          credentials: 'same-origin',
        });
      } catch (cause) {
        return { ok: false, error: unreachableError(cause) };
      }
      const body: unknown = await response.json().catch(() => undefined);
      return parseChannelResult(channel, body, response.status);
    },
    async download(path) {
      try {
        const response = await environment.fetch(path, {
          method: 'GET',
          headers: token === null ? {} : { Authorization: `Bearer ${token}` },
          credentials: 'same-origin',
        });
        if (response.status === 200 && response.blob !== undefined)
          return { ok: true, value: await response.blob() };
        const body: unknown = await response.json().catch(() => undefined);
        const parsed = parseApiResult(body, response.status);
        return parsed.ok
          ? {
              ok: false,
              error: { code: 'INTERNAL_ERROR', message: `The download answered HTTP ${response.status}` },
            }
          : parsed;
      } catch (cause) {
        return { ok: false, error: unreachableError(cause) };
      }
    },
    on(event, listener) {
      if (source === null) open();
      return listeners.add(event, listener as (payload: unknown) => void);
    },
    onConnection(listener) {
      if (source === null) open();
      connectionListeners.add(listener);
      listener(connection);
      return () => connectionListeners.delete(listener);
    },
  };
}

function isPreloadBridge(value: unknown): value is PreloadBridge {
  return typeof value === 'object' && value !== null && typeof (value as { on?: unknown }).on === 'function';
}

/** The client for this page: IPC inside Electron, HTTP + SSE in a browser. */
export function createConsoleClient(): ConsoleClient {
  const bridge: unknown = (window as unknown as { androperator?: unknown }).androperator;
  if (isPreloadBridge(bridge)) return createIpcClient(bridge);
  const environment: BrowserEnvironment = {
    fetch: (url, init) => window.fetch(url, init),
    createEventSource: (url) => new EventSource(url, { withCredentials: true }),
    location: window.location,
    history: window.history,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  };
  return createHttpClient(environment, takeTokenFromAddress(environment));
}
