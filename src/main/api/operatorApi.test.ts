import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../shared/api/devices';
import { buildApk } from '../../test-support/apkBuild';
import type { SimulatedAndroid, SimulatedAndroidOptions } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { AdbHub } from '../devices/hub';
import { testHub } from '../../test-support/testHub';
import { parseChannelInput } from './channelInputs';
import { createConsoleApi } from './consoleApi';
import { testSetup, type TestSetup } from '../../test-support/apiFakes';

// The operator:* channels through createConsoleApi, with a real hub over a private adb server and simulated devices.

const PACKAGE = 'com.androperator.operator';
let adb: IsolatedAdb;
let hub: AdbHub;
let setup: TestSetup;
const running: SimulatedAndroid[] = [];

async function boot(
  options: SimulatedAndroidOptions = {},
): Promise<{ sim: SimulatedAndroid; serial: string }> {
  const booted = await bootSimulated(adb, options);
  running.push(booted.sim);
  return booted;
}

function api() {
  return createConsoleApi({ ...setup.dependencies, hub });
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
}, 30_000);

afterEach(async () => {
  await hub.close();
  await Promise.all(running.splice(0).map((sim) => sim.close()));
  await setup.cleanup();
});

afterAll(async () => {
  await adb.stop();
});

async function prepare(): Promise<void> {
  setup = await testSetup();
  // A binary that does not exist: the isolated server already runs and must not be replaced by a default one.
  hub = testHub({ adbBinary: '/nonexistent/adb-in-operator-tests', localPort: adb.port, env: {} });
}

describe('operator:* channels', () => {
  it('disables and enables the service; the device list follows each action', async () => {
    await prepare();
    const { sim, serial } = await boot();
    const lists: DeviceInfo[][] = [];
    hub.subscribe((devices) => lists.push(devices));
    const console = api();
    expect(await console['operator:status']({ serial })).toMatchObject({
      ok: true,
      value: {
        packageName: PACKAGE,
        installed: true,
        serviceEnabled: true,
        reachable: true,
        versionName: '0.1.0',
      },
    });
    expect(await console['operator:disable']({ serial })).toMatchObject({
      ok: true,
      value: { installed: true, serviceEnabled: false },
    });
    expect(sim.state.getSetting('secure', 'enabled_accessibility_services')).toBeUndefined();
    expect(lists.at(-1)?.find((device) => device.serial === serial)?.operator?.serviceEnabled).toBe(false);
    expect(await console['operator:enable']({ serial })).toMatchObject({
      ok: true,
      value: { serviceEnabled: true },
    });
    expect(lists.at(-1)?.find((device) => device.serial === serial)?.operator?.serviceEnabled).toBe(true);
    expect(await console['operator:openSettings']({ serial })).toEqual({ ok: true, value: { opened: true } });
    expect(sim.state.foreground.packageName).toBe('com.android.settings');
  }, 30_000);

  it('installs the Operator from an APK on this machine', async () => {
    await prepare();
    const { serial } = await boot({ operatorInstalled: false });
    const console = api();
    expect(await console['operator:status']({ serial })).toMatchObject({
      ok: true,
      value: { installed: false },
    });
    const apkPath = join(setup.directory, 'operator.apk');
    await writeFile(apkPath, buildApk({ packageName: PACKAGE, versionCode: 1, versionName: '0.1.0' }));
    expect(await console['operator:install']({ serial, apkPath })).toMatchObject({
      ok: true,
      value: { installed: true, reachable: true },
    });
    const missing = await console['operator:install']({ serial, apkPath: join(setup.directory, 'nope.apk') });
    expect(missing).toMatchObject({ ok: false, error: { code: 'FILE_NOT_FOUND' } });
  }, 30_000);

  it('reports an unknown device as DEVICE_NOT_FOUND on every channel', async () => {
    await prepare();
    const console = api();
    for (const channel of [
      'operator:status',
      'operator:enable',
      'operator:disable',
      'operator:openSettings',
    ] as const)
      expect(await console[channel]({ serial: 'no-such-device' })).toMatchObject({
        ok: false,
        error: { code: 'DEVICE_NOT_FOUND' },
      });
    expect(
      await console['operator:install']({ serial: 'no-such-device', apkPath: '/tmp/x.apk' }),
    ).toMatchObject({ ok: false, error: { code: 'DEVICE_NOT_FOUND' } });
  }, 30_000);
});

describe('operator:* inputs', () => {
  it('requires a serial, and for install an absolute apkPath', () => {
    expect(parseChannelInput('operator:enable', { serial: 'a' })).toEqual({
      ok: true,
      value: { serial: 'a' },
    });
    expect(parseChannelInput('operator:status', {})).toMatchObject({
      ok: false,
      error: { code: 'INVALID_BODY' },
    });
    expect(parseChannelInput('operator:disable', { serial: 'a b' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_DEVICE_ID' },
    });
    expect(parseChannelInput('operator:openSettings', { serial: 'a', extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_BODY' },
    });
    expect(parseChannelInput('operator:install', { serial: 'a', apkPath: '/x/op.apk' })).toEqual({
      ok: true,
      value: { serial: 'a', apkPath: '/x/op.apk' },
    });
    expect(parseChannelInput('operator:install', { serial: 'a', apkPath: 'op.apk' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PATH', details: { field: 'apkPath' } },
    });
    expect(parseChannelInput('operator:install', { serial: 'a' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_BODY' },
    });
  });
});
