import { describe, expect, it } from 'vitest';
import { DeviceState, qualifyActivity, shortComponent, type DeviceStateEvents } from './state';

describe('DeviceState construction', () => {
  it('merges plain options over realistic defaults', () => {
    const state = new DeviceState({
      properties: { 'ro.product.model': 'Tablet', 'ro.build.version.sdk': '30' },
      settings: { secure: { enabled_accessibility_services: 'a/.B' } },
      screenSize: { widthPx: 800, heightPx: 1280 },
      densityDpi: 240,
      packages: [{ packageName: 'com.example.app', launchActivity: '.Main' }],
    });
    expect(state.getProperty('ro.product.model')).toBe('Tablet');
    expect(state.getProperty('ro.product.manufacturer')).toBe('Google');
    expect(state.getProperty('ro.sf.lcd_density')).toBe('240');
    expect(state.sdkLevel).toBe(30);
    expect(state.getSetting('secure', 'enabled_accessibility_services')).toBe('a/.B');
    expect(state.getSetting('system', 'font_scale')).toBe('1.0');
    expect(state.configuration()).toEqual({
      screenSize: { widthPx: 800, heightPx: 1280 },
      densityDpi: 240,
      fontScale: 1,
      locale: 'en-US',
    });
    expect(state.getPackage('com.example.app')).toEqual({
      packageName: 'com.example.app',
      label: 'com.example.app',
      versionCode: 1,
      versionName: '1.0',
      apkPath: '/data/app/com.example.app/base.apk',
      system: false,
      launchActivity: 'com.example.app.Main',
    });
    expect(state.foreground).toEqual({
      packageName: 'com.android.launcher3',
      activity: 'com.android.launcher3.Launcher',
    });
  });

  it('accepts a custom launcher and starting foreground', () => {
    const state = new DeviceState({
      launcher: { packageName: 'com.vendor.home', activity: '.Home' },
      packages: [{ packageName: 'com.example.app' }],
      foreground: { packageName: 'com.example.app', activity: '.Main' },
    });
    expect(state.getPackage('com.vendor.home')?.system).toBe(true);
    expect(state.foreground.activity).toBe('com.example.app.Main');
    state.goHome();
    expect(state.foreground).toEqual({ packageName: 'com.vendor.home', activity: 'com.vendor.home.Home' });
  });

  it('does not share state between instances or leak internal objects', () => {
    const first = new DeviceState();
    const second = new DeviceState();
    first.putSetting('system', 'font_scale', '2');
    first.foreground.packageName = 'mutated';
    first.listPackages()[0]!.label = 'mutated';
    expect(second.fontScale).toBe(1);
    expect(first.foreground.packageName).toBe('com.android.launcher3');
    expect(first.listPackages()[0]?.label).not.toBe('mutated');
  });
});

