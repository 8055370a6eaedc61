import { request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalServer } from './server';
import {
  errorOf,
  openEventStream,
  rawRequest,
  readResponse,
  startServer,
  TEST_TOKEN,
} from '../../test-support/httpTestClient';
import type { Route } from './types';

const ping: Route = {
  method: 'GET',
  path: '/ping',
  handler: async () => ({ status: 200, json: { ok: true } }),
};
const echo: Route = {
  method: 'POST',
  path: '/echo',
  handler: async (request) => ({ status: 200, json: { body: request.body ?? null } }),
};

function listeningServers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'TCPServerWrap').length;
}

function tcpHandles(): number {
  return process.getActiveResourcesInfo().filter((name) => name.startsWith('TCP')).length;
}

/** The TCP handle count once earlier tests' sockets have finished closing (unchanged for 200 ms). */
async function stableTcpHandles(): Promise<number> {
  let count = tcpHandles();
  for (let round = 0; round < 50; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (tcpHandles() === count) return count;
    count = tcpHandles();
  }
  return count;
}

async function settle(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('binding', () => {
  it('refuses non-loopback hosts before listening', async () => {
    const before = listeningServers();
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.20',
      '10.0.0.7',
      'example.com',
      '0177.0.0.1',
      '127.0.0.1.nip.io',
    ]) {
      const result = await createLocalServer({ host, token: TEST_TOKEN, routes: [ping] });
      expect(result.ok).toBe(false);
      if (result.ok) await result.value.close();
      else {
        expect(result.error.code).toBe('FORBIDDEN');
        expect(result.error.message).toContain(`Refusing to listen on ${host}`);
        expect(result.error.details).toEqual({ host });
      }
    }
    expect(listeningServers()).toBe(before);
  });

  it('accepts allowNonLoopback (exercised on 127.0.0.1 only)', async () => {
    const server = await startServer({
      host: '127.0.0.1',
      allowNonLoopback: true,
      token: TEST_TOKEN,
      publicPaths: ['/ping'],
      routes: [ping],
    });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect((await rawRequest(server.port, { path: '/ping' })).status).toBe(200);
    await server.close();
  });

  it('binds localhost and answers at its url', async () => {
    const server = await startServer({ host: 'localhost', token: null, routes: [ping] });
    expect(['127.0.0.1', '::1']).toContain(server.host);
    const response = await fetch(`${server.url}/ping`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    await server.close();
  });

  it('fails with LISTEN_FAILED when the port is taken', async () => {
    const first = await startServer({ token: null, routes: [ping] });
    const second = await createLocalServer({ port: first.port, token: null, routes: [ping] });
    expect(second.ok).toBe(false);
    if (!second.ok) {
      expect(second.error.code).toBe('LISTEN_FAILED');
      expect(second.error.details?.cause).toBe('EADDRINUSE');
    }
    await first.close();
  });

  it('refuses invalid options with USAGE or FILE_NOT_FOUND', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'androperator-http-'));
    const cases = [
      { options: { port: 70000, token: null, routes: [ping] }, code: 'USAGE' },
      { options: { port: 1.5, token: null, routes: [ping] }, code: 'USAGE' },
      { options: { token: 'short', routes: [ping] }, code: 'USAGE' },
      { options: { token: `${TEST_TOKEN} x`, routes: [ping] }, code: 'USAGE' },
      { options: { token: null, bodyLimitBytes: 0, routes: [ping] }, code: 'USAGE' },
      { options: { token: null, routes: [ping, ping] }, code: 'USAGE' },
      { options: { token: null, routes: [{ ...ping, path: 'ping' }] }, code: 'USAGE' },
      {
        options: { token: null, staticDirectory: join(directory, 'absent'), routes: [ping] },
        code: 'FILE_NOT_FOUND',
      },
    ];
    for (const { options, code } of cases) {
      const result = await createLocalServer(options);
      expect(result.ok ? 'started' : result.error.code).toBe(code);
      if (result.ok) await result.value.close();
    }
    rmSync(directory, { recursive: true });
  });
});

