import { describe, expect, it } from 'vitest';
import { DeviceState, type DeviceStateEvents } from '../../device/state';
import { runShell } from '../../../test-support/runShell';

const APP = {
  packageName: 'com.example.shop',
  label: 'Shop',
  versionCode: 42,
  versionName: '4.2',
  launchActivity: '.MainActivity',
};

function device(): DeviceState {
  return new DeviceState({ packages: [APP, { packageName: 'com.example.notes' }] });
}

describe('pm', () => {
  it('lists packages sorted, with -f paths, -3/-s and a filter', async () => {
    const state = device();
    const all = (await runShell('pm list packages', { state })).stdout.toString();
    expect(all).toBe(
      [
        'com.android.launcher3',
        'com.android.settings',
        'com.android.shell',
        'com.android.systemui',
        'com.example.notes',
        'com.example.shop',
      ]
        .map((name) => `package:${name}\n`)
        .join(''),
    );
    expect((await runShell('pm list packages -3 -f', { state })).stdout.toString()).toBe(
      'package:/data/app/com.example.notes/base.apk=com.example.notes\npackage:/data/app/com.example.shop/base.apk=com.example.shop\n',
    );
    expect((await runShell('pm list packages -s settings', { state })).stdout.toString()).toBe(
      'package:com.android.settings\n',
    );
    expect((await runShell('pm list packages --show-versioncode shop', { state })).stdout.toString()).toBe(
      'package:com.example.shop versionCode:42\n',
    );
    expect((await runShell('pm list packages --user 0 shop 2>/dev/null', { state })).stdout.toString()).toBe(
      'package:com.example.shop\n',
    );
    expect(await runShell('pm list packages -x', { state })).toMatchObject({
      status: 255,
      stderr: 'Error: Unknown option: -x\n',
    });
  });

  it('pm path prints the apk or nothing with status 1', async () => {
    const state = device();
    expect(await runShell('pm path com.example.shop', { state })).toMatchObject({ status: 0 });
    expect((await runShell('pm path com.example.shop', { state })).stdout.toString()).toBe(
      'package:/data/app/com.example.shop/base.apk\n',
    );
    const missing = await runShell('pm path com.example.absent', { state });
    expect(missing.status).toBe(1);
    expect(missing.output.length).toBe(0);
    expect((await runShell('pm path', { state })).status).toBe(255);
  });

  it('lists features', async () => {
    const state = new DeviceState({ features: ['reqGlEsVersion=0x30000', 'android.hardware.touchscreen'] });
    expect((await runShell('pm list features 2>/dev/null', { state })).stdout.toString()).toBe(
      'feature:reqGlEsVersion=0x30000\nfeature:android.hardware.touchscreen\n',
    );
  });

  it('clears and uninstalls packages', async () => {
    const state = device();
    expect((await runShell('pm clear com.example.shop', { state })).stdout.toString()).toBe('Success\n');
    expect(await runShell('pm clear com.example.absent', { state })).toMatchObject({ status: 1 });
    state.setForeground({ packageName: 'com.example.shop', activity: '.MainActivity' });
    expect((await runShell('pm uninstall com.example.shop', { state })).stdout.toString()).toBe('Success\n');
    expect(state.getPackage('com.example.shop')).toBeUndefined();
    expect(state.foreground.packageName).toBe('com.android.launcher3');
    expect((await runShell('pm uninstall com.example.shop', { state })).stdout.toString()).toBe(
      'Failure [DELETE_FAILED_INTERNAL_ERROR]\n',
    );
    expect((await runShell('pm', { state })).status).toBe(255);
    expect((await runShell('pm list', { state })).status).toBe(255);
    // pm install exists (pmInstall.test.ts); a file that was never pushed fails like pm, with status 1.
    expect((await runShell('pm install /data/local/tmp/a.apk', { state })).status).toBe(1);
  });
});

