// The browser console across restarts: the same address (remembered port, kept token), a friendly page without it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { openEventStream, rawRequest } from '../../../test-support/httpTestClient';
import { EvidenceStore } from '../../evidence/evidenceStore';
import { launchWebConsole, type RunningWebConsole } from './launchWebConsole';

let adb: IsolatedAdb;
let home: string;
const running: RunningWebConsole[] = [];
let blocker: Server | undefined;
const logged: string[] = [];

beforeAll(async () => {
  adb = await startIsolatedAdb();
}, 30_000);

afterEach(async () => {
  for (const console of running.splice(0)) await console.close();
  await new Promise((resolve) => (blocker === undefined ? resolve(undefined) : blocker.close(resolve)));
  blocker = undefined;
  if (home !== undefined) await rm(home, { recursive: true, force: true });
});

afterAll(async () => {
  await adb?.stop();
});

async function launch(argv: string[] = []): Promise<RunningWebConsole> {
  const launched = await launchWebConsole({
    argv: ['--no-simulator', ...argv],
    env: { ...adb.env, ANDROPERATOR_HOME: home },
    homedir: home,
    print: () => undefined,
    log: (message) => logged.push(message),
  });
  if (!launched.ok) throw new Error(`${launched.error.code}: ${launched.error.message}`);
  if (launched.value === 'help') throw new Error('printed help');
  running.push(launched.value);
  return launched.value;
}

async function stop(console: RunningWebConsole): Promise<void> {
  running.splice(running.indexOf(console), 1);
  await console.close();
}

const portOf = (url: string): number => Number(new URL(url).port);
const tokenOf = (url: string): string => new URL(url).searchParams.get('token') ?? '';

describe('the browser console address', () => {
  it('is the same after a restart: the port is remembered and the token kept in the data folder', async () => {
    home = await mkdtemp(join(tmpdir(), 'androperator-restart-'));
    const first = await launch();
    const firstUrl = first.url;
    await stop(first);
    const second = await launch();
    expect(second.url).toBe(firstUrl);
    expect(JSON.parse(await readFile(join(home, 'console.json'), 'utf8'))).toEqual({
      port: portOf(firstUrl),
    });
    expect((await readFile(join(home, 'console-token'), 'utf8')).trim()).toBe(tokenOf(firstUrl));
    // A tab opened before the restart still holds the old token: its event stream is accepted again.
    const stream = await openEventStream(
      portOf(firstUrl),
      `/api/events?token=${encodeURIComponent(tokenOf(firstUrl))}`,
    );
    expect(stream.status).toBe(200);
    stream.close();
  }, 30_000);

  it('moves to a free port (and says so) when the remembered one is taken; --port 0 always picks a free one', async () => {
    home = await mkdtemp(join(tmpdir(), 'androperator-restart-'));
    const first = await launch();
    const port = portOf(first.url);
    await stop(first);
    blocker = createServer();
    await new Promise<void>((resolve) => blocker?.listen(port, '127.0.0.1', resolve));
    const second = await launch();
    expect(portOf(second.url)).not.toBe(port);
    expect(tokenOf(second.url)).toBe(tokenOf(first.url));
    expect(logged.some((line) => line.includes(`port ${port} of the last start is taken`))).toBe(true);
    await stop(second);
    const third = await launch(['--port', '0']);
    expect(portOf(third.url)).not.toBe(port);
  }, 30_000);

  it('answers a browser that opens it without the token with a page, and API calls with JSON', async () => {
    home = await mkdtemp(join(tmpdir(), 'androperator-restart-'));
    const console = await launch();
    const port = portOf(console.url);
    const page = await rawRequest(port, {
      path: '/',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(page.status).toBe(401);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('This address needs its token');
    expect(page.text).toContain(join(home, 'console-token'));
    const stale = await rawRequest(port, { path: '/?token=an-old-token', headers: { accept: 'text/html' } });
    expect(stale.text).toContain('This address has an old token');
    const api = await rawRequest(port, {
      method: 'POST',
      path: '/api/devices:list',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(api.status).toBe(401);
    expect(api.json).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  }, 30_000);

  it('pushes runs another process writes into its evidence folder to open tabs as evidence:changed', async () => {
    home = await mkdtemp(join(tmpdir(), 'androperator-restart-'));
    const console = await launch();
    const stream = await openEventStream(
      portOf(console.url),
      `/api/events?token=${encodeURIComponent(tokenOf(console.url))}`,
    );
    try {
      // The CLI writes its runs into the same data folder (ANDROPERATOR_HOME/evidence) from its own process.
      const cli = new EvidenceStore(join(home, 'evidence'));
      const created = await cli.createRun({
        deviceSerial: 'emulator-5554',
        startedAt: new Date().toISOString(),
      });
      if (!created.ok) throw new Error(created.error.message);
      const item = await stream.waitFor(
        (entry) =>
          entry.kind === 'event' &&
          entry.event === 'evidence:changed' &&
          entry.data.includes(created.value.id),
        10_000,
      );
      expect(item.kind === 'event' && JSON.parse(item.data)).toEqual({ runIds: [created.value.id] });
    } finally {
      stream.close();
    }
  }, 30_000);
});
