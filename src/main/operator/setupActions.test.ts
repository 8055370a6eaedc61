import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApk, buildZip } from '../../test-support/apkBuild';
import { filesOf } from '../../simulator/device/files';
import type { SimulatedAndroid, SimulatedAndroidOptions } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { callAgent } from './agentClient';
import {
  checkApkFile,
  disableOperatorService,
  enableOperatorService,
  installApk,
  openAccessibilitySettings,
  restoreServices,
  type SetupTarget,
} from './setupActions';

// Operator setup against simulated devices over a private adb server.

const PACKAGE = 'com.androperator.operator';
const OURS = `${PACKAGE}/com.androperator.operator.OperatorAccessibilityService`;
const OTHER = 'com.example.reader/com.example.reader.ReaderService$Inner';
let adb: IsolatedAdb;
let directory: string;
const running: SimulatedAndroid[] = [];

async function boot(
  options: SimulatedAndroidOptions = {},
): Promise<{ sim: SimulatedAndroid; target: SetupTarget }> {
  const { sim, serial } = await bootSimulated(adb, options);
  running.push(sim);
  return { sim, target: { client: adb.client, serial, operatorPackage: PACKAGE } };
}

async function shell(target: SetupTarget, command: string): Promise<string> {
  return (await adb.client.shell(target.serial, command)).toString('utf8');
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  directory = await mkdtemp(join(tmpdir(), 'operator-setup-'));
}, 30_000);

afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});

afterAll(async () => {
  await adb.stop();
  await rm(directory, { recursive: true, force: true });
});

describe('enable and disable the accessibility service', () => {
  it('enables it next to another service, and disabling puts the other back alone', async () => {
    const { sim, target } = await boot({ serviceEnabled: false });
    sim.state.putSetting('secure', 'enabled_accessibility_services', OTHER);
    const enabled = await enableOperatorService(target);
    expect(enabled).toEqual({ ok: true, value: { previous: OTHER } });
    expect(sim.state.getSetting('secure', 'enabled_accessibility_services')).toBe(`${OTHER}:${OURS}`);
    expect(sim.state.getSetting('secure', 'accessibility_enabled')).toBe('1');
    expect(sim.operator.serviceConnected).toBe(true);
    expect((await enableOperatorService(target)).ok).toBe(true);
    expect(sim.state.getSetting('secure', 'enabled_accessibility_services')).toBe(`${OTHER}:${OURS}`);
    expect(await disableOperatorService(target)).toEqual({
      ok: true,
      value: { previous: `${OTHER}:${OURS}` },
    });
    expect(sim.state.getSetting('secure', 'enabled_accessibility_services')).toBe(OTHER);
  }, 20_000);

  it('deletes the setting when the Operator was the only service; a set then reports SERVICE_UNAVAILABLE', async () => {
    const { target } = await boot();
    expect(await disableOperatorService(target)).toEqual({ ok: true, value: { previous: OURS } });
    expect(await shell(target, 'settings get secure enabled_accessibility_services')).toBe('null\n');
    const answer = await callAgent(
      target,
      {
        v: 1,
        type: 'execute',
        id: 'e1',
        execution: {
          commandId: 'c1',
          taskId: 't',
          source: 'test',
          expectedFormat: 'android-ui-automator',
          timeoutMs: 5000,
          actions: [{ id: 's', type: 'set_on_screen_log', params: { text: 'x' } }],
        },
      },
      10_000,
    );
    expect(
      answer.ok && answer.value.type === 'execute_result' && answer.value.envelope.stepResults[0]?.data,
    ).toMatchObject({ error: 'ON_SCREEN_LOG_SERVICE_UNAVAILABLE' });
    expect(await restoreServices(target, OURS)).toEqual({ ok: true, value: undefined });
    expect(await shell(target, 'settings get secure enabled_accessibility_services')).toBe(`${OURS}\n`);
    expect((await restoreServices(target, null)).ok).toBe(true);
    expect(await shell(target, 'settings get secure enabled_accessibility_services')).toBe('null\n');
  }, 20_000);

  it('reports a device without a settings command as OPERATOR_SETTINGS_FAILED', async () => {
    const { sim, target } = await boot();
    sim.device.commands.unregister('settings');
    const failed = await enableOperatorService(target);
    expect(failed).toMatchObject({ ok: false, error: { code: 'OPERATOR_SETTINGS_FAILED' } });
  }, 20_000);
});

describe('openAccessibilitySettings', () => {
  it('brings the accessibility settings to the foreground', async () => {
    const { target } = await boot();
    expect(await openAccessibilitySettings(target)).toEqual({ ok: true, value: undefined });
    expect(await shell(target, 'dumpsys window | grep mCurrentFocus')).toContain(
      'com.android.settings/com.android.settings.Settings$AccessibilitySettingsActivity',
    );
  }, 20_000);
});

describe('installApk', () => {
  it('pushes and installs an APK on a device without the Operator', async () => {
    const { sim, target } = await boot({ operatorInstalled: false });
    expect(await shell(target, `pm path ${PACKAGE}`)).toBe('');
    const path = join(directory, 'operator.apk');
    await writeFile(path, buildApk({ packageName: PACKAGE, versionCode: 3, versionName: '0.3.0' }));
    expect(await installApk(target, path)).toEqual({ ok: true, value: undefined });
    expect(await shell(target, `pm path ${PACKAGE}`)).toBe(`package:/data/app/${PACKAGE}-1/base.apk\n`);
    expect(sim.state.getPackage(PACKAGE)).toMatchObject({ versionCode: 3, versionName: '0.3.0' });
    // The pushed copy is removed after pm install, as adbkit's install does on a real phone.
    expect(filesOf(sim.state).read('/data/local/tmp/operator.apk')).toBeUndefined();
  }, 20_000);

  it("reports pm's failure for a zip that is not an APK", async () => {
    const { target } = await boot({ operatorInstalled: false });
    const path = join(directory, 'empty.apk');
    await writeFile(path, buildZip([{ name: 'readme.txt', data: Buffer.from('no manifest') }]));
    const failed = await installApk(target, path);
    expect(failed).toMatchObject({
      ok: false,
      error: { code: 'OPERATOR_INSTALL_FAILED', details: { reason: 'INSTALL_PARSE_FAILED_NOT_APK' } },
    });
  }, 20_000);

  it('checks the local file before touching the device', async () => {
    expect(await checkApkFile(join(directory, 'missing.apk'))).toMatchObject({
      ok: false,
      error: { code: 'FILE_NOT_FOUND' },
    });
    const text = join(directory, 'notes.apk');
    await writeFile(text, 'plain text');
    expect(await checkApkFile(text)).toMatchObject({ ok: false, error: { code: 'INVALID_APK' } });
    expect(await checkApkFile(directory)).toMatchObject({ ok: false, error: { code: 'INVALID_APK' } });
  });
});
