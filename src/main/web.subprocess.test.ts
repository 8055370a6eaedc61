// out/console/web.js as `npm run web` runs it: the address line, flags, and a clean stop on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../test-support/isolatedAdb';
import { rawRequest } from '../test-support/httpTestClient';
import { bootSimulated } from '../test-support/isolatedResolver';

const WEB = join(fileURLToPath(new URL('../..', import.meta.url)), 'out', 'console', 'web.js');
let adb: IsolatedAdb;
let home: string;

function start(args: string[]) {
  const child = spawn(process.execPath, [WEB, ...args], {
    env: { ...process.env, ...adb.env, ANDROPERATOR_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    void exited.then(() => reject(new Error(`exited before printing: ${stderr.join('')}`)));
  });
  // Tests that expect no line never await it.
  firstLine.catch(() => undefined);
  return { child, exited, firstLine, stderr };
}

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '')
    throw new Error(`scripts/build-node.mjs failed, so out/console/web.js is stale:\n${buildError}`);
  adb = await startIsolatedAdb();
  home = await mkdtemp(join(tmpdir(), 'androperator-web-bin-'));
});

afterAll(async () => {
  await adb?.stop();
  await rm(home, { recursive: true, force: true });
});

describe('node out/console/web.js', () => {
  it('prints {"url"} with --json, serves the API with that token, and exits 0 on SIGTERM', async () => {
    const web = start(['--json', '--no-simulator', '--port', '0']);
    const { url } = JSON.parse(await web.firstLine) as { url: string };
    const parsed = new URL(url);
    expect(parsed.hostname).toBe('127.0.0.1');
    const token = parsed.searchParams.get('token') ?? '';
    const info = await rawRequest(Number(parsed.port), {
      method: 'POST',
      path: '/api/app:info',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(info.json).toMatchObject({
      ok: true,
      value: { shell: 'web', evidenceDirectory: join(home, 'evidence') },
    });
    const devices = await rawRequest(Number(parsed.port), {
      method: 'POST',
      path: '/api/devices:list',
      headers: { authorization: `Bearer ${token}` },
    });
    // --no-simulator: no phone, whatever the setting says.
    expect(devices.json).toEqual({ ok: true, value: [] });
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
    expect(web.stderr.join('')).toContain('SIGTERM: stopping');
  });

  it('prints the usage for --help and exits 2 with a USAGE error for a bad flag', async () => {
    const help = start(['--help']);
    expect(await help.firstLine).toMatch(/^Usage: npm run web/);
    expect(await help.exited).toBe(0);
    const bad = start(['--host', '0.0.0.0']);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr.join('')).toContain('USAGE: The console listens on loopback only');
  });

  it('on SIGTERM stops accepting, answers the screenshot in flight on a slow phone, then exits 0', async () => {
    const { sim, serial } = await bootSimulated(adb);
    try {
      const web = start(['--json', '--no-simulator', '--port', '0']);
      const parsed = new URL((JSON.parse(await web.firstLine) as { url: string }).url);
      const port = Number(parsed.port);
      let captures = 0;
      const capture = sim.capture.bind(sim);
      sim.capture = () => {
        captures += 1;
        return capture();
      };
      // Slower than the 1 s the server used to give requests in flight.
      sim.faults.screencap.delayMs = 3000;
      const inFlight = rawRequest(port, {
        method: 'POST',
        path: '/screenshot',
        headers: {
          authorization: `Bearer ${parsed.searchParams.get('token') ?? ''}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ deviceId: serial }),
      });
      const deadline = Date.now() + 10_000;
      while (captures === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(captures).toBe(1);
      web.child.kill('SIGTERM');
      const refused = () =>
        rawRequest(port, { path: '/ping' }).then(
          () => false,
          () => true,
        );
      while (!(await refused()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await refused()).toBe(true);
      const answered = await inFlight;
      expect(answered.status).toBe(200);
      expect(answered.json).toMatchObject({ ok: true, deviceId: serial });
      expect(await web.exited).toBe(0);
    } finally {
      await sim.close();
    }
  });
});