describe('am', () => {
  it('am start -n brings the activity to the foreground', async () => {
    const state = device();
    const changes: Array<DeviceStateEvents['foreground']> = [];
    state.on('foreground', (event) => changes.push(event));
    const run = await runShell('am start -n com.example.shop/.MainActivity', { state });
    expect(run.stdout.toString()).toBe('Starting: Intent { cmp=com.example.shop/.MainActivity }\n');
    expect(state.foreground).toEqual({
      packageName: 'com.example.shop',
      activity: 'com.example.shop.MainActivity',
    });
    expect(changes).toHaveLength(1);
    const again = await runShell("am start -n 'com.example.shop/com.example.shop.MainActivity'", { state });
    expect(again.stdout.toString()).toContain(
      'Warning: Activity not started, intent has been delivered to currently running top-most instance.',
    );
    expect(changes).toHaveLength(1);
  });

  it('am start -W prints launch timing', async () => {
    const run = await runShell('am start -W -n com.example.shop/.MainActivity', { state: device() });
    expect(run.stdout.toString()).toMatch(
      /Status: ok\nLaunchState: COLD\nActivity: com\.example\.shop\/\.MainActivity\nTotalTime: \d+\nWaitTime: \d+\nComplete\n$/,
    );
  });

  it('am start of a missing package reports Error type 3 and status 1', async () => {
    const run = await runShell('am start -n com.example.absent/.Main', { state: device() });
    expect(run.status).toBe(1);
    expect(run.output.toString()).toBe(
      'Starting: Intent { cmp=com.example.absent/.Main }\nError type 3\nError: Activity class {com.example.absent/com.example.absent.Main} does not exist.\n',
    );
  });

  it('am start -a android.settings.ACCESSIBILITY_SETTINGS opens Settings', async () => {
    const state = device();
    const run = await runShell('am start -a android.settings.ACCESSIBILITY_SETTINGS', { state });
    expect(run.stdout.toString()).toBe('Starting: Intent { act=android.settings.ACCESSIBILITY_SETTINGS }\n');
    expect(state.foreground).toEqual({
      packageName: 'com.android.settings',
      activity: 'com.android.settings.Settings$AccessibilitySettingsActivity',
    });
  });

  it('resolves HOME and package launcher intents, and reports unresolvable ones', async () => {
    const state = device();
    await runShell(
      'am start -a android.intent.action.MAIN -c android.intent.category.LAUNCHER -p com.example.shop',
      { state },
    );
    expect(state.foreground.activity).toBe('com.example.shop.MainActivity');
    await runShell('am start -a android.intent.action.MAIN -c android.intent.category.HOME', { state });
    expect(state.foreground.packageName).toBe('com.android.launcher3');
    const run = await runShell('am start -a com.example.NOTHING', { state });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'Error: Activity not started, unable to resolve Intent { act=com.example.NOTHING flg=0x10000000 }\n',
    );
  });

  it('am start with extras and flags describes the intent like Android', async () => {
    const run = await runShell(
      "am start -n com.example.shop/.MainActivity -f 0x10000000 --es key 'a value' --ez flag true -d https://x.test/p -t text/plain",
      { state: device() },
    );
    expect(run.stdout.toString()).toBe(
      'Starting: Intent { dat=https://x.test/p typ=text/plain flg=0x10000000 cmp=com.example.shop/.MainActivity (has extras) }\n',
    );
  });

  it('rejects unknown options and incomplete extras with 255', async () => {
    expect(await runShell('am start --bogus', { state: device() })).toMatchObject({
      status: 255,
      stderr: 'Error: Unknown option: --bogus\n',
    });
    expect(await runShell('am start --es onlykey', { state: device() })).toMatchObject({
      status: 255,
      stderr: 'Error: No value specified for option --es\n',
    });
    expect(await runShell('am start -n', { state: device() })).toMatchObject({ status: 255 });
    expect(await runShell('am', { state: device() })).toMatchObject({ status: 255 });
    expect(await runShell('am stack list', { state: device() })).toMatchObject({
      status: 255,
      stderr: 'Unknown command: stack\n',
    });
  });

  it('am force-stop sends the foreground app home and ignores others', async () => {
    const state = device();
    await runShell('am start -n com.example.shop/.MainActivity', { state });
    await runShell('am force-stop com.example.notes', { state });
    expect(state.foreground.packageName).toBe('com.example.shop');
    expect((await runShell('am force-stop --user 0 com.example.shop', { state })).output.length).toBe(0);
    expect(state.foreground.packageName).toBe('com.android.launcher3');
    expect((await runShell('am force-stop', { state })).status).toBe(255);
  });

  it('am broadcast prints Android lines and emits the intent', async () => {
    const state = device();
    const intents: Array<DeviceStateEvents['broadcast']> = [];
    state.on('broadcast', (intent) => intents.push(intent));
    const payload = '{"commandId":"c1","actions":[{"type":"set","text":"a && b"}]}';
    const run = await runShell(
      `am broadcast -a app.androperator.operator.ACTION_AGENT_COMMAND -p com.androperator.operator --es payload '${payload}' --receiver-foreground`,
      { state },
    );
    expect(run.stdout.toString()).toBe(
      'Broadcasting: Intent { act=app.androperator.operator.ACTION_AGENT_COMMAND flg=0x10400000 pkg=com.androperator.operator (has extras) }\nBroadcast completed: result=0\n',
    );
    expect(intents).toEqual([
      {
        action: 'app.androperator.operator.ACTION_AGENT_COMMAND',
        packageName: 'com.androperator.operator',
        extras: { payload },
        flags: ['--receiver-foreground'],
      },
    ]);
    expect((await runShell('am broadcast --ei', { state })).status).toBe(255);
  });
});

describe('pm grant and revoke', () => {
  it('changes requested runtime permissions as dumpsys package shows them, refusing others like Android', async () => {
    const state = new DeviceState({
      packages: [APP],
      properties: { 'ro.build.version.sdk': '35' },
    });
    const camera = async (): Promise<string | undefined> =>
      /android\.permission\.CAMERA: granted=(\w+)/.exec(
        (await runShell('dumpsys package com.example.shop', { state })).stdout.toString(),
      )?.[1];
    expect(await camera()).toBe('false');
    const granted = await runShell('pm grant com.example.shop android.permission.CAMERA', { state });
    expect([granted.status, granted.stdout.toString(), granted.stderr]).toEqual([0, '', '']);
    expect(await camera()).toBe('true');
    expect(
      (await runShell('pm revoke --user 0 com.example.shop android.permission.CAMERA', { state })).status,
    ).toBe(0);
    expect(await camera()).toBe('false');

    const unknown = await runShell('pm grant com.example.absent android.permission.CAMERA', { state });
    expect([unknown.status, unknown.stderr]).toEqual([
      255,
      "Exception occurred while executing 'grant':\njava.lang.IllegalArgumentException: Unknown package: com.example.absent\n",
    ]);
    expect(
      (await runShell('pm grant com.example.shop android.permission.RECORD_AUDIO', { state })).stderr,
    ).toContain('has not requested permission android.permission.RECORD_AUDIO');
    expect(
      (await runShell('pm grant com.example.shop android.permission.INTERNET', { state })).stderr,
    ).toContain('is not a changeable permission type');
  });
});
