// Types of the simulated device state, shared by the state, its defaults and the shell commands.

export type SettingsNamespace = 'system' | 'secure' | 'global';
export const SETTINGS_NAMESPACES: readonly SettingsNamespace[] = ['system', 'secure', 'global'];

export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E' | 'F';

export interface ScreenSize {
  widthPx: number;
  heightPx: number;
}

/** An installed package as `pm` reports it. */
export interface PackageInfo {
  packageName: string;
  label: string;
  versionCode: number;
  versionName: string;
  apkPath: string;
  /** System packages are listed by `pm list packages -s`, others by `-3`. */
  system: boolean;
  /** Fully qualified class of the launcher activity, if the package has one. */
  launchActivity?: string;
  /** Device-clock times of the first install and the last update, for packages installed after boot. */
  firstInstallTimeMs?: number;
  lastUpdateTimeMs?: number;
}

/** A package to install; missing fields get defaults (label = package name, version 1 / "1.0", /data/app path). */
export interface PackageOptions {
  packageName: string;
  label?: string;
  versionCode?: number;
  versionName?: string;
  apkPath?: string;
  system?: boolean;
  /** `.Main` or `com.example.Main`. */
  launchActivity?: string;
}

/** A component: package plus fully qualified activity class. */
export interface Component {
  packageName: string;
  activity: string;
}

/** logd's buffers, by log id (main 0 ... kernel 7); `stats` and `security` are never written here. */
export const LOG_BUFFERS = [
  'main',
  'radio',
  'events',
  'system',
  'crash',
  'stats',
  'security',
  'kernel',
] as const;
export type LogBuffer = (typeof LOG_BUFFERS)[number];

/** One value of a binary event-log payload: int (32-bit), long (64-bit) or string. */
export type EventValue = { int: number } | { long: number } | { string: string };

export interface LogEntry {
  timeMs: number;
  pid: number;
  tid: number;
  /** The writer's uid (1000 system, 10000+ apps). */
  uid: number;
  priority: LogPriority;
  tag: string;
  message: string;
  buffer: LogBuffer;
  /** events buffer only: the numeric tag and values that `-B` encodes (the message is their text form). */
  event?: { tagNumber: number; values: EventValue[] };
}

export type LogInput = Pick<LogEntry, 'priority' | 'tag' | 'message'> &
  Partial<Pick<LogEntry, 'pid' | 'tid' | 'timeMs' | 'uid' | 'buffer' | 'event'>>;

/** Something that writes log entries lazily: asked to catch up with the clock before the log is read. */
export interface LogSource {
  catchUp(nowMs: number): void;
}

export type InputEvent =
  | { kind: 'tap'; x: number; y: number }
  | { kind: 'swipe'; x1: number; y1: number; x2: number; y2: number; durationMs: number }
  | { kind: 'keyevent'; keyCode: number; name: string }
  | { kind: 'text'; text: string };

/** An intent sent with `am broadcast`. */
export interface BroadcastIntent {
  action: string | undefined;
  packageName: string | undefined;
  extras: Record<string, string>;
  flags: readonly string[];
}

/** What a configuration change affects, as Android's Configuration would. */
export interface Configuration {
  screenSize: ScreenSize;
  densityDpi: number;
  fontScale: number;
  locale: string;
}

export type ConfigurationReason = 'display-size' | 'display-density' | 'font-scale' | 'locale';

/** Events a device state emits; subscribe with `state.on(name, listener)`. */
export interface DeviceStateEvents {
  configuration: { reason: ConfigurationReason; configuration: Configuration };
  foreground: { previous: Component; current: Component };
  locale: { previous: string; locale: string };
  settings: { namespace: SettingsNamespace; key: string; value: string | null };
  property: { key: string; value: string };
  packages: { packageName: string; change: 'installed' | 'removed' };
  log: LogEntry;
  input: InputEvent;
  broadcast: BroadcastIntent;
}

/** Plain options a device profile feeds in; every field is optional and merged over realistic defaults. */
export interface DeviceStateOptions {
  /** System properties merged over DEFAULT_PROPERTIES (e.g. ro.product.model, ro.build.version.sdk, persist.sys.locale). */
  properties?: Record<string, string>;
  /** Settings merged per namespace over DEFAULT_SETTINGS. */
  settings?: Partial<Record<SettingsNamespace, Record<string, string>>>;
  /** Physical display size; default 1080x2400. */
  screenSize?: ScreenSize;
  /** Physical density; default 420. */
  densityDpi?: number;
  /** Packages installed in addition to the launcher, Settings and System UI. */
  packages?: PackageOptions[];
  /** The HOME activity; default com.android.launcher3/.Launcher (installed automatically). */
  launcher?: Component;
  /** Foreground activity at start; default the launcher. */
  foreground?: Component;
  /** `pm list features` entries, e.g. `android.hardware.touchscreen` or `reqGlEsVersion=0x30002`. */
  features?: string[];
  /** Device clock in epoch milliseconds; default Date.now. */
  now?: () => number;
  /** Log entries kept per buffer before the oldest is dropped; default 5000. */
  logCapacity?: number;
}
