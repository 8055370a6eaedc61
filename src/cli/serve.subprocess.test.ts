// The built `androperator serve` as a process: announce, token shown once, CLI routed through it, clean stop.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readDiscovery } from '../main/daemon/discovery';
import { rawRequest } from '../test-support/httpTestClient';
import { startTestLab, type TestLab } from '../test-support/testLab';

const BIN = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'androperator.js');
let lab: TestLab;

function env(): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && key !== 'ANDROPERATOR_NO_DAEMON') base[key] = value;
  return { ...base, ...lab.env };
}

interface RunningProcess {
  child: ChildProcessWithoutNullStreams;
  first: { url: string; tokenFile: string };
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

async function runCli(
  argv: readonly string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...argv], { env: env() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { status, stdout, stderr };
}

async function startServeProcess(args: readonly string[] = []): Promise<RunningProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env: env() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${stdout}${stderr}`)));
  });
  return {
    child,
    first: JSON.parse(line) as RunningProcess['first'],
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  };
}

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '') throw new Error(`the CLI bundle did not build:\n${buildError}`);
  lab = await startTestLab(1);
});

afterAll(async () => {
  await lab?.stop();
});

describe('androperator serve', () => {
  it('announces itself, shows a new token once, serves the CLI, and stops cleanly on SIGTERM', async () => {
    const serve = await startServeProcess();
    try {
      expect(serve.first).toEqual({
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        tokenFile: join(lab.home, 'serve-token'),
      });
      const token = (await readFile(serve.first.tokenFile, 'utf8')).trim();
      expect(serve.stderr()).toContain(`(shown only now): ${token}`);
      const port = Number(new URL(serve.first.url).port);
      const devices = await rawRequest(port, {
        path: '/devices',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(devices.json).toMatchObject({ ok: true, devices: [{ serial: lab.serials[0] }] });
      const discovery = await readDiscovery(lab.home);
      expect(discovery).toMatchObject({
        kind: 'found',
        record: { url: serve.first.url, token, pid: serve.child.pid },
      });

      // Not spawnSync: the simulated phone lives in this process and must keep answering.
      const routed = await runCli(['on-screen-log', 'set', '--text', 'VIA SERVE', '--log-level', 'debug']);
      expect(routed.status).toBe(0);
      expect(routed.stderr).toContain(`ran through the daemon at ${serve.first.url}`);
      expect(JSON.parse(routed.stdout)).toMatchObject({
        deviceId: lab.serials[0],
        envelope: { status: 'success' },
      });
    } finally {
      serve.child.kill('SIGTERM');
    }
    expect(await serve.exited).toBe(0);
    expect(serve.stdout().trim().split('\n')).toHaveLength(1);
    expect((await readDiscovery(lab.home)).kind).toBe('absent');
  });

  it('does not show an existing token again, and stops on SIGINT', async () => {
    const serve = await startServeProcess();
    serve.child.kill('SIGINT');
    expect(await serve.exited).toBe(0);
    expect(serve.stderr()).not.toContain('token');
  });

  it('refuses a non-loopback host without --allow-remote (exit 1, nothing registered)', async () => {
    const run = await runCli(['serve', '--host', '0.0.0.0', '--port', '0']);
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: 'FORBIDDEN',
      hint: expect.stringContaining('--allow-remote'),
    });
    expect(run.stderr).toBe('');
    expect((await readDiscovery(lab.home)).kind).toBe('absent');
  });
});
