import { afterEach, describe, expect, it } from 'vitest';
import { formatSseEvent, isValidEventName } from './sse';
import {
  openEventStream,
  rawRequest,
  startServer,
  TEST_TOKEN,
  type EventStreamClient,
} from '../../test-support/httpTestClient';
import type { LocalServer, Route } from './types';

const events: Route = {
  method: 'GET',
  path: '/events',
  handler: async () => ({
    status: 200,
    stream: { kind: 'sse', initialEvents: [{ event: 'devices:changed', data: [] }] },
  }),
};

let server: LocalServer | undefined;
const clients: EventStreamClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.close();
  server = undefined;
});

async function open(path = `/events?token=${TEST_TOKEN}`): Promise<EventStreamClient> {
  if (server === undefined) throw new Error('no server');
  const client = await openEventStream(server.port, path);
  clients.push(client);
  return client;
}

describe('formatSseEvent', () => {
  it('frames JSON data on one data line', () => {
    expect(formatSseEvent('run:progress', { text: 'a\nb\r\nc' })).toBe(
      'event: run:progress\ndata: {"text":"a\\nb\\r\\nc"}\n\n',
    );
    expect(formatSseEvent('x', undefined)).toBe('event: x\ndata: null\n\n');
  });

  it('rejects event names that could break the framing', () => {
    for (const name of ['', 'a\nb', 'a\rdata: x', 'has space', 'x'.repeat(129)]) {
      expect(isValidEventName(name)).toBe(false);
      expect(() => formatSseEvent(name, 1)).toThrow(RangeError);
    }
  });
});

describe('SSE streams', () => {
  it('starts with the CONNECTED heartbeat, then the initial events, with stream headers', async () => {
    server = await startServer({ token: TEST_TOKEN, routes: [events] });
    const client = await open();
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-store');
    await client.waitFor((item) => item.kind === 'event' && item.event === 'devices:changed');
    expect(client.items.slice(0, 2)).toEqual([
      {
        kind: 'event',
        event: 'heartbeat',
        data: '{"code":"CONNECTED","message":"Androperator SSE stream active"}',
      },
      { kind: 'event', event: 'devices:changed', data: '[]' },
    ]);
  });

  it('needs the token like any other path', async () => {
    server = await startServer({ token: TEST_TOKEN, routes: [events] });
    const response = await rawRequest(server.port, { path: '/events' });
    expect(response.status).toBe(401);
    expect(server.streams()).toBe(0);
  });

  it('delivers a broadcast to every client and forgets clients that disconnect', async () => {
    server = await startServer({ token: TEST_TOKEN, routes: [events] });
    const first = await open();
    const second = await open();
    await Promise.all([first, second].map((client) => client.waitFor((item) => item.kind === 'event')));
    expect(server.streams()).toBe(2);
    expect(server.broadcast('run:progress', { step: 1, note: 'ü' })).toBe(2);
    for (const client of [first, second]) {
      const item = await client.waitFor(
        (candidate) => candidate.kind === 'event' && candidate.event === 'run:progress',
      );
      expect(item).toEqual({ kind: 'event', event: 'run:progress', data: '{"step":1,"note":"ü"}' });
    }
    first.close();
    const running = server;
    await expect.poll(() => running.streams()).toBe(1);
    expect(server.broadcast('run:progress', { step: 2 })).toBe(1);
    await second.waitFor((item) => item.kind === 'event' && item.data === '{"step":2}');
    expect(() => server?.broadcast('bad name', 1)).toThrow(RangeError);
  });

  it('sends a comment ping at the configured interval', async () => {
    server = await startServer({ token: TEST_TOKEN, routes: [events], ssePingIntervalMs: 30 });
    const client = await open();
    const ping = await client.waitFor((item) => item.kind === 'comment');
    expect(ping).toEqual({ kind: 'comment', text: 'ping' });
  });

  it('drops a client that stops reading instead of buffering without bound', async () => {
    server = await startServer({ token: TEST_TOKEN, routes: [events], sseMaxBufferedBytes: 64 * 1024 });
    const reader = await open();
    const stalled = await open();
    await Promise.all([reader, stalled].map((client) => client.waitFor((item) => item.kind === 'event')));
    stalled.response.pause();
    let received = 0;
    reader.response.on('data', (chunk: string) => (received += chunk.length));
    const payload = 'x'.repeat(60 * 1024);
    let sent = 0;
    // Yield between broadcasts so the reading client drains; the paused one fills its socket buffers.
    while (server.streams() === 2 && sent < 2000) {
      server.broadcast('bulk', payload);
      sent += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.streams()).toBe(1);
    // Reading again lets the stalled client reach the end of what was sent before the server cut it off.
    stalled.response.resume();
    await stalled.ended;
    expect(server.broadcast('after', 1)).toBe(1);
    await reader.waitFor((item) => item.kind === 'event' && item.event === 'after', 10_000);
    expect(received).toBeGreaterThan(sent * payload.length);
  });
});
