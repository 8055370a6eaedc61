// Daemon routing through runCli: a real serve on simulated phones, stand-in daemons that lose the answer.
import { createServer, type Server } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDaemonProxy, type DaemonProxy, type ProxyAttempt } from '../main/daemon/client';
import { writeDiscovery } from '../main/daemon/discovery';
import { startServe, type RunningServe } from '../main/serve/startServe';
import { startTestLab, type TestLab } from '../test-support/testLab';
import type { Execution } from '../shared/execution/types';
import { createDaemonDeviceLister, routeThroughDaemon } from './daemonRouting';
import { createFakeBackend, type FakeBackend } from '../test-support/fakeBackend';
import { runInProcess } from '../test-support/cliTesting';
import { CLI_VERSION } from './version';

let lab: TestLab;
let serve: RunningServe;
let phone = '';
let scratch: string;

interface Recorded {
  direct: FakeBackend;
  proxied: Array<{ execution: Execution; target: unknown; attempt: ProxyAttempt }>;
  run(argv: readonly string[], env?: Record<string, string>): ReturnType<typeof runInProcess>;
}

/** runCli over a recording direct backend and a recording proxy to the daemon registered in `home`. */
function routed(home: string): Recorded {
  const direct = createFakeBackend();
  const real = createDaemonProxy({ home, version: CLI_VERSION, readinessTimeoutMs: 2000 });
  const proxied: Recorded['proxied'] = [];
  const proxy: DaemonProxy = {
    async execute(execution, target) {
      const attempt = await real.execute(execution, target);
      proxied.push({ execution, target, attempt });
      return attempt;
    },
  };
  const backend = routeThroughDaemon(direct, proxy);
  return { direct, proxied, run: (argv, env = {}) => runInProcess(argv, backend, env) };
}

beforeAll(async () => {
  lab = await startTestLab(1);
  phone = lab.serials[0] ?? '';
  scratch = await mkdtemp(join(tmpdir(), 'androperator-routing-'));
  const started = await startServe({ env: lab.env, port: 0, operatorPackage: 'com.androperator.operator' });
  if (!started.ok) throw new Error(started.error.message);
  serve = started.value;
});

