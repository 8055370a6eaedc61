import { featuresOf } from './features';
import type { Component, PackageInfo, PackageOptions, SettingsNamespace } from './stateTypes';

// Realistic defaults a DeviceState starts from, and Android's component-name conventions.

export const DEFAULT_PROPERTIES: Readonly<Record<string, string>> = {
  'ro.product.manufacturer': 'Google',
  'ro.product.brand': 'google',
  'ro.product.model': 'Simulated Pixel',
  'ro.product.name': 'sim',
  'ro.product.device': 'sim',
  'ro.product.cpu.abi': 'arm64-v8a',
  'ro.product.cpu.abilist': 'arm64-v8a,armeabi-v7a,armeabi',
  'ro.build.version.sdk': '34',
  'ro.build.version.release': '14',
  'ro.build.id': 'UQ1A.240105.004',
  'ro.build.type': 'user',
  'ro.build.fingerprint': 'google/sim/sim:14/UQ1A.240105.004/11206848:user/release-keys',
  'ro.serialno': 'SIM00000001',
  'ro.secure': '1',
  'ro.debuggable': '0',
  'ro.sf.lcd_density': '420',
  'persist.sys.locale': 'en-US',
  'persist.sys.timezone': 'UTC',
  'sys.boot_completed': '1',
  'init.svc.adbd': 'running',
  'init.svc.bootanim': 'stopped',
  'dev.bootcomplete': '1',
  'service.bootanim.exit': '1',
  'ro.product.locale': 'en-US',
  'ro.build.version.codename': 'REL',
  'ro.build.version.incremental': '11206848',
  'ro.build.tags': 'release-keys',
  'ro.hardware': 'sim',
  'ro.boot.serialno': 'SIM00000001',
  'ro.adb.secure': '1',
  'ro.crypto.state': 'encrypted',
  'ro.opengles.version': '196610',
  'dalvik.vm.heapsize': '512m',
  'sys.usb.config': 'adb',
  'sys.usb.state': 'adb',
  'net.bt.name': 'Android',
  'wifi.interface': 'wlan0',
  'gsm.sim.state': 'LOADED',
  'gsm.operator.alpha': 'Android',
  'gsm.operator.numeric': '310260',
  'gsm.network.type': 'LTE',
};

/** The input method every simulated phone has (Gboard, as on Pixels). */
export const DEFAULT_INPUT_METHOD =
  'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME';

// Settings every phone has after setup: tools read airplane_mode_on, wifi_on, screen_brightness and the IME.
export const DEFAULT_SETTINGS: Readonly<Record<SettingsNamespace, Readonly<Record<string, string>>>> = {
  system: {
    accelerometer_rotation: '1',
    font_scale: '1.0',
    haptic_feedback_enabled: '1',
    screen_brightness: '102',
    screen_brightness_mode: '1',
    screen_off_timeout: '60000',
    sound_effects_enabled: '0',
    user_rotation: '0',
  },
  secure: {
    accessibility_enabled: '0',
    android_id: '5e1a7ed0c0ffee00',
    default_input_method: DEFAULT_INPUT_METHOD,
    enabled_input_methods: DEFAULT_INPUT_METHOD,
    location_mode: '3',
    show_ime_with_hard_keyboard: '0',
    user_setup_complete: '1',
  },
  global: {
    adb_enabled: '1',
    airplane_mode_on: '0',
    animator_duration_scale: '1.0',
    auto_time: '1',
    auto_time_zone: '1',
    bluetooth_on: '1',
    data_roaming: '0',
    development_settings_enabled: '1',
    device_provisioned: '1',
    mobile_data: '1',
    stay_on_while_plugged_in: '0',
    transition_animation_scale: '1.0',
    wifi_on: '1',
    window_animation_scale: '1.0',
    zen_mode: '0',
  },
};

/** `pm list features` of the default device (a phone at the default API level). */
export const DEFAULT_FEATURES: readonly string[] = featuresOf('phone', 34);

/**
 * `pm list features` of a device given none: a tablet's (ro.build.characteristics `tablet`: no telephony, GPS or
 * NFC) or a phone's, at its ro.build.version.sdk.
 */
export function defaultFeatures(getProperty: (key: string) => string | undefined): string[] {
  const tablet = (getProperty('ro.build.characteristics') ?? '').split(',').includes('tablet');
  const sdk = Number.parseInt(getProperty('ro.build.version.sdk') ?? '', 10);
  return featuresOf(tablet ? 'tablet' : 'phone', Number.isFinite(sdk) ? sdk : 34);
}

export const SETTINGS_PACKAGE = 'com.android.settings';
export const DEFAULT_LAUNCHER: Component = {
  packageName: 'com.android.launcher3',
  activity: 'com.android.launcher3.Launcher',
};
export const SYSTEM_PACKAGES: readonly PackageOptions[] = [
  {
    packageName: SETTINGS_PACKAGE,
    label: 'Settings',
    system: true,
    launchActivity: '.Settings',
    versionCode: 34,
    versionName: '14',
  },
  {
    packageName: 'com.android.systemui',
    label: 'System UI',
    system: true,
    versionCode: 34,
    versionName: '14',
  },
  { packageName: 'com.android.shell', label: 'Shell', system: true, versionCode: 34, versionName: '14' },
];

/** `.Main` becomes `<package>.Main`; a fully qualified name stays as it is. */
export function qualifyActivity(packageName: string, activity: string): string {
  return activity.startsWith('.') ? packageName + activity : activity;
}

/** `<package>/.Main` when the class lives under the package, else `<package>/<class>`, as Android prints components. */
export function shortComponent(component: Component): string {
  const { packageName, activity } = component;
  const short = activity.startsWith(`${packageName}.`) ? activity.slice(packageName.length) : activity;
  return `${packageName}/${short}`;
}

/** Fills in a package's missing fields. */
export function packageInfo(options: PackageOptions): PackageInfo {
  const info: PackageInfo = {
    packageName: options.packageName,
    label: options.label ?? options.packageName,
    versionCode: options.versionCode ?? 1,
    versionName: options.versionName ?? '1.0',
    apkPath: options.apkPath ?? `/data/app/${options.packageName}/base.apk`,
    system: options.system ?? false,
  };
  if (options.launchActivity !== undefined)
    info.launchActivity = qualifyActivity(options.packageName, options.launchActivity);
  return info;
}
