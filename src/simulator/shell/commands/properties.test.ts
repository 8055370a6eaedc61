import { describe, expect, it } from 'vitest';
import { runShell } from '../../../test-support/runShell';
import { DeviceState } from '../../device/state';
import { loadProfile } from '../../profiles/loadProfile';
import { toDeviceStateInput } from '../../profiles/deviceStateInput';

function profileState(name: string): DeviceState {
  const profile = loadProfile(name);
  if (!profile.ok) throw new Error(profile.error.message);
  return new DeviceState(toDeviceStateInput(profile.value));
}

describe('getprop per profile', () => {
  it('answers the properties real tools read on the API 35 phone', async () => {
    const state = profileState('phone');
    const read = async (key: string): Promise<string> =>
      (await runShell(`getprop ${key}`, { state })).stdout.toString();
    expect(await read('ro.build.fingerprint')).toBe(
      'google/panther/panther:15/AP4A.250205.002/50205002:user/release-keys\n',
    );
    expect(await read('ro.product.cpu.abilist')).toBe('arm64-v8a,armeabi-v7a,armeabi\n');
    expect(await read('ro.product.cpu.abilist64')).toBe('arm64-v8a\n');
    expect(await read('ro.product.locale')).toBe('en-US\n');
    expect(await read('ro.build.version.security_patch')).toBe('2025-02-05\n');
    expect(await read('ro.build.version.codename')).toBe('REL\n');
    expect(await read('ro.product.system.model')).toBe('Pixel 7\n');
    expect(await read('ro.build.date')).toBe('Wed Feb  5 00:00:00 UTC 2025\n');
    expect(await read('ro.serialno')).toMatch(/^[0-9A-F]{12}\n$/);
    expect(await read('sys.boot_completed')).toBe('1\n');
    expect(await read('persist.sys.locale')).toBe('en-US\n');
  });

  it('leaves out what older releases did not have', async () => {
    const state = profileState('legacy21');
    const all = (await runShell('getprop', { state })).stdout.toString();
    expect(all).toContain('[ro.build.version.sdk]: [21]\n');
    expect(all).toContain('[ro.product.cpu.abilist]: [armeabi-v7a,armeabi]\n');
    expect(all).not.toContain('[ro.build.version.security_patch]');
    expect(all).not.toContain('[ro.product.system.model]');
    expect(all).toContain('[persist.sys.language]: [en]\n');
  });
});

describe('settings every phone has', () => {
  it('reads airplane mode, radios, brightness, rotation and the input method', async () => {
    const state = profileState('phone');
    const get = async (namespace: string, key: string): Promise<string> =>
      (await runShell(`settings get ${namespace} ${key}`, { state })).stdout.toString().trim();
    expect(await get('global', 'airplane_mode_on')).toBe('0');
    expect(await get('global', 'wifi_on')).toBe('1');
    expect(await get('global', 'mobile_data')).toBe('1');
    expect(await get('global', 'stay_on_while_plugged_in')).toBe('0');
    expect(await get('system', 'screen_brightness')).toBe('102');
    expect(await get('system', 'accelerometer_rotation')).toBe('1');
    expect(await get('secure', 'default_input_method')).toBe(
      'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME',
    );
  });

  it('lists a namespace sorted, one key=value per line', async () => {
    const state = profileState('phone');
    const lines = (await runShell('settings list global', { state })).stdout.toString().split('\n');
    expect(lines).toContain('airplane_mode_on=0');
    const keys = lines.filter(Boolean).map((line) => line.split('=')[0] as string);
    expect(keys).toEqual([...keys].sort());
  });
});
