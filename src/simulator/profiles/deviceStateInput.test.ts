import { describe, expect, it } from 'vitest';
import { formatBounds } from '../../shared/geometry/bounds';
import { displayMetricsFor } from '../../shared/geometry/metrics';
import { layoutPanel } from '../../shared/geometry/panelLayout';
import { computeUsableArea } from '../../shared/geometry/usableArea';
import { DeviceState } from '../device/state';
import { createRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import { toDeviceStateInput, usableAreaInputOf } from './deviceStateInput';
import { loadProfile } from './loadProfile';
import type { DeviceProfile } from './types';

function profile(name: string): DeviceProfile {
  const result = loadProfile(name);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('toDeviceStateInput', () => {
  it('makes the tv profile an Android TV: tv characteristics, HDMI playback, leanback features, no touchscreen', () => {
    const input = toDeviceStateInput(profile('tv'));
    expect(input.properties).toMatchObject({
      'ro.build.characteristics': 'tv',
      'ro.hdmi.device_type': '4',
      'ro.build.version.sdk': '34',
      'ro.sf.lcd_density': '320',
    });
    expect(input.features).toEqual(
      expect.arrayContaining(['android.software.leanback', 'android.hardware.type.television']),
    );
    expect(input.features?.some((feature) => feature.startsWith('android.hardware.touchscreen'))).toBe(false);
    const state = new DeviceState(input);
    expect(state.features).toContain('android.software.leanback');
    // Phones keep the device state's touchscreen features and their characteristics.
    const phone = toDeviceStateInput(profile('phone'));
    expect(phone.features).toBeUndefined();
    expect(phone.properties['ro.build.characteristics']).toBe('default');
    expect(new DeviceState(phone).features).toContain('android.hardware.touchscreen');
  });

  it('maps identity, build and display properties', () => {
    const input = toDeviceStateInput(profile('phone'));
    expect(input.properties).toMatchObject({
      'ro.product.manufacturer': 'Google',
      'ro.product.model': 'Pixel 7',
      'ro.product.name': 'panther',
      'ro.product.device': 'panther',
      'ro.build.version.sdk': '35',
      'ro.build.version.release': '15',
      'ro.sf.lcd_density': '420',
      'persist.sys.locale': 'en-US',
      'sys.boot_completed': '1',
    });
    expect(input.properties['ro.build.fingerprint']).toMatch(
      /^google\/panther\/panther:15\/AP4A\.250205\.002\/\w+:user\/release-keys$/,
    );
    expect(input.screenSize).toEqual({ widthPx: 1080, heightPx: 2400 });
    expect(input.densityDpi).toBe(420);
    expect(input.settings.system.font_scale).toBe('1.0');
    expect(input.display.statusBarPx).toBe(136);
  });

  it('keeps pre-API-24 locale properties and a fractional font scale', () => {
    expect(toDeviceStateInput(profile('legacy21')).properties).toMatchObject({
      'persist.sys.locale': 'en-US',
      'persist.sys.language': 'en',
      'persist.sys.country': 'US',
      'ro.product.cpu.abilist': 'armeabi-v7a,armeabi',
    });
    expect(toDeviceStateInput(profile('cutout28')).settings.system.font_scale).toBe('1.15');
    expect(toDeviceStateInput(profile('tablet')).properties['ro.build.characteristics']).toBe('tablet');
  });

  it('lists packages with 64-bit version codes, system flags, launcher and foreground components', () => {
    const input = toDeviceStateInput(profile('cutout28'));
    const shop = input.packages.find((item) => item.packageName === 'com.shoply.android');
    expect(shop).toEqual({
      packageName: 'com.shoply.android',
      label: 'Shoply',
      versionCode: 4294967297,
      versionName: '5.12.0',
      system: false,
      launchActivity: 'com.shoply.android.MainActivity',
    });
    expect(input.packages.find((item) => item.packageName === 'com.android.settings')?.system).toBe(true);
    expect(input.launcher).toEqual({
      packageName: 'com.android.launcher3',
      activity: 'com.android.launcher3.Launcher',
    });
    expect(input.foreground).toEqual({
      packageName: 'com.shoply.android',
      activity: 'com.shoply.android.MainActivity',
    });
    expect(input.looks.find((look) => look.kind === 'shop')).toEqual({
      packageName: 'com.shoply.android',
      label: 'Shoply',
      brandColor: '#E65100',
      kind: 'shop',
    });
  });

  it('is accepted by the simulated DeviceState as its options', () => {
    const state = new DeviceState(toDeviceStateInput(profile('tablet')));
    expect(state.getProperty('ro.product.model')).toBe('Pixel Tablet');
    expect(state.foreground).toEqual({
      packageName: 'com.atlasmaps.app',
      activity: 'com.atlasmaps.app.MapActivity',
    });
    expect(state.getPackage('com.shoply.android')?.versionCode).toBe(4294967297);
    expect(state.getPackage('com.google.android.apps.nexuslauncher')?.label).toBe('Pixel Launcher');
  });

  it('copies the display so that editing the input leaves the profile alone', () => {
    const source = profile('phone');
    toDeviceStateInput(source).display.cutoutInsets.top = 1;
    expect(source.display.cutoutInsets.top).toBe(136);
  });
});

describe('usableAreaInputOf', () => {
  it('reproduces the live API 35 default bounds [21,157][756,236] with Roboto', () => {
    const phone = profile('phone');
    const usable = computeUsableArea(usableAreaInputOf(phone));
    if (!usable.ok) throw new Error(usable.error.message);
    expect(usable.value).toEqual({ left: 0, top: 136, right: 1080, bottom: 2337 });
    const metrics = displayMetricsFor({ ...phone.display, fontScale: phone.fontScale, usable: usable.value });
    const spec = {
      anchor: 'left',
      textAlign: 'left',
      topOffsetDp: 8,
      edgeOffsetDp: 8,
      widthDp: 280,
      fontSizeSp: 12,
    } as const;
    const layout = layoutPanel(metrics, spec, 'FLOW-001: Observe settings', createRobotoMeasurer());
    if (!layout.ok) throw new Error(layout.error.message);
    expect(formatBounds(layout.value.bounds)).toBe('[21,157][756,236]');
    const right = layoutPanel(
      metrics,
      { ...spec, anchor: 'right', edgeOffsetDp: 12, topOffsetDp: 24 },
      'x',
      createRobotoMeasurer(),
    );
    expect(right.ok && formatBounds(right.value.bounds)).toBe('[313,199][1048,278]');
  });

  it('puts the tablet nav bar at the bottom and makes the API 28 declared cutout unusable', () => {
    expect(computeUsableArea(usableAreaInputOf(profile('tablet')))).toEqual({
      ok: true,
      value: { left: 0, top: 48, right: 2560, bottom: 1504 },
    });
    const cutout = computeUsableArea(usableAreaInputOf(profile('cutout28')));
    expect(cutout.ok ? null : cutout.error.code).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    expect(usableAreaInputOf(profile('legacy21'))).toEqual({
      apiLevel: 21,
      widthPx: 720,
      heightPx: 1280,
      rotation: 0,
      statusBarPx: 50,
      navBarPx: 96,
      navBarCanMove: true,
      cutoutInsets: { left: 0, top: 0, right: 0, bottom: 0 },
      declaresBuiltInCutout: false,
    });
  });
});
