import { describe, expect, it } from 'vitest';
import { DeviceState, type DeviceStateEvents } from '../../device/state';
import { runShell } from '../../../test-support/runShell';

function recordConfiguration(state: DeviceState): Array<DeviceStateEvents['configuration']> {
  const events: Array<DeviceStateEvents['configuration']> = [];
  state.on('configuration', (event) => events.push(event));
  return events;
}

describe('wm size', () => {
  it('reads the physical size, then the override once set, and resets', async () => {
    const state = new DeviceState({ screenSize: { widthPx: 1080, heightPx: 2400 } });
    const events = recordConfiguration(state);
    expect((await runShell('wm size', { state })).stdout.toString()).toBe('Physical size: 1080x2400\n');
    expect((await runShell('wm size 720x1600', { state })).output.length).toBe(0);
    expect((await runShell('wm size', { state })).stdout.toString()).toBe(
      'Physical size: 1080x2400\nOverride size: 720x1600\n',
    );
    expect(events.map((event) => [event.reason, event.configuration.screenSize])).toEqual([
      ['display-size', { widthPx: 720, heightPx: 1600 }],
    ]);
    await runShell('wm size reset', { state });
    expect((await runShell('wm size', { state })).stdout.toString()).toBe('Physical size: 1080x2400\n');
    expect(events).toHaveLength(2);
    await runShell('wm size reset', { state });
    expect(events).toHaveLength(2);
  });

  it('rejects malformed sizes and unknown subcommands with 255', async () => {
    const state = new DeviceState();
    const events = recordConfiguration(state);
    expect(await runShell('wm size 720x', { state })).toMatchObject({
      status: 255,
      stderr: 'Error: bad size 720x\n',
    });
    expect(await runShell('wm size 0x100', { state })).toMatchObject({ status: 255 });
    expect(await runShell('wm rotate', { state })).toMatchObject({
      status: 255,
      stderr: 'Unknown command: rotate\n',
    });
    expect(await runShell('wm', { state })).toMatchObject({ status: 255 });
    expect(await runShell('wm size 1x1 extra', { state })).toMatchObject({ status: 255 });
    expect(events).toEqual([]);
  });
});

describe('wm density', () => {
  it('reads, overrides and resets the density as configuration changes', async () => {
    const state = new DeviceState({ densityDpi: 440 });
    const events = recordConfiguration(state);
    expect((await runShell('wm density', { state })).stdout.toString()).toBe('Physical density: 440\n');
    await runShell('wm density 320', { state });
    expect((await runShell('wm density', { state })).stdout.toString()).toBe(
      'Physical density: 440\nOverride density: 320\n',
    );
    await runShell('wm density reset', { state });
    expect(events.map((event) => [event.reason, event.configuration.densityDpi])).toEqual([
      ['display-density', 320],
      ['display-density', 440],
    ]);
    expect(await runShell('wm density tiny', { state })).toMatchObject({
      status: 255,
      stderr: 'Error: bad density tiny\n',
    });
    expect(await runShell('wm density 10', { state })).toMatchObject({ status: 255 });
  });
});

describe('settings', () => {
  it('gets defaults, prints null for a missing key, puts and deletes', async () => {
    const state = new DeviceState();
    expect((await runShell('settings get system font_scale', { state })).stdout.toString()).toBe('1.0\n');
    expect(
      (await runShell('settings get secure enabled_accessibility_services', { state })).stdout.toString(),
    ).toBe('null\n');
    expect((await runShell('settings get secure accessibility_enabled', { state })).stdout.toString()).toBe(
      '0\n',
    );
    const service = 'com.androperator.operator/.OperatorAccessibilityService';
    await runShell(`settings put secure enabled_accessibility_services ${service}`, { state });
    expect(
      (await runShell('settings get secure enabled_accessibility_services', { state })).stdout.toString(),
    ).toBe(`${service}\n`);
    expect(
      (await runShell('settings delete secure enabled_accessibility_services', { state })).stdout.toString(),
    ).toBe('Deleted 1 rows\n');
    expect(
      (await runShell('settings delete secure enabled_accessibility_services', { state })).stdout.toString(),
    ).toBe('Deleted 0 rows\n');
    expect(
      (
        await runShell('settings --user 0 get secure enabled_accessibility_services', { state })
      ).stdout.toString(),
    ).toBe('null\n');
  });

  it('emits settings events, and a font_scale change is a configuration change', async () => {
    const state = new DeviceState();
    const settingsEvents: Array<DeviceStateEvents['settings']> = [];
    state.on('settings', (event) => settingsEvents.push(event));
    const events = recordConfiguration(state);
    await runShell('settings put system font_scale 1.5', { state });
    await runShell('settings put system font_scale 1.5', { state });
    await runShell('settings put secure accessibility_enabled 1', { state });
    expect(state.fontScale).toBe(1.5);
    expect(events.map((event) => [event.reason, event.configuration.fontScale])).toEqual([
      ['font-scale', 1.5],
    ]);
    expect(settingsEvents).toEqual([
      { namespace: 'system', key: 'font_scale', value: '1.5' },
      { namespace: 'system', key: 'font_scale', value: '1.5' },
      { namespace: 'secure', key: 'accessibility_enabled', value: '1' },
    ]);
  });

  it('lists a namespace as key=value lines', async () => {
    const state = new DeviceState({ settings: { global: { a_key: 'x' } } });
    const lines = (await runShell('settings list global', { state })).stdout.toString().trimEnd().split('\n');
    expect(lines[0]).toBe('a_key=x');
    expect(lines).toContain('adb_enabled=1');
  });

  it('rejects bad namespaces, verbs and missing arguments with 255', async () => {
    expect(await runShell('settings get vendor x')).toMatchObject({ status: 255 });
    expect((await runShell('settings get vendor x')).stderr).toMatch(/^Invalid namespace 'vendor'\n/);
    expect((await runShell('settings frob system x')).stderr).toMatch(/^Invalid command: frob\n/);
    expect(await runShell('settings')).toMatchObject({ status: 255 });
    expect(await runShell('settings get system')).toMatchObject({ status: 255 });
    expect(await runShell('settings put system font_scale')).toMatchObject({ status: 255 });
  });
});
