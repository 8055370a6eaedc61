// Types of the system services' state a simulated device keeps beside DeviceState (battery, thermal, Doze, Wi-Fi,
// jobs, alarms, notifications, dropbox, permissions): what `dumpsys` reports and scenarios change.

/** BatteryManager.BATTERY_PLUGGED_* as a name; 'none' is unplugged. */
export type PluggedSource = 'none' | 'ac' | 'usb' | 'wireless';

export interface BatteryState {
  present: boolean;
  /** 0..100 */
  level: number;
  plugged: PluggedSource;
  /** BatteryManager.BATTERY_STATUS_*: 2 charging, 3 discharging, 4 not charging, 5 full. */
  status: 2 | 3 | 4 | 5;
  /** BATTERY_HEALTH_*: 2 good, 3 overheat. */
  health: number;
  voltageMv: number;
  /** Tenths of a degree Celsius, as BatteryService reports temperature. */
  temperatureDeciC: number;
  technology: string;
  chargeCounterUah: number;
}

/** PowerManager.THERMAL_STATUS_*: 0 none ... 6 shutdown. */
export type ThermalStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** DeviceIdleController deep states (mState) and light states (mLightState). */
export type DeepIdleState =
  'ACTIVE' | 'INACTIVE' | 'IDLE_PENDING' | 'SENSING' | 'LOCATING' | 'IDLE' | 'IDLE_MAINTENANCE';
export type LightIdleState =
  'ACTIVE' | 'INACTIVE' | 'IDLE' | 'WAITING_FOR_NETWORK' | 'IDLE_MAINTENANCE' | 'OVERRIDE';

export interface DozeState {
  deep: DeepIdleState;
  light: LightIdleState;
  /** `dumpsys deviceidle force-idle` put it there (mForceIdle); a scenario's Doze is not forced. */
  forced?: boolean;
}

/** UsageStatsManager.STANDBY_BUCKET_*: exempted, active, working set, frequent, rare, restricted (API 30+), never. */
export type StandbyBucket = 5 | 10 | 20 | 30 | 40 | 45 | 50;

export interface WifiState {
  /** The access point the device is associated with; undefined when disconnected (or Wi-Fi is off). */
  ssid: string | undefined;
  bssid: string;
  rssi: number;
  linkSpeedMbps: number;
  frequencyMhz: number;
  ipv4: string;
  gateway: string;
  dns: readonly string[];
}

export interface EthernetState {
  /** An interface exists (TV boxes and some tablets); absent on phones. */
  interfaceName: string | undefined;
  linkUp: boolean;
  ipv4: string;
}

/** One scheduled job (JobScheduler). */
export interface JobRecord {
  packageName: string;
  jobId: number;
  /** Fully qualified JobService class. */
  service: string;
  periodicMs?: number;
  /** A periodic job runs in the last flexMs of each period (JobInfo's default flex is the whole period). */
  flexMs?: number;
  requiresCharging?: boolean;
  requiredNetwork?: 'any' | 'unmetered';
  /** JobInfo.Builder.setRequiresDeviceIdle. */
  requiresIdle?: boolean;
  /** JobInfo.Builder.setMinimumLatency: it may not run before enqueuedElapsedMs + this. */
  minLatencyMs?: number;
  /** Elapsed realtime when it was scheduled (JobStatus enqueueTime); absent for jobs from before boot. */
  enqueuedElapsedMs?: number;
  /** Elapsed-realtime when it last ran, if it ran. */
  lastRunElapsedMs?: number;
}

/** One line of JobScheduler's job history: a job started or stopped. */
export interface JobHistoryEntry {
  elapsedMs: number;
  event: 'START' | 'STOP';
  packageName: string;
  jobId: number;
  service: string;
}

/** AlarmManager types as dumpsys prints them. */
export type AlarmType = 'RTC_WAKEUP' | 'RTC' | 'ELAPSED_WAKEUP' | 'ELAPSED';

export interface AlarmRecord {
  packageName: string;
  type: AlarmType;
  /** The intent or listener tag, e.g. `*walarm*:com.example.SYNC`. */
  tag: string;
  /** When it fires, in elapsed realtime ms. */
  whenElapsedMs: number;
  windowMs: number;
  repeatIntervalMs: number;
  /** How many times a repeating alarm has gone off since it was set. */
  count?: number;
}

export interface NotificationRecord {
  packageName: string;
  id: number;
  tag?: string;
  channelId: string;
  title: string;
  text: string;
  postTimeMs: number;
  /** NotificationManager importance: 2 low, 3 default, 4 high. */
  importance: number;
  ongoing: boolean;
}

/** A DropBoxManager entry: `data_app_crash`, `data_app_anr`, `system_app_crash`, `SYSTEM_BOOT` ... */
export interface DropboxEntry {
  tag: string;
  timeMs: number;
  text: string;
}

/** The last ANR ActivityManager remembers (`dumpsys activity lastanr`). */
export interface AnrRecord {
  packageName: string;
  pid: number;
  activity: string | undefined;
  reason: string;
  timeMs: number;
}

export interface PermissionGrant {
  name: string;
  /** Runtime (dangerous) permissions are granted per user on API 23+; the others at install. */
  runtime: boolean;
  granted: boolean;
}
