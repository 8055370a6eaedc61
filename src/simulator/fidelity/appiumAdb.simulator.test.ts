import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADB } from 'appium-adb';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApk } from '../../test-support/apkBuild';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { filesOf } from '../device/files';
import type { SimulatedAndroid } from '../simulatedAndroid';

// Fidelity measured with a real third-party Node client: appium-adb 16 (what Appium's UiAutomator2 driver uses)
// drives a simulated Pixel 7 (API 35) through the real adb CLI on an isolated adb server. Every call below parses
// device output its own way; a wrong layout makes it throw or answer null.

const SDK_ROOT = '/usr/lib/android-sdk';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let client: ADB;
let local: string;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  local = await mkdtemp(join(tmpdir(), 'sim-appium-'));
  const booted = await bootSimulated(adb, { profile: 'phone' });
  sim = booted.sim;
  const serial = booted.serial;
  client = await ADB.createADB({
    sdkRoot: SDK_ROOT,
    adbPort: adb.port,
    udid: serial,
    suppressKillServer: true,
    adbExecTimeout: 20_000,
  });
  client.setDeviceId(serial);
});

afterAll(async () => {
  await sim?.device.close();
  await adb?.stop();
  if (local) await rm(local, { recursive: true, force: true });
});

describe('appium-adb 16 against a simulated Pixel 7 (API 35)', () => {
  it('lists the device and reads its identity, screen and locale', { timeout: 60_000 }, async () => {
    const serial = client.curDeviceId as string;
    expect(await client.getConnectedDevices()).toEqual([{ udid: serial, state: 'device' }]);
    expect(await client.isDeviceConnected()).toBe(true);
    expect(await client.getApiLevel()).toBe(35);
    expect(await client.getPlatformVersion()).toBe('15');
    expect(await client.getModel()).toBe('Pixel 7');
    expect(await client.getManufacturer()).toBe('Google');
    expect(await client.getScreenSize()).toBe('1080x2400');
    expect(await client.getScreenDensity()).toBe(420);
    expect(await client.getDeviceLocale()).toBe('en-US');
    expect(await client.getDeviceSysLocale()).toBe('en-US');
    expect(await client.getDeviceLanguage()).toBe('en');
    expect(await client.getTimeZone()).toBe('UTC');
  });

  it('reads settings and radio states as a phone reports them', { timeout: 60_000 }, async () => {
    expect(await client.isAirplaneModeOn()).toBe(false);
    expect(await client.isWifiOn()).toBe(true);
    expect(await client.isDataOn()).toBe(true);
    expect(await client.isAnimationOn()).toBe(true);
    expect(await client.getSetting('global', 'airplane_mode_on')).toBe('0');
    // `cmd location is-location-enabled` (API 31+) answers from secure location_mode.
    expect(await client.getLocationProviders()).toEqual(['gps']);
    expect(await client.isScreenLocked()).toBe(false);
  });

  it('reads input methods and the soft keyboard', { timeout: 60_000 }, async () => {
    const latin = 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME';
    expect(await client.availableIMEs()).toEqual([latin]);
    expect(await client.defaultIME()).toBe(latin);
    expect(await client.isSoftKeyboardPresent()).toEqual({ isKeyboardShown: false, canCloseKeyboard: false });
  });

  it('finds processes through `ps --help` and `ps -A`', { timeout: 60_000 }, async () => {
    const pids = await client.getProcessIdsByName('system_server');
    expect(pids).toHaveLength(1);
    expect(await client.getProcessNameById(pids[0] as number)).toBe('system_server');
    expect(await client.processExists('system_server')).toBe(true);
    expect(await client.processExists('com.example.not.running')).toBe(false);
  });

  it('runs shell commands, lists, pushes and pulls files', { timeout: 60_000 }, async () => {
    expect(await client.shell(['echo', 'hello'])).toBe('hello');
    expect(await client.ls('/sdcard')).toContain('Download');
    const source = join(local, 'note.txt');
    await writeFile(source, 'pushed by appium-adb\n');
    await client.push(source, '/sdcard/Download/note.txt');
    expect(filesOf(sim.device.state).read('/sdcard/Download/note.txt')?.data.toString('utf8')).toBe(
      'pushed by appium-adb\n',
    );
    expect(await client.fileExists('/sdcard/Download/note.txt')).toBe(true);
    const back = join(local, 'back.txt');
    await client.pull('/sdcard/Download/note.txt', back);
    expect(await readFile(back, 'utf8')).toBe('pushed by appium-adb\n');
  });

  it('installs, inspects and uninstalls an app', { timeout: 60_000 }, async () => {
    const apk = join(local, 'shop.apk');
    await writeFile(
      apk,
      buildApk({ packageName: 'com.example.appium', versionCode: 12, versionName: '1.2' }),
    );
    await client.install(apk, { replace: true });
    expect(sim.device.state.getPackage('com.example.appium')?.versionCode).toBe(12);
    expect(await client.isAppInstalled('com.example.appium')).toBe(true);
    expect(await client.getPackageInfo('com.example.appium')).toMatchObject({
      name: 'com.example.appium',
      isInstalled: true,
      versionName: '1.2',
      versionCode: 12,
    });
    expect(await client.uninstallApk('com.example.appium')).toBe(true);
    expect(sim.device.state.getPackage('com.example.appium')).toBeUndefined();
  });

  it('takes a screenshot the size of the display', { timeout: 60_000 }, async () => {
    const png = PNG.sync.read(await client.takeScreenshot());
    expect([png.width, png.height]).toEqual([1080, 2400]);
  });
});
