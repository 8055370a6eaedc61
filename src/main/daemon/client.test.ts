// Locating a daemon and interpreting its answer, against small HTTP servers standing in for it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Execution } from '../../shared/execution/types';
import { freePort } from '../../test-support/isolatedAdb';
import { createDaemonProxy, interpretAnswer, locateDaemon } from './client';
import { writeDiscovery } from './discovery';
import { daemonDirectory } from '../../node/env/dataFolder';

const TOKEN = 'test-token-0123456789abcdef';
const EXECUTION: Execution = {
  commandId: 'c1',
  taskId: 't1',
  source: 'test',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 1000,
  actions: [{ id: 'a1', type: 'clear_on_screen_log' }],
};
const ENVELOPE = { commandId: 'c1', taskId: 't1', status: 'success', stepResults: [], error: null };

let directory: string;
let server: Server | undefined;
const executeBodies: unknown[] = [];

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-daemon-client-'));
  executeBodies.length = 0;
});

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
  server = undefined;
  await rm(directory, { recursive: true, force: true });
});

type ExecuteHandler = (response: ServerResponse, body: unknown, request: IncomingMessage) => void;

/** A stand-in daemon: /ping, /version (with the token) and /execute answered by `onExecute`. */
async function fakeDaemon(onExecute: ExecuteHandler, version = '9.9.9'): Promise<string> {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/ping') return void response.end('{"ok":true}');
      if (request.headers.authorization !== `Bearer ${TOKEN}`) {
        response.writeHead(401).end('{"ok":false,"error":{"code":"UNAUTHORIZED","message":"no"}}');
        return;
      }
      if (request.url === '/version') return void response.end(JSON.stringify({ version }));
      const body: unknown = JSON.parse(text);
      executeBodies.push(body);
      onExecute(response, body, request);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  await writeDiscovery(directory, { url, token: TOKEN, pid: process.pid, version, startedAt: 'now' });
  return url;
}

const answerWith =
  (status: number, body: unknown): ExecuteHandler =>
  (response) =>
    void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('locateDaemon', () => {
  it('is absent without a discovery file', async () => {
    expect(await locateDaemon({ home: directory, version: '9.9.9' })).toEqual({
      kind: 'absent',
      reason: 'no daemon is registered',
    });
  });

  it('is absent when the registered pid is gone', async () => {
    await writeDiscovery(directory, {
      url: 'http://127.0.0.1:1',
      token: TOKEN,
      pid: 2 ** 22 + 17,
      version: '9.9.9',
      startedAt: 'now',
    });
    expect(await locateDaemon({ home: directory, version: '9.9.9' })).toMatchObject({
      kind: 'absent',
      reason: expect.stringContaining('is gone'),
    });
  });

  it('is absent when nothing listens at the registered address', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    await writeDiscovery(directory, {
      url,
      token: TOKEN,
      pid: process.pid,
      version: '9.9.9',
      startedAt: 'now',
    });
    expect(await locateDaemon({ home: directory, version: '9.9.9' })).toEqual({
      kind: 'absent',
      reason: `${url}/ping did not answer`,
    });
  });

  it('is absent when the daemon runs another version', async () => {
    await fakeDaemon(answerWith(200, {}), '1.0.0');
    expect(await locateDaemon({ home: directory, version: '9.9.9' })).toMatchObject({
      kind: 'absent',
      reason: expect.stringMatching(
        /^the daemon at http:\/\/127\.0\.0\.1:\d+ runs version "1\.0\.0", this CLI 9\.9\.9$/,
      ),
    });
  });

  it('removes the entry of a live pid whose address refuses connections, and finds none', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    await writeDiscovery(directory, {
      url,
      token: TOKEN,
      pid: process.pid,
      version: '9.9.9',
      startedAt: 'now',
    });
    expect((await locateDaemon({ home: directory, version: '9.9.9' })).kind).toBe('absent');
    expect(await readdir(daemonDirectory(directory))).toEqual([]);
  });

  it('passes over a newer server that is gone to an older one that still answers', async () => {
    const url = await fakeDaemon(answerWith(200, {}));
    const gone = `http://127.0.0.1:${await freePort()}`;
    const record = { token: TOKEN, pid: process.pid, version: '9.9.9' };
    await writeDiscovery(directory, { ...record, url, startedAt: '2026-01-01T00:00:00.000Z' });
    await writeDiscovery(directory, { ...record, url: gone, startedAt: '2026-01-01T00:05:00.000Z' });
    expect(await locateDaemon({ home: directory, version: '9.9.9' })).toMatchObject({
      kind: 'found',
      record: { url },
    });
  });

  it('finds a live daemon of the same version', async () => {
    const url = await fakeDaemon(answerWith(200, {}));
    expect(await locateDaemon({ home: directory, version: '9.9.9' })).toMatchObject({
      kind: 'found',
      record: { url, token: TOKEN },
    });
  });
});

