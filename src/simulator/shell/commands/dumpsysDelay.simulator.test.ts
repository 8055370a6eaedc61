// `simctl fault dumpsys delay MS|ok` over the real adb server: every dumpsys answer waits MS before it is written;
// a host that closes the stream first (the console's cancel) ends the wait at once, the device writes nothing more,
// and `simctl status` lists the call under dumpsysClosedEarly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeviceCommand } from '../../../node/adb/deviceCommand';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated } from '../../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulatedAndroid';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial: string;

async function shell(command: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const run = await adb.adb(['-s', serial, 'shell', command], { timeoutMs: 20_000 });
  return { stdout: run.stdout.toString('utf8'), stderr: run.stderr, code: run.code };
}

interface ClosedEarly {
  service: string;
  waitedMs: number;
  delayMs: number;
}

async function status(): Promise<{ faults: { dumpsysDelayMs: number }; dumpsysClosedEarly: ClosedEarly[] }> {
  return JSON.parse((await shell('simctl status')).stdout) as {
    faults: { dumpsysDelayMs: number };
    dumpsysClosedEarly: ClosedEarly[];
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { profile: 'phone' }));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

describe('simctl fault dumpsys', () => {
  it('is in the help; a bad amount is a usage error', async () => {
    expect((await shell('simctl help')).stdout).toContain('fault dumpsys delay MS|ok');
    expect(await shell('simctl fault dumpsys delay 600001')).toMatchObject({
      code: 2,
      stderr: 'usage: simctl fault dumpsys delay MS (0..600000)|ok\n',
    });
    expect((await shell('simctl fault dumpsys slow')).code).toBe(2);
    expect((await status()).faults.dumpsysDelayMs).toBe(0);
  });

  it('holds every dumpsys answer back for the delay, then answers in full; ok clears it', async () => {
    expect((await shell('simctl fault dumpsys delay 400')).code).toBe(0);
    expect((await status()).faults.dumpsysDelayMs).toBe(400);
    const started = Date.now();
    const slow = await shell('dumpsys battery');
    const elapsed = Date.now() - started;
    expect(slow.code).toBe(0);
    expect(slow.stdout).toContain('Current Battery Service state:');
    expect(elapsed).toBeGreaterThanOrEqual(400);
    // Other commands are not delayed by it: simctl itself answered above, getprop does too.
    expect((await shell('getprop ro.build.version.sdk')).stdout.trim()).toBe('35');
    expect((await shell('simctl fault dumpsys ok')).code).toBe(0);
    expect((await status()).faults.dumpsysDelayMs).toBe(0);
    expect((await shell('dumpsys battery')).stdout).toContain('Current Battery Service state:');
    expect((await status()).dumpsysClosedEarly).toEqual([]);
  });

  it('ends the wait when the host closes the stream: nothing written, recorded as closed early', async () => {
    const delayMs = 120_000;
    expect((await shell(`simctl fault dumpsys delay ${delayMs}`)).code).toBe(0);
    const idleStreams = sim.device.openStreamCount;
    const controller = new AbortController();
    const started = Date.now();
    const running = runDeviceCommand(adb.client, serial, 'dumpsys deviceidle', {
      signal: controller.signal,
      timeoutMs: delayMs * 2,
    });
    // The device has the stream open and is waiting on the fault; then the host gives up.
    await until(
      () =>
        sim.device.received().some((entry) => entry.service.includes('dumpsys deviceidle')) &&
        sim.device.openStreamCount > idleStreams,
      'waiting in dumpsys deviceidle',
    );
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ ok: false, error: { code: 'COMMAND_CANCELLED' } });
    await until(() => sim.device.openStreamCount === idleStreams, 'stream closed on the device');
    const { dumpsysClosedEarly } = await status();
    expect(dumpsysClosedEarly).toHaveLength(1);
    expect(dumpsysClosedEarly[0]).toMatchObject({ service: 'deviceidle', delayMs });
    expect(dumpsysClosedEarly[0]?.waitedMs).toBeLessThan(Date.now() - started + 1);
    expect(dumpsysClosedEarly[0]?.waitedMs).toBeLessThan(delayMs);
    expect(await shell('simctl fault clear')).toMatchObject({ code: 0 });
    expect((await status()).faults.dumpsysDelayMs).toBe(0);
    expect((await shell('dumpsys deviceidle get deep')).stdout.trim()).toBe('ACTIVE');
  });
});
