import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../../../test-support/isolatedAdb';
import { SimulatedAndroid } from '../../../simulatedAndroid';

// dumpsys through the real adb CLI (shell_v2: stdout, stderr and exit status apart) against simulated phones of two
// API levels on an isolated adb server, read with the regular expressions Appium's adb layer applies.

// appium-adb getFocusedPackageAndActivity: `dumpsys window displays` on API 29+, `dumpsys window windows` before.
const FOCUSED_APP = /mFocusedApp.+Record\{.*\s([^\s/}]+)\/([^\s/},]+),?(\s[^\s/}]+)*\}/;
const CURRENT_FOCUS = /mCurrentFocus.+\{.+\s([^\s/]+)\/([^\s]+)\b/;

let adb: IsolatedAdb;
const devices: SimulatedAndroid[] = [];

async function attached(profile: string): Promise<string> {
  const started = await SimulatedAndroid.start({ profile });
  if (!started.ok) throw new Error(started.error.message);
  devices.push(started.value);
  const result = await started.value.attach(adb.port);
  if (!result.ok) throw new Error(result.error.message);
  await waitForDeviceState(adb.client, result.value.serial, 'device', 5000);
  return result.value.serial;
}

async function shell(
  serial: string,
  command: string,
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const run = await adb.adb(['-s', serial, 'shell', command]);
  return { stdout: run.stdout.toString(), stderr: run.stderr, code: run.code };
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterAll(async () => {
  for (const device of devices) await device.device.close();
  await adb?.stop();
});

describe('dumpsys over adb shell', () => {
  it('answers Appium-style focus queries per API level', { timeout: 60_000 }, async () => {
    const phone = await attached('phone');
    await shell(phone, 'am start -n com.simmail.android/.InboxActivity');
    const displays = await shell(phone, 'dumpsys window displays');
    expect(displays.code).toBe(0);
    expect(FOCUSED_APP.exec(displays.stdout)?.slice(1, 3)).toEqual(['com.simmail.android', '.InboxActivity']);
    const focus = CURRENT_FOCUS.exec(displays.stdout);
    expect(focus?.[1]).toBe('com.simmail.android');
    expect(focus?.[2]).toMatch(/^com\.simmail\.android\.InboxActivity\b/);

    const notched = await attached('cutout28');
    const windows = await shell(notched, 'dumpsys window windows');
    expect(FOCUSED_APP.exec(windows.stdout)?.[1]).toBe('com.shoply.android');
    expect((await shell(notched, 'dumpsys window displays')).stdout).not.toContain('mCurrentFocus');
  });

  it(
    'reports package permissions, battery and a missing service as a device does',
    { timeout: 60_000 },
    async () => {
      const phone = await attached('phone');
      const granted = await shell(phone, "dumpsys package com.shoply.android | grep -E 'granted='");
      expect(granted.stdout).toContain('      android.permission.INTERNET: granted=true\n');
      expect(granted.stdout).toContain('        android.permission.CAMERA: granted=false, flags=[');
      expect((await shell(phone, "dumpsys battery | grep -E '^  level:'")).stdout).toBe('  level: 78\n');
      const missing = await shell(phone, 'dumpsys nosuchservice');
      expect(missing).toEqual({ stdout: '', stderr: "Can't find service: nosuchservice\n", code: 0 });
      const list = await shell(phone, 'dumpsys -l');
      expect(list.stdout).toMatch(/^Currently running services:\n {2}SurfaceFlinger\n {2}activity\n/);
      const crashes = await shell(
        phone,
        'dumpsys dropbox --print data_app_crash data_app_anr | grep -c ^Process:',
      );
      expect(crashes.stdout).toBe('2\n');
    },
  );
});