describe('interpretAnswer', () => {
  it('returns the outcome of a 200 success body', () => {
    const body = { ok: true, deviceId: 'd1', terminalSource: 'androperator_result', envelope: ENVELOPE };
    expect(interpretAnswer(EXECUTION, 'u', 200, body)).toEqual({
      ok: true,
      value: { deviceId: 'd1', terminalSource: 'androperator_result', envelope: ENVELOPE },
    });
  });

  it("returns the daemon's error for a non-200 error body", () => {
    const body = {
      ok: false,
      error: { code: 'EXECUTION_CONFLICT_IN_FLIGHT', message: 'busy', details: { a: 1 } },
    };
    expect(interpretAnswer(EXECUTION, 'u', 423, body)).toEqual({
      ok: false,
      error: { code: 'EXECUTION_CONFLICT_IN_FLIGHT', message: 'busy', details: { a: 1 } },
    });
  });

  it.each([
    ['a 200 without an envelope', 200, { ok: true, deviceId: 'd1', terminalSource: 'androperator_result' }],
    ['a 200 error body', 200, { ok: false, error: { code: 'NO_DEVICES', message: 'x' } }],
    ['an unknown error code', 500, { ok: false, error: { code: 'SOMETHING_ELSE', message: 'x' } }],
    ['a body that is not JSON', 502, undefined],
  ])('treats %s as a lost answer', (_name, status, body) => {
    expect(interpretAnswer(EXECUTION, 'http://d', status, body)).toEqual({
      ok: false,
      error: {
        code: 'DAEMON_PROXY_ERROR',
        message: 'Daemon response lost; action may have executed',
        hint: expect.stringContaining('--no-daemon'),
        details: {
          phase: 'result_wait',
          dispatchState: 'unknown',
          commandId: 'c1',
          daemonUrl: 'http://d',
          cause: `unexpected answer (HTTP ${status})`,
        },
      },
    });
  });
});

describe('createDaemonProxy', () => {
  it('sends {execution, deviceId, operatorPackage} with the token and returns the result', async () => {
    const url = await fakeDaemon(
      answerWith(200, {
        ok: true,
        deviceId: 'd1',
        terminalSource: 'androperator_result',
        envelope: ENVELOPE,
      }),
    );
    const proxy = createDaemonProxy({ home: directory, version: '9.9.9' });
    const attempt = await proxy.execute(EXECUTION, { deviceId: 'd1', operatorPackage: 'com.example.op' });
    expect(attempt).toEqual({
      dispatched: true,
      url,
      result: {
        ok: true,
        value: { deviceId: 'd1', terminalSource: 'androperator_result', envelope: ENVELOPE },
      },
    });
    expect(executeBodies).toEqual([
      { execution: EXECUTION, deviceId: 'd1', operatorPackage: 'com.example.op' },
    ]);
  });

  it('is not dispatched without a daemon', async () => {
    const attempt = await createDaemonProxy({ home: directory, version: '9.9.9' }).execute(EXECUTION, {
      operatorPackage: 'com.example.op',
    });
    expect(attempt).toEqual({ dispatched: false, reason: 'no daemon is registered' });
  });

  it('reports DAEMON_PROXY_ERROR when the daemon drops the connection after reading the body', async () => {
    await fakeDaemon((_response, _body, request) => request.socket.destroy());
    const attempt = await createDaemonProxy({ home: directory, version: '9.9.9' }).execute(EXECUTION, {
      operatorPackage: 'com.example.op',
    });
    expect(attempt).toMatchObject({
      dispatched: true,
      result: { ok: false, error: { code: 'DAEMON_PROXY_ERROR', details: { dispatchState: 'unknown' } } },
    });
    expect(executeBodies).toHaveLength(1);
  });

  it('gives up waiting after timeoutMs + 5000 + the margin, as a lost answer', async () => {
    await fakeDaemon(() => undefined);
    const proxy = createDaemonProxy({ home: directory, version: '9.9.9', postProcessingMarginMs: -5700 });
    const attempt = await proxy.execute(EXECUTION, { operatorPackage: 'com.example.op' });
    expect(attempt).toMatchObject({
      dispatched: true,
      result: {
        ok: false,
        error: { code: 'DAEMON_PROXY_ERROR', details: { cause: 'no answer within 300 ms' } },
      },
    });
  });
});
