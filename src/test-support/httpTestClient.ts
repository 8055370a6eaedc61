// Test helpers: real HTTP requests with full control of Host, Origin and body (fetch forbids setting Host).
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { expect } from 'vitest';
import type { Result } from '../shared/errors';
import { createLocalServer } from '../main/http/server';
import type { LocalServer, LocalServerOptions } from '../main/http/types';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface RawRequestOptions {
  method?: string;
  path: string;
  /** Defaults to `127.0.0.1:<port>`; pass null to send none. */
  host?: string | null;
  headers?: Record<string, string | number>;
  body?: string | Uint8Array;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Collects a response body. */
export function readResponse(response: IncomingMessage): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('error', reject);
    response.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: parse(text) });
    });
  });
}

/** One request to 127.0.0.1:`port` on a fresh connection. */
export function rawRequest(port: number, options: RawRequestOptions): Promise<RawResponse> {
  const headers: Record<string, string | number> = { ...options.headers };
  if (options.host !== null) headers.host = options.host ?? `127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers,
        agent: false,
        setHost: false,
      },
      (response) => readResponse(response).then(resolve, reject),
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The `{ code, message }` of an error body, failing the test when the body is not one. */
export function errorOf(response: RawResponse): {
  code: string;
  message: string;
  details?: Record<string, unknown>;
} {
  const body = response.json as { ok?: unknown; error?: { code: string; message: string } };
  expect(body.ok).toBe(false);
  expect(typeof body.error?.code).toBe('string');
  return body.error as { code: string; message: string };
}

/** Starts a server and fails the test if it does not start. */
export async function startServer(options: LocalServerOptions): Promise<LocalServer> {
  const result: Result<LocalServer> = await createLocalServer(options);
  if (!result.ok) throw new Error(`server did not start: ${result.error.code} ${result.error.message}`);
  return result.value;
}

export const TEST_TOKEN = 'test-token-0123456789abcdef';

/** A parsed server-sent event or comment line, in arrival order. */
export type StreamItem = { kind: 'event'; event: string; data: string } | { kind: 'comment'; text: string };

export interface EventStreamClient {
  status: number;
  headers: IncomingHttpHeaders;
  items: StreamItem[];
  /** Resolves once an item satisfies `predicate` (checking items already received first). */
  waitFor(predicate: (item: StreamItem) => boolean, timeoutMs?: number): Promise<StreamItem>;
  /** Resolves when the server ends the stream or the connection closes. */
  ended: Promise<void>;
  response: IncomingMessage;
  close(): void;
}

/** Opens an SSE stream (GET) and parses its items as they arrive. */
export function openEventStream(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, agent: false, headers: { accept: 'text/event-stream', ...headers } },
      (response) => {
        const items: StreamItem[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith(':')) items.push({ kind: 'comment', text: block.slice(1).trim() });
            else {
              const fields = new Map(
                block
                  .split('\n')
                  .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
              );
              items.push({
                kind: 'event',
                event: fields.get('event') ?? 'message',
                data: fields.get('data') ?? '',
              });
            }
          }
          for (const waiter of waiters) waiter();
        });
        const ended = new Promise<void>((done) => {
          response.on('end', done);
          response.on('close', done);
          response.on('error', () => done());
        });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          items,
          response,
          ended,
          close: () => request.destroy(),
          waitFor(predicate, timeoutMs = 5000) {
            return new Promise((found, missing) => {
              const check = (): void => {
                const item = items.find(predicate);
                if (item === undefined) return;
                waiters.delete(check);
                clearTimeout(timer);
                found(item);
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                missing(
                  new Error(`no matching stream item within ${timeoutMs} ms: ${JSON.stringify(items)}`),
                );
              }, timeoutMs);
              waiters.add(check);
              check();
            });
          },
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}
