import { describe, expect, it } from 'vitest';
import { startIsolatedAdb } from '../../test-support/isolatedAdb';
import { freePort } from '../../test-support/isolatedAdb';
import { AdbHub } from './hub';
import type { DeviceInfo } from './types';
import { hub, boot, nextList, bySerial, local, useHubServers } from '../../test-support/hubFixture';

// The hub against two isolated adb servers ("local" and a "remote" lab server) and simulated devices.
useHubServers();

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
