import { describe, expect, it } from 'vitest';
import { runShell } from '../../../test-support/runShell';
import { DeviceState } from '../../device/state';

const app = { packageName: 'com.example.app', launchActivity: '.Main' };

describe('cmd, monkey, ime, standby buckets', () => {
  it('cmd package lists and resolves; monkey launches; wm dismiss-keyguard succeeds', async () => {
    const state = new DeviceState({ packages: [app] });
    expect((await runShell('cmd package list packages -3', { state })).stdout.toString()).toBe(
      'package:com.example.app\n',
    );
    expect(
      (await runShell('cmd package resolve-activity --brief com.example.app', { state })).stdout.toString(),
    ).toBe(
      'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\ncom.example.app/.Main\n',
    );
    expect((await runShell('am get-standby-bucket com.example.app', { state })).stdout.toString()).toBe(
      '40\n',
    );
    const launched = await runShell('monkey -p com.example.app -c android.intent.category.LAUNCHER 1', {
      state,
    });
    expect(launched.stdout.toString()).toContain('Events injected: 1\n');
    expect(state.foreground).toEqual({ packageName: 'com.example.app', activity: 'com.example.app.Main' });
    expect((await runShell('am get-standby-bucket com.example.app', { state })).stdout.toString()).toBe(
      '10\n',
    );
    expect((await runShell('ime list -s', { state })).stdout.toString()).toBe(
      'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME\n',
    );
    expect(await runShell('wm dismiss-keyguard', { state })).toMatchObject({ status: 0 });
    expect(await runShell('cmd nosuch', { state })).toMatchObject({
      status: 20,
      stderr: "cmd: Can't find service: nosuch\n",
    });
  });
});

describe('cmd location', () => {
  it('answers from secure location_mode and switches it; absent before API 31', async () => {
    const state = new DeviceState({ properties: { 'ro.build.version.sdk': '35' } });
    expect((await runShell('cmd location is-location-enabled', { state })).stdout.toString()).toBe('true\n');
    expect((await runShell('cmd location set-location-enabled false', { state })).status).toBe(0);
    expect(state.getSetting('secure', 'location_mode')).toBe('0');
    expect((await runShell('cmd location is-location-enabled', { state })).stdout.toString()).toBe('false\n');
    expect((await runShell('cmd -l', { state })).stdout.toString()).toContain('location\n');

    const legacy = new DeviceState({ properties: { 'ro.build.version.sdk': '30' } });
    const missing = await runShell('cmd location is-location-enabled', { state: legacy });
    expect(missing.status).toBe(20);
    expect(missing.stderr.toString()).toBe("cmd: Can't find service: location\n");
    expect((await runShell('cmd -l', { state: legacy })).stdout.toString()).not.toContain('location');
  });

  it('ps --help prints toybox usage with -A (what Appium probes); other commands are unchanged', async () => {
    const help = await runShell('ps --help');
    expect(help.status).toBe(0);
    expect(help.stdout.toString()).toMatch(/^usage: ps \[-AadefLlnwZ\]/);
    expect(help.stdout.toString()).toMatch(/^-A\tAll/m);
  });
});

describe('cmd statusbar', () => {
  it('accepts the shade commands and refuses unknown verbs with its usage', async () => {
    expect((await runShell('cmd statusbar expand-notifications')).status).toBe(0);
    expect((await runShell('cmd statusbar collapse')).status).toBe(0);
    const bad = await runShell('cmd statusbar fly');
    expect(bad.status).toBe(255);
    expect(bad.stderr.toString()).toMatch(/^usage: cmd statusbar/);
  });
});

describe('service (servicemanager)', () => {
  it('lists the registered binder services with their interfaces and checks names', async () => {
    const state = new DeviceState({ properties: { 'ro.build.version.sdk': '30' } });
    const list = (await runShell('service list', { state })).stdout.toString().split('\n');
    const count = Number(/^Found (\d+) services:$/.exec(list[0] ?? '')?.[1]);
    expect(list.slice(1, -1)).toHaveLength(count);
    expect(list).toContain('1\tactivity: [android.app.IActivityManager]');
    expect(list.some((line) => line.includes('\tpackage: [android.content.pm.IPackageManager]'))).toBe(true);
    // `cmd location` (and its service) arrived in API 31.
    expect(list.some((line) => line.includes('\tlocation:'))).toBe(false);
    expect((await runShell('service check activity', { state })).stdout.toString()).toBe(
      'Service activity: found\n',
    );
    const missing = await runShell('service check no.such', { state });
    expect([missing.stdout.toString(), missing.status]).toEqual(['Service no.such: not found\n', 0]);
    expect((await runShell('service', { state })).status).toBe(10);
  });
});
