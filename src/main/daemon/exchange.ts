// One HTTP exchange with a daemon that tells "never sent" apart from "sent, answer lost" (the no-replay rule).
import { request as httpRequest } from 'node:http';

/** How one exchange ended. */
export type Exchange =
  /** The connection was never established: nothing reached the daemon. */
  | { kind: 'not_sent'; cause: string }
  | { kind: 'answered'; status: number; text: string; json: unknown }
  /** The request may have reached the daemon, but no complete answer came back. */
  | { kind: 'lost'; cause: string };

export interface ExchangeOptions {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  /** Sent as application/json. */
  body?: unknown;
  /** Whole exchange: connect, send, wait, read. */
  timeoutMs: number;
}

/** Answers larger than this are not daemon answers (an envelope with a UI snapshot is a few MB at most). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function causeOf(error: unknown): string {
  if (error instanceof Error && 'code' in error) return String(error.code);
  return error instanceof Error ? error.message : String(error);
}

/** Runs one request against `baseUrl` (http://host:port) on a fresh connection; never throws. */
export function exchange(baseUrl: string, options: ExchangeOptions): Promise<Exchange> {
  return new Promise((resolve) => {
    let base: URL;
    try {
      base = new URL(baseUrl);
    } catch {
      resolve({ kind: 'not_sent', cause: `invalid daemon URL ${baseUrl}` });
      return;
    }
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string | number> = { host: base.host, accept: 'application/json' };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    let connected = false;
    let settled = false;
    const settle = (outcome: Exchange): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    // Why the connect event decides: before it, no byte can have reached the daemon; after it, the body may have.
    const failed = (cause: string): void =>
      settle(connected ? { kind: 'lost', cause } : { kind: 'not_sent', cause });
    const request = httpRequest({
      host: base.hostname.replace(/^\[|\]$/g, ''),
      port: base.port === '' ? 80 : Number(base.port),
      method: options.method,
      path: options.path,
      headers,
      agent: false,
      setHost: false,
    });
    const timer = setTimeout(() => {
      failed(`no answer within ${options.timeoutMs} ms`);
      request.destroy();
    }, options.timeoutMs);
    request.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    request.on('error', (error) => failed(causeOf(error)));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          failed(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
          request.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', (error) => failed(causeOf(error)));
      response.on('aborted', () => failed('the connection closed while the answer was read'));
      response.on('end', () => {
        if (!response.complete) return failed('the connection closed while the answer was read');
        const text = Buffer.concat(chunks).toString('utf8');
        settle({ kind: 'answered', status: response.statusCode ?? 0, text, json: parseJson(text) });
      });
    });
    request.end(payload);
  });
}
