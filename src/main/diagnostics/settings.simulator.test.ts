// android_settings through runTool on a simulated phone: what the device received and what the tool answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import { androidSettings } from './settings';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim } = await bootSimulated(adb));
});

afterAll(async () => {
  await sim.close();
  await adb.stop();
});

const call = (args: unknown) =>
  runTool(androidSettings, { arguments: args, resolver: isolatedResolver(adb), approve: NO_APPROVER });

describe('android_settings', () => {
  it('reads one key with settings get and the value quoted', async () => {
    const result = await call({ namespace: 'system', key: 'font_scale' });
    expect(result).toMatchObject({
      ok: true,
      value: { kind: 'settings', result: { status: 'complete', stdout: '1.0\n', exit_code: 0 } },
    });
    expect(sim.device.received().map((entry) => entry.service)).toContain(
      "shell,v2,raw:settings get system 'font_scale'",
    );
  });

  it.each<[string, { stdout?: string; stderr?: string }]>([
    ['an Error: line on stdout', { stdout: 'Error: unable to read settings\n' }],
    ['a SecurityException on stderr', { stderr: 'java.lang.SecurityException: Permission denial\n' }],
    ['Exception occurred while executing', { stderr: "Exception occurred while executing 'get':\n" }],
  ])('answers %s with exit 0 as a failed command carrying the line', async (_name, printed) => {
    const { commands } = sim.device;
    const original = commands.get('settings');
    if (original === undefined) throw new Error('the simulator has no settings');
    commands.register('settings', (context) => {
      if (printed.stdout !== undefined) context.stdout(printed.stdout);
      if (printed.stderr !== undefined) context.stderr(printed.stderr);
      return 0;
    });
    try {
      const result = await call({ namespace: 'global', key: 'adb_enabled' });
      const line = (printed.stdout ?? printed.stderr ?? '').trim();
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'ANDROID_COMMAND_FAILED', details: { status: 'failed', exit_code: 0 } },
      });
      expect(!result.ok && result.error.message).toContain(line);
      expect(sim.device.received().map((entry) => entry.service)).toContain(
        "shell,v2,raw:settings get global 'adb_enabled'",
      );
    } finally {
      commands.register('settings', original);
    }
  });

  it('lists a namespace', async () => {
    const result = await call({ namespace: 'secure' });
    expect(result.ok && JSON.stringify(result.value)).toContain('enabled_accessibility_services=');
  });

  it.each([
    [{ namespace: 'system', key: 'a;reboot' }, 'android_settings: key must use only letters'],
    [{ namespace: 'vendor' }, 'android_settings: namespace must be one of system, secure, global'],
    [{ namespace: 'system', value: '1' }, 'android_settings: value is not a known field'],
    [{}, 'android_settings: namespace must be one of'],
  ])('refuses %j before anything reaches the device', async (args, message) => {
    const before = sim.device.received().length;
    const result = await call(args);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(!result.ok && result.error.message).toContain(message);
    expect(sim.device.received().length).toBe(before);
  });
});