afterAll(async () => {
  await serve?.close();
  await lab?.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe.each([
  ['set', ['on-screen-log', 'set', '--text', 'ROUTED', '--anchor', 'right']],
  ['clear', ['on-screen-log', 'clear']],
])('on-screen-log %s', (_operation, command) => {
  it('goes through a running daemon: one proxy call, no direct run', async () => {
    const routing = routed(lab.home);
    const run = await routing.run([
      ...command,
      '--device',
      phone,
      '--operator-package',
      'com.androperator.operator',
    ]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({
      deviceId: phone,
      isCanonicalTerminal: true,
      envelope: { status: 'success' },
    });
    expect(routing.direct.executions).toHaveLength(0);
    expect(routing.proxied).toHaveLength(1);
    expect(routing.proxied[0]?.target).toEqual({
      deviceId: phone,
      operatorPackage: 'com.androperator.operator',
    });
    expect(routing.proxied[0]?.attempt).toMatchObject({ dispatched: true, url: serve.url });
  });

  it('runs directly with the identical payload when no daemon is registered, with a note at info level', async () => {
    const routing = routed(join(scratch, 'no-daemon-here'));
    const run = await routing.run([...command, '--device', phone, '--log-level', 'info']);
    expect(run.code).toBe(0);
    expect(routing.proxied).toHaveLength(1);
    expect(routing.proxied[0]?.attempt).toEqual({ dispatched: false, reason: 'no daemon is registered' });
    expect(routing.direct.executions).toEqual([
      {
        execution: routing.proxied[0]?.execution,
        target: { deviceId: phone, operatorPackage: 'com.androperator.operator', noDaemon: false },
      },
    ]);
    expect(run.stderr).toContain(
      'daemon unavailable (no daemon is registered); running direct for this call',
    );
  });

  it('never asks the daemon with --no-daemon or ANDROPERATOR_NO_DAEMON=1', async () => {
    const flagged = routed(lab.home);
    await flagged.run([...command, '--no-daemon']);
    const fromEnv = routed(lab.home);
    await fromEnv.run(command, { ANDROPERATOR_NO_DAEMON: '1' });
    for (const routing of [flagged, fromEnv]) {
      expect(routing.proxied).toHaveLength(0);
      expect(routing.direct.executions).toHaveLength(1);
    }
  });

  it('returns DAEMON_PROXY_ERROR and runs nothing directly when the answer is lost after dispatch', async () => {
    const home = join(scratch, `lossy-${_operation}`);
    const lossy = await lossyDaemon(home);
    try {
      const routing = routed(home);
      const run = await routing.run([...command, '--device', phone]);
      expect(run.code).toBe(1);
      expect(run.json).toMatchObject({
        code: 'DAEMON_PROXY_ERROR',
        message: 'Daemon response lost; action may have executed',
        details: { phase: 'result_wait', dispatchState: 'unknown' },
      });
      expect(routing.direct.executions).toHaveLength(0);
      expect(lossy.bodies).toHaveLength(1);
    } finally {
      await lossy.close();
    }
  });
});

// Issue 14 defect 8: `devices` listed the CLI's own adb server while `set` without --device counted the console's
// devices (its remote servers included), so the two disagreed. Both now ask whoever runs the next command.
describe('devices and the several-devices error count the same set', () => {
  const withLister = (home: string) => {
    const direct = createFakeBackend(undefined, [
      { serial: 'only-on-the-cli-server', state: 'device', server: 'local' },
    ]);
    const lister = createDaemonDeviceLister({ home, version: CLI_VERSION, readinessTimeoutMs: 2000 });
    const proxy = createDaemonProxy({ home, version: CLI_VERSION, readinessTimeoutMs: 2000 });
    return routeThroughDaemon(direct, proxy, undefined, lister);
  };

  it('lists the devices of the running console and says it is the console', async () => {
    const run = await runInProcess(['devices'], withLister(lab.home));
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ source: `the console at ${serve.url}` });
    expect((run.json.devices as Array<{ serial: string }>).map((device) => device.serial)).toEqual([phone]);
  });

  it('lists the local adb server with --no-daemon or without a console, and says so', async () => {
    for (const [home, argv] of [
      [lab.home, ['devices', '--no-daemon']],
      [join(scratch, 'no-console'), ['devices']],
    ] as const) {
      const run = await runInProcess(argv, withLister(home));
      expect(run.json).toEqual({
        devices: [{ serial: 'only-on-the-cli-server', state: 'device', server: 'local' }],
        source: 'the adb server on port 5037',
      });
    }
  });

  it('names the console in the several-devices error of a routed set', async () => {
    const direct = createFakeBackend();
    const several: DaemonProxy = {
      execute: async () => ({
        dispatched: true,
        url: 'http://127.0.0.1:3999',
        result: {
          ok: false,
          error: {
            code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
            message: '3 devices are connected (a, b, c); choose one with its serial as deviceId.',
            details: { connected: ['a', 'b', 'c'] },
          },
        },
      }),
    };
    const run = await runInProcess(
      ['on-screen-log', 'set', '--text', 'x'],
      routeThroughDaemon(direct, several),
    );
    expect(run.json).toMatchObject({
      code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
      message:
        '3 devices are connected to the console at http://127.0.0.1:3999 (a, b, c); choose one with ' +
        '--device <serial>. androperator devices lists the same devices.',
      details: { source: 'the console at http://127.0.0.1:3999' },
    });
    expect(run.stdout).not.toContain('deviceId');
  });
});

/** A stand-in daemon: answers /ping and /version, reads the /execute body, then drops the connection. */
async function lossyDaemon(home: string): Promise<{ bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((socket) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.includes('\r\n\r\n')) return;
      if (text.startsWith('GET /ping') || text.startsWith('GET /version')) {
        const body = text.startsWith('GET /ping') ? '{"ok":true}' : JSON.stringify({ version: CLI_VERSION });
        socket.end(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        );
        return;
      }
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0);
      if (text.length - text.indexOf('\r\n\r\n') - 4 < length) return;
      bodies.push(text);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await writeDiscovery(home, {
    url: `http://127.0.0.1:${port}`,
    token: 'lossy-token-0123456789abcdef',
    pid: process.pid,
    version: CLI_VERSION,
    startedAt: new Date().toISOString(),
  });
  return { bodies, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('daemon routing of other executions', () => {
  let stopped: RunningServe | undefined;
  afterEach(async () => {
    await stopped?.close();
    stopped = undefined;
  });

  it('returns DAEMON_PROXY_ERROR when a real serve stops while the execution runs, and never replays it', async () => {
    const home = join(scratch, 'stopping');
    const started = await startServe({
      env: { ...lab.env, ANDROPERATOR_HOME: home },
      port: 0,
      operatorPackage: 'com.androperator.operator',
      closeGraceMs: 50,
    });
    if (!started.ok) throw new Error(started.error.message);
    stopped = started.value;
    const [sim] = lab.phones;
    if (sim === undefined) throw new Error('no phone');
    sim.faults.drawAcknowledgement = { delayMs: 1500 };
    try {
      const routing = routed(home);
      const pending = routing.run(['on-screen-log', 'set', '--text', 'CUT OFF', '--device', phone]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await started.value.close();
      const run = await pending;
      expect(run.json).toMatchObject({ code: 'DAEMON_PROXY_ERROR', details: { dispatchState: 'unknown' } });
      expect(routing.direct.executions).toHaveLength(0);
    } finally {
      sim.faults.drawAcknowledgement = 'normal';
      // The abandoned set holds the Operator until its delayed draw; later tests need the device free.
      await new Promise((resolve) => setTimeout(resolve, 1200));
    }
  });

  it('routes exec and screenshot with an absolute path through the daemon', async () => {
    const routing = routed(lab.home);
    const payload = JSON.stringify({
      commandId: 'exec-routed',
      taskId: 't',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10000,
      actions: [{ id: 'snap', type: 'snapshot' }],
    });
    const exec = await routing.run(['exec', payload, '--device', phone]);
    expect(exec.stdout).toContain('"status":"success"');
    const shot = join(scratch, 'routed.png');
    const screenshot = await routing.run(['screenshot', '--path', shot, '--device', phone]);
    expect(screenshot.json).toMatchObject({ envelope: { stepResults: [{ data: { path: shot } }] } });
    expect(routing.proxied.map((call) => call.attempt.dispatched)).toEqual([true, true]);
    expect(routing.direct.executions).toHaveLength(0);
  });

  it('runs a payload with a relative take_screenshot path directly', async () => {
    const routing = routed(lab.home);
    const payload = JSON.stringify({
      commandId: 'exec-relative',
      taskId: 't',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10000,
      actions: [{ id: 'shot', type: 'take_screenshot', params: { path: 'relative.png' } }],
    });
    await routing.run(['exec', payload]);
    expect(routing.proxied).toHaveLength(0);
    expect(routing.direct.executions).toHaveLength(1);
  });

  it('sends an invalid payload nowhere', async () => {
    const routing = routed(lab.home);
    const run = await routing.run(['on-screen-log', 'set', '--text', 'x', '--width-dp', '79']);
    expect(run.json.code).toBe('EXECUTION_VALIDATION_FAILED');
    expect(routing.proxied).toHaveLength(0);
    expect(routing.direct.executions).toHaveLength(0);
  });
});
