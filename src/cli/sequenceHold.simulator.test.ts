import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedAndroid } from '../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../test-support/isolatedAdb';
import { bootSimulated } from '../test-support/isolatedResolver';
import { createAdbBackend } from './adbBackend';
import { runCli } from './runCli';
import { holdCommandOf } from './sequenceHold';

// `androperator sequence --hold` in process over a real, isolated adb server: stdin lines drive the held panel.

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial: string;
let home: string;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, {}));
  home = await mkdtemp(join(tmpdir(), 'androperator-cli-hold-'));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
  await rm(home, { recursive: true, force: true });
});

describe('holdCommandOf', () => {
  it('reads Enter and c as capture, q as release, anything else as nothing', () => {
    expect(['', '  ', 'c', 'Capture', 'q', 'release', 'x'].map(holdCommandOf)).toEqual([
      'capture',
      'capture',
      'capture',
      'capture',
      'release',
      'release',
      null,
    ]);
  });
});

describe('sequence --hold', () => {
  it('captures on each Enter once held, releases on q, and prints one JSON object with every capture', async () => {
    const input = new PassThrough();
    const status: string[] = [];
    let stdout = '';
    const env = {
      ...adb.env,
      ANDROID_ADB_SERVER_PORT: String(adb.port),
      ANDROPERATOR_HOME: home,
      ANDROPERATOR_EVIDENCE_DIR: join(home, 'evidence'),
    };
    // Each line goes in once the previous capture has been told, as a user at the terminal would type them.
    const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
    const tell = (text: string): void => {
      status.push(text);
      for (const waiter of waiters.filter((candidate) => candidate.pattern.test(text))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    };
    const told = (pattern: RegExp) =>
      status.some((line) => pattern.test(line))
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ pattern, resolve }));
    const running = runCli(['sequence', '--text', 'CLI-HOLD', '--hold', '--device', serial, '--no-daemon'], {
      backend: createAdbBackend(env),
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
      env,
      holdIo: { input, status: tell },
    });
    await told(/^capture 1\/20 /);
    expect(status.some((line) => line.startsWith('Panel held'))).toBe(true);
    expect(sim.visiblePanel).not.toBeNull();
    input.write('\n');
    await told(/^capture 2\/20 /);
    input.write('what\n');
    input.write('q\n');
    const exit = await running;
    expect(exit).toBe(0);
    const result = JSON.parse(stdout) as {
      status: string;
      runPath: string;
      hold: { endedBy: string };
      captures: Array<{ file: string; captureCheck: { inCapture: boolean }; foreground: { source: string } }>;
    };
    expect(result.status).toBe('succeeded');
    expect(result.hold.endedBy).toBe('user');
    expect(result.captures.map((capture) => capture.file)).toEqual(['screenshot.png', 'capture-2.png']);
    expect(result.captures.every((capture) => capture.captureCheck.inCapture)).toBe(true);
    expect(result.captures.every((capture) => capture.foreground.source === 'host_dumpsys')).toBe(true);
    expect(status).toContain('Released: the panel was cleared.');
    expect(status.some((line) => line.includes('"what" is not a hold command'))).toBe(true);
    expect(sim.visiblePanel).toBeNull();
    const record = JSON.parse(await readFile(join(result.runPath, 'run.json'), 'utf8')) as {
      captures: unknown[];
    };
    expect(record.captures).toHaveLength(2);
  });
});