describe('DeviceState events', () => {
  it('emits configuration changes only when the effective value changes', () => {
    const state = new DeviceState();
    const reasons: Array<DeviceStateEvents['configuration']['reason']> = [];
    const unsubscribe = state.on('configuration', (event) => reasons.push(event.reason));
    state.setSizeOverride({ widthPx: 1080, heightPx: 2400 });
    state.setSizeOverride({ widthPx: 720, heightPx: 1600 });
    state.setDensityOverride(420);
    state.setDensityOverride(300);
    state.putSetting('system', 'font_scale', '1.0');
    state.putSetting('system', 'font_scale', '1.3');
    state.deleteSetting('system', 'font_scale');
    state.setLocale('en-US');
    state.setLocale('de-DE');
    expect(reasons).toEqual(['display-size', 'display-density', 'font-scale', 'font-scale', 'locale']);
    unsubscribe();
    state.setLocale('it-IT');
    expect(reasons).toHaveLength(5);
  });

  it('emits locale, settings, property, packages, foreground, input and broadcast events', () => {
    const state = new DeviceState();
    const seen: string[] = [];
    state.on('locale', (event) => seen.push(`locale ${event.previous}->${event.locale}`));
    state.on('settings', (event) =>
      seen.push(`settings ${event.namespace}.${event.key}=${String(event.value)}`),
    );
    state.on('property', (event) => seen.push(`property ${event.key}=${event.value}`));
    state.on('packages', (event) => seen.push(`packages ${event.change} ${event.packageName}`));
    state.on('foreground', (event) =>
      seen.push(`foreground ${event.previous.packageName}->${event.current.packageName}`),
    );
    state.on('input', (event) => seen.push(`input ${event.kind}`));
    state.on('broadcast', (intent) => seen.push(`broadcast ${String(intent.action)}`));
    state.setProperty('persist.sys.locale', 'ja-JP');
    state.putSetting('secure', 'accessibility_enabled', '1');
    expect(state.deleteSetting('secure', 'missing')).toBe(false);
    state.installPackage({ packageName: 'com.example.new' });
    state.setForeground({ packageName: 'com.example.new', activity: '.A' });
    state.setForeground({ packageName: 'com.example.new', activity: 'com.example.new.A' });
    expect(state.uninstallPackage('com.example.new')).toBe(true);
    expect(state.uninstallPackage('com.example.new')).toBe(false);
    state.recordInput({ kind: 'tap', x: 1, y: 2 });
    state.sendBroadcast({ action: 'x.Y', packageName: undefined, extras: {}, flags: [] });
    expect(seen).toEqual([
      'property persist.sys.locale=ja-JP',
      'locale en-US->ja-JP',
      'settings secure.accessibility_enabled=1',
      'packages installed com.example.new',
      'foreground com.android.launcher3->com.example.new',
      'foreground com.example.new->com.android.launcher3',
      'packages removed com.example.new',
      'input tap',
      'broadcast x.Y',
    ]);
  });
});

describe('DeviceState log buffer', () => {
  it('stamps entries with the device clock and keeps only the newest logCapacity entries', () => {
    let now = 1000;
    const state = new DeviceState({ now: () => now, logCapacity: 2 });
    const logged: string[] = [];
    state.on('log', (entry) => logged.push(entry.message));
    state.appendLog({ priority: 'I', tag: 'A', message: 'one' });
    now = 2000;
    state.appendLog({ priority: 'W', tag: 'B', message: 'two', pid: 42 });
    state.appendLog({ priority: 'E', tag: 'C', message: 'three', timeMs: 5 });
    // Read back merged in time order, as logd reads its buffers.
    expect(state.logs()).toEqual([
      {
        timeMs: 5,
        pid: 1000,
        tid: 1000,
        uid: 1000,
        priority: 'E',
        tag: 'C',
        message: 'three',
        buffer: 'main',
      },
      { timeMs: 2000, pid: 42, tid: 42, uid: 1000, priority: 'W', tag: 'B', message: 'two', buffer: 'main' },
    ]);
    expect(logged).toEqual(['one', 'two', 'three']);
    state.clearLogs();
    expect(state.logs()).toEqual([]);
  });

  it('keeps buffers apart: capacity, reads and clears are per buffer', () => {
    let now = 1000;
    const state = new DeviceState({ now: () => now, logCapacity: 1 });
    state.appendLog({ priority: 'I', tag: 'A', message: 'main one' });
    now += 1;
    state.appendLog({ priority: 'E', tag: 'B', message: 'crash one', buffer: 'crash' });
    now += 1;
    state.appendLog({ priority: 'I', tag: 'A', message: 'main two' });
    expect(state.logs().map((entry) => entry.message)).toEqual(['crash one', 'main two']);
    expect(state.logs(['crash']).map((entry) => entry.message)).toEqual(['crash one']);
    state.clearLogs(['main']);
    expect(state.logs().map((entry) => entry.message)).toEqual(['crash one']);
  });
});

describe('component names', () => {
  it('qualifies and shortens activity names like Android', () => {
    expect(qualifyActivity('com.a', '.Main')).toBe('com.a.Main');
    expect(qualifyActivity('com.a', 'org.b.Main')).toBe('org.b.Main');
    expect(shortComponent({ packageName: 'com.a', activity: 'com.a.ui.Main' })).toBe('com.a/.ui.Main');
    expect(shortComponent({ packageName: 'com.a', activity: 'org.b.Main' })).toBe('com.a/org.b.Main');
  });
});
