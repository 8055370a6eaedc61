// Test helper for the hub's tests: two isolated adb servers ("local" and a "remote" lab server), hubs and
// simulated devices created per test and closed after it.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from './isolatedAdb';
import { SimulatedAndroid, type SimulatedAndroidOptions } from '../simulator/simulatedAndroid';
import type { AdbHub, AdbHubOptions } from '../main/devices/hub';
import { testHub } from './testHub';
import type { DeviceInfo } from '../main/devices/types';

/** The two servers, set by useHubServers() before the file's tests run (live bindings). */
export let local: IsolatedAdb;
export let remote: IsolatedAdb;
const hubs: AdbHub[] = [];
const sims: SimulatedAndroid[] = [];

// Why a binary that does not exist: the isolated servers already run, and should one stop while a poll is in
// flight, adbkit must fail (ENOENT) rather than start a server with this test process's HOME and environment.
const NO_AUTOSTART = '/nonexistent/adb-in-hub-tests';

/** A hub on the local server, polling every 100 ms, closed after the test. */
export function hub(options: AdbHubOptions = {}): AdbHub {
  const created = testHub({
    adbBinary: NO_AUTOSTART,
    localPort: local.port,
    env: {},
    pollIntervalMs: 100,
    ...options,
  });
  hubs.push(created);
  return created;
}

/** Starts a simulated device and attaches it to a server (local by default), closed after the test. */
export async function boot(
  options: SimulatedAndroidOptions = {},
  attach: { adb?: IsolatedAdb; mode?: 'connect' | 'emulator'; state?: string; unauthorized?: boolean } = {},
): Promise<{ sim: SimulatedAndroid; serial: string }> {
  const started = await SimulatedAndroid.start(options);
  if (!started.ok) throw new Error(started.error.message);
  const sim = started.value;
  sims.push(sim);
  if (attach.unauthorized) sim.device.setUnauthorized(true);
  const server = attach.adb ?? local;
  const attached = await sim.attach(server.port, attach.mode);
  if (!attached.ok) throw new Error(attached.error.message);
  await waitForDeviceState(server.client, attached.value.serial, attach.state ?? 'device', 3000);
  return { sim, serial: attached.value.serial };
}

/** Resolves with the first `changed` list that matches; subscribe before causing the change. */
export function nextList(target: AdbHub, match: (devices: DeviceInfo[]) => boolean, timeoutMs = 3000) {
  let last: DeviceInfo[] | undefined;
  let unsubscribe = (): void => undefined;
  const found = new Promise<DeviceInfo[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no matching change within ${timeoutMs} ms; last ${JSON.stringify(last)}`));
    }, timeoutMs);
    unsubscribe = target.subscribe((devices) => {
      last = devices;
      if (!match(devices)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(devices);
    });
  });
  return found;
}

export const bySerial = (devices: DeviceInfo[], serial: string) =>
  devices.find((device) => device.serial === serial);

/** Closes the hubs and devices the test made (after each test, or earlier when a test needs it). */
export async function closeHubsAndDevices(): Promise<void> {
  for (const created of hubs.splice(0)) await created.close();
  for (const sim of sims.splice(0)) await sim.close();
}

/** Registers the file's hooks: both servers start before its tests and stop after them. */
export function useHubServers(): void {
  beforeAll(async () => {
    [local, remote] = await Promise.all([startIsolatedAdb(), startIsolatedAdb()]);
  });
  afterEach(closeHubsAndDevices);
  afterAll(async () => {
    await Promise.all([local?.stop(), remote?.stop()]);
  });
}

/** Polls `condition` every 20 ms until it holds. */
export async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
