import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdbClient, type AdbClient } from '../node/adb/adbkit';
import { hostRequest, parseDeviceList } from '../simulator/adb/hostClient';

// Test harness: a private adb server (own port, HOME and TMPDIR, no USB/emulator/mDNS scanning), never the user's 5037.
// Harness failures throw: they are test set-up errors, not values for application code.

export interface AdbRun {
  stdout: Buffer;
  stderr: string;
  /** null when the process was killed after the timeout. */
  code: number | null;
}

export interface IsolatedAdb {
  port: number;
  /** The environment the server and every `adb()` call run with. */
  env: Record<string, string>;
  bin: string;
  /** Temporary HOME/TMPDIR (keys and the server log live here). */
  directory: string;
  /** Runs `adb -P <port> ...args` against this server. */
  adb(args: readonly string[], options?: { timeoutMs?: number }): Promise<AdbRun>;
  client: AdbClient;
  /** `adb -P <port> kill-server`, then removes the temporary directory. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago (bound to 0, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isolatedEnvironment(directory: string, port: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // Drop anything that could point adb at the user's server, keys or devices, and our own settings (tests set those
    // explicitly for what they start).
    if (value === undefined || ['ADB_', 'ANDROID_', 'ANDROPERATOR_'].some((prefix) => key.startsWith(prefix)))
      continue;
    env[key] = value;
  }
  return {
    ...env,
    HOME: directory,
    TMPDIR: directory,
    ANDROID_ADB_SERVER_PORT: String(port),
    ADB_EMU: '0',
    ADB_USB: '0',
    ADB_MDNS: '0',
  };
}

function run(
  bin: string,
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<AdbRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8'), code });
    });
  });
}

/** Starts a private adb server; every integration test uses this and calls stop() in afterAll. */
export async function startIsolatedAdb(options: { bin?: string } = {}): Promise<IsolatedAdb> {
  const bin = options.bin ?? 'adb';
  const directory = await mkdtemp(join(tmpdir(), 'androperator-adb-'));
  let lastFailure = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const env = isolatedEnvironment(directory, port);
    const started = await run(bin, ['-P', String(port), 'start-server'], env, 15_000).catch(
      async (error: unknown) => {
        await rm(directory, { recursive: true, force: true });
        throw new Error(`cannot run ${bin}: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    if (started.code !== 0) {
      // Another process may have taken the port between freePort() and start-server.
      lastFailure = started.stderr;
      continue;
    }
    const adb = (args: readonly string[], runOptions: { timeoutMs?: number } = {}): Promise<AdbRun> =>
      run(bin, ['-P', String(port), ...args], env, runOptions.timeoutMs ?? 10_000);
    return {
      port,
      env,
      bin,
      directory,
      adb,
      client: createAdbClient({ port, bin }),
      stop: async () => {
        await adb(['kill-server'], { timeoutMs: 5_000 }).catch(() => undefined);
        await rm(directory, { recursive: true, force: true });
      },
    };
  }
  await rm(directory, { recursive: true, force: true });
  throw new Error(`adb start-server failed three times: ${lastFailure}`);
}

/** The state of one serial, or 'absent'; polls the server (never tracker events, which adb 29 does not send for every change). */
async function currentState(target: AdbClient | number, serial: string): Promise<string> {
  if (typeof target === 'number') {
    const reply = await hostRequest(target, 'host:devices');
    if (!reply.ok || reply.value.status !== 'OKAY') return 'absent';
    return parseDeviceList(reply.value.message).find((row) => row.serial === serial)?.state ?? 'absent';
  }
  const devices = await target.listDevices().catch(() => []);
  return devices.find((entry) => entry.serial === serial)?.state ?? 'absent';
}

/** Polls until `serial` is in `state` ('device', 'offline', 'unauthorized', ... or 'absent'); throws after timeoutMs. */
export async function waitForDeviceState(
  target: AdbClient | number,
  serial: string,
  state: string,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = 'absent';
  for (;;) {
    seen = await currentState(target, serial);
    if (seen === state) return;
    if (Date.now() >= deadline)
      throw new Error(`${serial} is '${seen}', not '${state}', after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
