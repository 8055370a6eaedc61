import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startIsolatedAdb,
  waitForDeviceState,
  type IsolatedAdb,
} from '../../test-support/isolatedAdb';
import { SimulatedAndroid, type SimulatedAndroidOptions } from '../../simulator/simulatedAndroid';
import { AdbHub, type AdbHubOptions } from './hub';
import { testHub } from '../../test-support/testHub';
import type { DeviceInfo } from './types';

// The hub against two isolated adb servers ("local" and a "remote" lab server) and simulated devices.

let local: IsolatedAdb;
let remote: IsolatedAdb;
const hubs: AdbHub[] = [];
const sims: SimulatedAndroid[] = [];

// Why a binary that does not exist: the isolated servers already run, and should one stop while a poll is in
// flight, adbkit must fail (ENOENT) rather than start a server with this test process's HOME and environment.
const NO_AUTOSTART = '/nonexistent/adb-in-hub-tests';

function hub(options: AdbHubOptions = {}): AdbHub {
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

async function boot(
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
function nextList(target: AdbHub, match: (devices: DeviceInfo[]) => boolean, timeoutMs = 3000) {
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

const bySerial = (devices: DeviceInfo[], serial: string) =>
  devices.find((device) => device.serial === serial);

beforeAll(async () => {
  [local, remote] = await Promise.all([startIsolatedAdb(), startIsolatedAdb()]);
});

afterEach(async () => {
  for (const created of hubs.splice(0)) await created.close();
  for (const sim of sims.splice(0)) await sim.close();
});

afterAll(async () => {
  await Promise.all([local?.stop(), remote?.stop()]);
});

describe('AdbHub listing and resolving', () => {
  it('lists nothing and resolves to NO_DEVICES on an empty server', async () => {
    const subject = hub();
    expect(await subject.list()).toEqual({ ok: true, value: [] });
    expect(await subject.resolve(undefined)).toMatchObject({ ok: false, error: { code: 'NO_DEVICES' } });
    expect(await subject.operatorStatus('emulator-5554')).toMatchObject({
      ok: false,
      error: { code: 'DEVICE_NOT_FOUND', details: { connected: [] } },
    });
    expect(subject.servers()).toEqual([
      {
        server: 'local',
        host: '127.0.0.1',
        port: local.port,
        reachable: true,
        tracking: false,
        deviceCount: 0,
      },
    ]);
  });

  it('resolves the only device and lists its properties and a ready Operator', async () => {
    const { sim, serial } = await boot();
    const subject = hub();
    const resolved = await subject.resolve(undefined);
    if (!resolved.ok) throw new Error(resolved.error.message);
    expect(resolved.value.serial).toBe(serial);
    expect((await resolved.value.client.shell(serial, 'echo reached')).toString()).toBe('reached\n');
    const expected: DeviceInfo = {
      serial,
      state: 'device',
      server: 'local',
      manufacturer: sim.profile.manufacturer,
      model: sim.profile.model,
      apiLevel: 35,
      release: sim.profile.release,
      simulatedProfile: 'phone',
      operator: {
        packageName: 'com.androperator.operator',
        installed: true,
        serviceEnabled: true,
        reachable: true,
        versionName: '0.1.0',
      },
    };
    expect(resolved.value.info).toEqual(expected);
    expect(await subject.list()).toEqual({ ok: true, value: [expected] });
    expect((await subject.resolve(serial)).ok).toBe(true);
  });

  it('reuses a recent device list for resolve(serial), and polls again for a device it lacks', async () => {
    const own = await startIsolatedAdb();
    try {
      const first = await boot({}, { adb: own });
      // A window far longer than the test, so what is reused does not depend on timing.
      const subject = hub({ localPort: own.port, resolveListMaxAgeMs: 60_000 });
      expect((await subject.resolve(first.serial)).ok).toBe(true);
      // Without a serial resolve always polls: the device attached since needs one named now.
      const second = await boot({}, { adb: own });
      expect(await subject.resolve(undefined)).toMatchObject({
        ok: false,
        error: { code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED' },
      });
      // A serial the reused list lacks is looked up in a new poll rather than failing.
      const third = await boot({}, { adb: own });
      const resolved = await subject.resolve(third.serial);
      expect(resolved.ok && resolved.value.serial).toBe(third.serial);
      // With the server gone, resolve(serial) within the window still has the list it just read.
      await own.stop();
      expect((await subject.resolve(second.serial)).ok).toBe(true);
      // A hub that may not reuse lists polls (and, with the server gone, tries to start one with this test's
      // missing adb binary).
      const strict = hub({ localPort: own.port, resolveListMaxAgeMs: 0 });
      const stale = await strict.resolve(first.serial);
      expect(stale.ok ? 'resolved' : stale.error.code).toBe('ADB_NOT_FOUND');
    } finally {
      await own.stop();
    }
  });

  it('reports a missing Operator as not installed and not reachable', async () => {
    const { serial } = await boot({ operatorInstalled: false });
    const listed = await hub().list();
    expect(listed.ok && bySerial(listed.value, serial)?.operator).toEqual({
      packageName: 'com.androperator.operator',
      installed: false,
      serviceEnabled: false,
      reachable: false,
      problem: `The Operator (com.androperator.operator) is not installed on ${serial}.`,
    });
  });

  it('sees a disabled accessibility service, on demand and in the next event', async () => {
    const { sim, serial } = await boot();
    const subject = hub();
    const before = await subject.list();
    expect(before.ok && bySerial(before.value, serial)?.operator?.serviceEnabled).toBe(true);
    const changed = nextList(
      subject,
      (devices) => bySerial(devices, serial)?.operator?.serviceEnabled === false,
    );
    sim.state.putSetting('secure', 'enabled_accessibility_services', '');
    expect(await subject.operatorStatus(serial)).toMatchObject({
      ok: true,
      value: { installed: true, serviceEnabled: false, reachable: true },
    });
    await changed;
  });

  it('needs a deviceId with several devices, names them, and lists four devices quickly', async () => {
    const booted = await Promise.all(
      (['phone', 'tablet', 'legacy21', 'cutout28'] as const).map((profile) => boot({ profile })),
    );
    const serials = booted.map((item) => item.serial).sort();
    const subject = hub();
    const coldStart = performance.now();
    const cold = await subject.list();
    const coldMs = performance.now() - coldStart;
    const warmStart = performance.now();
    const warm = await subject.list();
    const warmMs = performance.now() - warmStart;
    console.info(`AdbHub.list() for 4 devices: cold ${coldMs.toFixed(1)} ms, warm ${warmMs.toFixed(1)} ms`);
    expect(warm).toEqual(cold);
    expect(cold.ok && cold.value.map((device) => [device.serial, device.simulatedProfile])).toEqual(
      serials.map((serial) => [serial, booted.find((item) => item.serial === serial)?.sim.profile.name]),
    );
    expect(cold.ok && cold.value.every((device) => device.operator?.reachable === true)).toBe(true);
    expect(warmMs).toBeLessThan(250);
    expect(await subject.resolve(undefined)).toMatchObject({
      ok: false,
      error: { code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED', details: { connected: serials } },
    });
    expect(await subject.resolve('127.0.0.1:1')).toMatchObject({
      ok: false,
      error: { code: 'DEVICE_NOT_FOUND', details: { deviceId: '127.0.0.1:1', connected: serials } },
    });
  });

  it('shows an unauthorized device and refuses it with the RSA prompt advice', async () => {
    const { serial } = await boot({}, { unauthorized: true, state: 'unauthorized' });
    const subject = hub();
    expect(await subject.list()).toEqual({
      ok: true,
      value: [{ serial, state: 'unauthorized', server: 'local' }],
    });
    const resolved = await subject.resolve(serial);
    expect(resolved).toMatchObject({
      ok: false,
      error: { code: 'DEVICE_UNAUTHORIZED', details: { deviceId: serial } },
    });
    expect(resolved.ok || resolved.error.message).toContain('Allow USB debugging');
  });

  it('fails with ADB_NOT_FOUND and install advice when the adb binary is missing', async () => {
    const port = await freePort();
    const subject = hub({ adbBinary: '/nonexistent/adb', localPort: port });
    const listed = await subject.list();
    expect(listed).toMatchObject({
      ok: false,
      error: { code: 'ADB_NOT_FOUND', details: { adbBinary: '/nonexistent/adb' } },
    });
    expect(listed.ok || listed.error.message).toContain(
      'sudo apt-get install adb; macOS: brew install android-platform-tools) or set ANDROPERATOR_ADB',
    );
    expect(await subject.resolve(undefined)).toMatchObject({ ok: false, error: { code: 'ADB_NOT_FOUND' } });
    const fromEnv = hub({
      adbBinary: undefined,
      localPort: undefined,
      env: { ANDROPERATOR_ADB: '/nonexistent/adb-from-env', ANDROID_ADB_SERVER_PORT: String(port) },
    });
    expect(await fromEnv.list()).toMatchObject({
      ok: false,
      error: { code: 'ADB_NOT_FOUND', details: { adbBinary: '/nonexistent/adb-from-env', port } },
    });
  });

  it('validates the Operator package and re-reads every status when it changes', async () => {
    const { serial } = await boot();
    expect(AdbHub.create({ env: {}, operatorPackage: 'not a package' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_OPERATOR_PACKAGE', message: '"not a package" is not an Android package name.' },
    });
    const subject = hub();
    await subject.list();
    expect(subject.setOperatorPackage('bad;pkg')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_OPERATOR_PACKAGE' },
    });
    expect(subject.setOperatorPackage('com.androperator.operator.dev')).toEqual({
      ok: true,
      value: undefined,
    });
    const listed = await subject.list();
    expect(listed.ok && bySerial(listed.value, serial)?.operator).toMatchObject({
      packageName: 'com.androperator.operator.dev',
      installed: false,
    });
  });
});

describe('AdbHub live tracking', () => {
  it('reports an unplugged device offline within the poll and back after replug, without duplicate events', async () => {
    const { sim, serial } = await boot();
    const subject = hub();
    const events: string[] = [];
    subject.subscribe((devices) => events.push(JSON.stringify(devices)));
    expect((await subject.start()).ok).toBe(true);
    const offline = nextList(subject, (devices) => bySerial(devices, serial)?.state !== 'device');
    const unpluggedAt = Date.now();
    await sim.device.unplug({ keepListening: false });
    const seen = bySerial(await offline, serial);
    expect(Date.now() - unpluggedAt).toBeLessThan(3000);
    expect(seen === undefined || (seen.state === 'offline' && seen.operator === undefined)).toBe(true);
    // An offline device keeps what it was: its model and API level, not a stale Operator status.
    if (seen !== undefined) expect(seen).toMatchObject({ model: sim.profile.model, apiLevel: 35 });
    const back = nextList(subject, (devices) => bySerial(devices, serial)?.operator?.reachable === true);
    await sim.device.replug();
    expect((await sim.attach(local.port)).ok).toBe(true);
    expect(bySerial(await back, serial)).toMatchObject({ state: 'device', apiLevel: 35 });
    for (let index = 1; index < events.length; index += 1) expect(events[index]).not.toBe(events[index - 1]);
  });

  it('re-reads the Operator status every Nth poll and after a package change', async () => {
    const { sim, serial } = await boot();
    const subject = hub({ operatorRefreshPolls: 2 });
    await subject.start();
    const disabled = nextList(
      subject,
      (devices) => bySerial(devices, serial)?.operator?.serviceEnabled === false,
    );
    sim.state.putSetting('secure', 'accessibility_enabled', '0');
    await disabled;
    const switched = nextList(
      subject,
      (devices) => bySerial(devices, serial)?.operator?.packageName === 'com.androperator.operator.dev',
    );
    subject.setOperatorPackage('com.androperator.operator.dev');
    expect(bySerial(await switched, serial)?.operator).toMatchObject({ installed: false, reachable: false });
  });

  it('adds an emulator-mode device and removes it when it closes', async () => {
    const subject = hub();
    await subject.start();
    const added = nextList(subject, (devices) =>
      devices.some((device) => device.serial.startsWith('emulator-')),
    );
    const { sim, serial } = await boot({}, { mode: 'emulator' });
    expect(bySerial(await added, serial)?.server).toBe('local');
    const removed = nextList(subject, (devices) => bySerial(devices, serial) === undefined);
    await sim.close();
    await removed;
  });
});

describe('AdbHub remote servers', () => {
  it('labels devices of a remote server and prefers the local server for a serial on both', async () => {
    const { sim, serial } = await boot({ profile: 'tablet' }, { adb: remote });
    const label = `127.0.0.1:${remote.port}`;
    const subject = hub();
    expect(await subject.addServer(`localhost:${remote.port}`)).toMatchObject({
      ok: true,
      value: { server: label, reachable: true, deviceCount: 1 },
    });
    const listed = await subject.list();
    expect(listed.ok && listed.value).toMatchObject([{ serial, server: label, simulatedProfile: 'tablet' }]);
    expect(await subject.resolve(undefined)).toMatchObject({
      ok: true,
      value: { serial, info: { server: label } },
    });
    expect((await sim.attach(local.port)).ok).toBe(true);
    await waitForDeviceState(local.client, serial, 'device', 3000);
    const both = await subject.list();
    expect(both.ok && both.value.map((device) => device.server)).toEqual(['local', label]);
    expect(await subject.resolve(serial)).toMatchObject({ ok: true, value: { info: { server: 'local' } } });
    expect(subject.removeServer(label)).toBe(true);
    expect(subject.removeServer(label)).toBe(false);
    expect(subject.servers().map((server) => server.server)).toEqual(['local']);
  });

  it('keeps listing local devices when a remote server is unreachable, and says why', async () => {
    const { serial } = await boot();
    const port = await freePort();
    const subject = hub();
    const added = await subject.addServer(`127.0.0.1:${port}`);
    expect(added).toMatchObject({
      ok: true,
      value: {
        reachable: false,
        error: { code: 'ADB_SERVER_UNAVAILABLE', details: { server: `127.0.0.1:${port}` } },
      },
    });
    const listed = await subject.list();
    expect(listed.ok && listed.value.map((device) => device.serial)).toEqual([serial]);
    expect(await subject.resolve(undefined)).toMatchObject({ ok: true, value: { serial } });
    expect(await subject.resolve('lab-device')).toMatchObject({
      error: { code: 'DEVICE_NOT_FOUND', details: { unavailableServers: [`127.0.0.1:${port}`] } },
    });
    expect(await subject.addServer('not a server')).toMatchObject({
      ok: false,
      error: { code: 'ADB_SERVER_UNAVAILABLE' },
    });
  });

  it('re-subscribes after a remote server restarts and sees devices attached afterwards', async () => {
    const restarted = await startIsolatedAdb();
    try {
      const subject = hub();
      const label = `127.0.0.1:${restarted.port}`;
      await subject.addServer(label);
      await subject.start();
      await waitFor(() => subject.servers()[1]?.tracking === true);
      await restarted.adb(['kill-server']);
      await waitFor(() => subject.servers()[1]?.reachable === false);
      expect((await restarted.adb(['start-server'])).code).toBe(0);
      await waitFor(
        () => subject.servers()[1]?.tracking === true && subject.servers()[1]?.reachable === true,
      );
      const appeared = nextList(subject, (devices) => devices.some((device) => device.server === label));
      await boot({}, { adb: restarted });
      await appeared;
    } finally {
      for (const created of hubs.splice(0)) await created.close();
      for (const sim of sims.splice(0)) await sim.close();
      await restarted.stop();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
