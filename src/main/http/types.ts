// Public types of the local HTTP server shared by the web console API and the Serve API.
import type { IncomingHttpHeaders } from 'node:http';

export type RouteMethod = 'GET' | 'POST' | 'DELETE';

/** A request after the security checks: the token has been verified and removed from query and headers. */
export interface ParsedRequest {
  method: RouteMethod;
  /** The raw (still percent-encoded) path, without the query. */
  path: string;
  /** Decoded `:name` parameters of a pattern route. */
  params: Readonly<Record<string, string>>;
  /** Query parameters, without `token`. */
  query: URLSearchParams;
  /** Parsed JSON, or undefined when the request had no body. */
  body: unknown;
  /** Request headers without `authorization` and `cookie` (they may carry the token). */
  headers: Readonly<IncomingHttpHeaders>;
  remoteAddress: string;
}

/** One event to send on a server-sent-events stream. */
export interface SseEvent {
  event: string;
  data: unknown;
}

/** Asks the server to keep the response open as an SSE stream that receives every `broadcast`. */
export interface SseStream {
  kind: 'sse';
  /** Sent to this client only, right after the CONNECTED heartbeat (e.g. the current device list). */
  initialEvents?: readonly SseEvent[];
}

export type RouteResponse =
  | { status: number; json: unknown }
  | { status: number; stream: SseStream }
  | {
      status: number;
      bytes: Uint8Array;
      contentType: string;
      /** Sent as `Content-Disposition: attachment`, so a browser saves the bytes under this name. */
      downloadName?: string;
    };

export interface Route {
  method: RouteMethod;
  /**
   * An exact path ('/ping') or a Fastify pattern with `:name` parameters ('/api/:channel', '/files/:name.txt');
   * parameters are percent-decoded.
   */
  path: string;
  handler(request: ParsedRequest): Promise<RouteResponse>;
}

export interface LocalServerOptions {
  /** Default 127.0.0.1. Anything not loopback is refused unless `allowNonLoopback`. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  allowNonLoopback?: boolean;
  /** The bearer token every non-public path needs; null turns authentication off (tests only). */
  token: string | null;
  /** Exact paths that need no token, e.g. ['/ping']. */
  publicPaths?: readonly string[];
  /** Where a user finds the token, appended to 401 messages (e.g. "~/.androperator/token"). */
  tokenLocation?: string;
  /** Default 100 * 1024. */
  bodyLimitBytes?: number;
  /** A built web app (index.html + assets) served for GET paths no route claims. */
  staticDirectory?: string;
  /** Path prefixes that never fall back to index.html (default ['/api/']). */
  apiPrefixes?: readonly string[];
  routes: readonly Route[];
  /** Default 15000: interval of the `: ping` comment on SSE streams. */
  ssePingIntervalMs?: number;
  /** Default 1 MiB: an SSE client whose unsent output exceeds this is disconnected. */
  sseMaxBufferedBytes?: number;
  /** Default 1000: how long close() lets in-flight requests finish before destroying their sockets. */
  closeGraceMs?: number;
  /** Called with whatever a handler threw (the client only sees INTERNAL_ERROR); use it to log. */
  onHandlerError?: (error: unknown, request: { method: string; path: string }) => void;
}

export interface LocalServer {
  /** e.g. http://127.0.0.1:53121 (no trailing slash). */
  url: string;
  port: number;
  /** The address actually bound, e.g. 127.0.0.1 or ::1. */
  host: string;
  /** Stops listening, ends SSE streams and resolves once every socket is closed. Idempotent. */
  close(): Promise<void>;
  /** Sends one event (JSON data) to every SSE client; returns how many clients it was written to. */
  broadcast(event: string, data: unknown): number;
  /** Open TCP connections (including SSE streams). */
  connections(): number;
  /** Open SSE streams. */
  streams(): number;
}
