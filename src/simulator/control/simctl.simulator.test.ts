import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../simulatedAndroid';

// simctl over the real adb server: what a test or a person at a terminal switches, observed through ordinary
// device commands (screencap, settings, getprop) and the adb server's device state.

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial: string;

async function shell(command: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const run = await adb.adb(['-s', serial, 'shell', command], { timeoutMs: 20_000 });
  return { stdout: run.stdout.toString('utf8'), stderr: run.stderr, code: run.code };
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { profile: 'phone' }));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

describe('simctl', () => {
  it('prints its help; no command or a bad one is a usage error (status 2)', async () => {
    const help = await shell('simctl help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('fault screencap delay MS|fail|ok');
    expect((await shell('simctl')).code).toBe(2);
    const unknown = await shell('simctl explode');
    expect(unknown).toMatchObject({
      code: 2,
      stderr: "simctl: unknown command 'explode'; see simctl help\n",
    });
    expect((await shell('simctl fault screencap delay lots')).stderr).toBe(
      'usage: simctl fault screencap delay MS (0..600000)\n',
    );
  });

  it('makes screencap fail and recover, and reports the faults in status', async () => {
    expect((await shell('simctl fault screencap fail')).code).toBe(0);
    const failed = await shell('screencap -p > /dev/null');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('SurfaceFlinger capture failed');
    expect(JSON.parse((await shell('simctl status')).stdout)).toMatchObject({
      faults: { screencap: { fail: true } },
    });
    expect((await shell('simctl fault clear')).code).toBe(0);
    expect((await shell('screencap -p > /dev/null')).code).toBe(0);
  });

  it('turns the Operator service off and on as Settings would', async () => {
    const component = 'com.androperator.operator/com.androperator.operator.OperatorAccessibilityService';
    await shell('simctl operator disable');
    expect((await shell('settings get secure enabled_accessibility_services')).stdout).not.toContain(
      component,
    );
    await shell('simctl operator enable');
    expect((await shell('settings get secure enabled_accessibility_services')).stdout).toContain(component);
  });

  it('changes locale, font scale, rotation and radios', async () => {
    await shell('simctl locale de-DE; simctl font-scale 1.3; simctl rotate 90; simctl wifi off');
    expect((await shell('getprop persist.sys.locale')).stdout).toBe('de-DE\n');
    expect((await shell('settings get system font_scale')).stdout).toBe('1.3\n');
    expect((await shell('settings get system user_rotation')).stdout).toBe('1\n');
    expect((await shell('settings get global wifi_on')).stdout).toBe('0\n');
  });

  it('crashes and ANRs a running app, seen in logcat and dropbox; an app not running is refused', async () => {
    await shell('monkey -p com.shoply.android -c android.intent.category.LAUNCHER 1');
    const pid = (await shell('pidof com.shoply.android')).stdout.trim();
    expect(pid).toMatch(/^\d+$/);
    expect((await shell('simctl anr com.shoply.android')).code).toBe(0);
    expect((await shell('logcat -d -b system -s ActivityManager:E')).stdout).toContain(
      'ANR in com.shoply.android',
    );
    expect((await shell('simctl crash com.shoply.android')).code).toBe(0);
    const crash = (await shell('logcat -d -b crash')).stdout;
    expect(crash).toContain('FATAL EXCEPTION: main');
    expect(crash).toContain(`Process: com.shoply.android, PID: ${pid}`);
    expect((await shell('pidof com.shoply.android')).code).toBe(1);
    expect((await shell('dumpsys dropbox')).stdout).toContain('data_app_crash');
    const again = await shell('simctl crash com.shoply.android');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^simctl: /);
  });

  it('lists the streams the device received', async () => {
    await shell('getprop ro.product.model');
    const log = (await shell('simctl received 2')).stdout.trim().split('\n');
    expect(log).toHaveLength(2);
    // The adb CLI opens `shell,v2,TERM=<its TERM>,raw:<command>`.
    expect(log[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z shell,v2,(TERM=[^,]*,)?raw:getprop ro.product.model$/);
    expect(log[1]).toMatch(/ shell,v2,(TERM=[^,]*,)?raw:simctl received 2$/);
  });

  it(
    'unplugs the device for a while: the adb server sees it go offline and come back',
    { timeout: 30_000 },
    async () => {
      expect((await shell('simctl unplug 1500')).code).toBe(0);
      await waitForDeviceState(adb.client, serial, 'offline', 10_000);
      await waitForDeviceState(adb.client, serial, 'device', 20_000);
      expect((await shell('echo back')).stdout).toBe('back\n');
    },
  );
});