describe('body limit', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const headers = { host: '', authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' };

  afterAll(() => server?.close());

  it('answers 413 from the declared length before any body byte is sent', async () => {
    server = await startServer({ token: TEST_TOKEN, routes: [echo] });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/echo',
        agent: false,
        headers: { ...headers, host: `127.0.0.1:${server.port}`, 'content-length': 2 * 1024 * 1024 },
      });
      request.on('response', resolve);
      request.on('error', reject);
      request.flushHeaders();
    });
    const result = await readResponse(response);
    expect(result.status).toBe(413);
    expect(errorOf(result).code).toBe('PAYLOAD_TOO_LARGE');
    expect(result.headers.connection).toBe('close');
  });

  it('stops reading a streamed 2 MB body once it passes the limit and answers 413 early', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const total = 2 * 1024 * 1024;
    let sent = 0;
    let sentWhenAnswered = -1;
    const result = await new Promise<Awaited<ReturnType<typeof readResponse>>>((resolve, reject) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/echo',
        agent: false,
        headers: { ...headers, host: `127.0.0.1:${server.port}`, 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response) => {
        sentWhenAnswered = sent;
        readResponse(response).then(resolve, reject);
      });
      // The server closes the connection after answering; the rest of our upload fails by design.
      request.on('error', () => undefined);
      const pump = (): void => {
        if (sentWhenAnswered >= 0 || sent >= total) return void request.end();
        sent += chunk.byteLength;
        request.write(chunk, () => setTimeout(pump, 20));
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(errorOf(result).message).toContain('102400 bytes');
    expect(sentWhenAnswered).toBeGreaterThan(100 * 1024);
    expect(sentWhenAnswered).toBeLessThanOrEqual(1024 * 1024);
  });

  it('uses bodyLimitBytes when given', async () => {
    const small = await startServer({ token: null, bodyLimitBytes: 10, routes: [echo] });
    const json = { 'content-type': 'application/json' };
    const fits = await rawRequest(small.port, {
      method: 'POST',
      path: '/echo',
      headers: json,
      body: '[1,2,3,45]',
    });
    expect(fits.status).toBe(200);
    const over = await rawRequest(small.port, {
      method: 'POST',
      path: '/echo',
      headers: json,
      body: '[1,2,3,456]',
    });
    expect(over.status).toBe(413);
    await small.close();
  });
});

describe('close', () => {
  it('ends SSE streams, finishes in-flight requests and leaves no socket open', async () => {
    const baseline = await stableTcpHandles();
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    // Closing must find the request in its handler: a socket that is merely connected is not enough on a busy
    // machine (release would run before the handler assigned it, and the request would never end).
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    const slow: Route = {
      method: 'GET',
      path: '/slow',
      handler: () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, json: { done: true } });
          started();
        }),
    };
    const events: Route = {
      method: 'GET',
      path: '/events',
      handler: async () => ({ status: 200, stream: { kind: 'sse' } }),
    };
    const server = await startServer({ token: null, routes: [ping, slow, events], closeGraceMs: 10_000 });
    const streams = [
      await openEventStream(server.port, '/events'),
      await openEventStream(server.port, '/events'),
    ];
    await Promise.all(streams.map((stream) => stream.waitFor((item) => item.kind === 'event')));
    const inFlight = rawRequest(server.port, { path: '/slow' });
    await slowStarted;
    expect(server.connections()).toBe(3);
    expect(server.streams()).toBe(2);

    const closingAt = Date.now();
    const closed = server.close();
    expect(server.close()).toBe(closed);
    release();
    const slowResponse = await inFlight;
    expect(slowResponse.json).toEqual({ done: true });
    expect(slowResponse.headers.connection).toBe('close');
    await closed;
    await Promise.all(streams.map((stream) => stream.ended));
    // Well under the 10 s grace: nothing had to be destroyed by force.
    expect(Date.now() - closingAt).toBeLessThan(5000);
    expect(server.connections()).toBe(0);
    expect(server.streams()).toBe(0);
    await settle(() => tcpHandles() === baseline);
    expect(tcpHandles()).toBe(baseline);
  });

  it('destroys a request that outlives the grace period', async () => {
    const stuck: Route = { method: 'GET', path: '/stuck', handler: () => new Promise(() => undefined) };
    const server = await startServer({ token: null, routes: [stuck], closeGraceMs: 100 });
    const pending = rawRequest(server.port, { path: '/stuck' }).then(
      () => 'answered',
      () => 'reset',
    );
    await settle(() => server.connections() === 1);
    await server.close();
    expect(server.connections()).toBe(0);
    expect(await pending).toBe('reset');
  });
});
