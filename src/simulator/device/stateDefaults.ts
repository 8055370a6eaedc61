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
};

export const DEFAULT_SETTINGS: Readonly<Record<SettingsNamespace, Readonly<Record<string, string>>>> = {
  system: { font_scale: '1.0', screen_off_timeout: '60000' },
  secure: { accessibility_enabled: '0', android_id: '5e1a7ed0c0ffee00' },
  global: { adb_enabled: '1', device_provisioned: '1', development_settings_enabled: '1' },
};

export const DEFAULT_FEATURES: readonly string[] = [
  'reqGlEsVersion=0x30002',
  'android.hardware.touchscreen',
  'android.hardware.touchscreen.multitouch',
  'android.hardware.wifi',
  'android.software.accessibility',
  'android.software.app_widgets',
];

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
