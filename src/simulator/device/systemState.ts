// The system services' state of one simulated device (battery, thermal, Doze, network, background work,
// notifications, dropbox, permissions), kept beside its DeviceState like its files and processes. Defaults are what a
// phone shows an hour after boot; scenarios and tests change them through the setters.
import { BackgroundWork } from './backgroundWork';
import { dropboxOf } from './dropbox';
import { processesOf } from './processes';
import type { Component, DeviceState, InputEvent } from './state';
import { seedAlarms, seedDropbox, seedJobs, seedNotifications, workPackages } from './systemDefaults';
import type {
  AnrRecord,
  BatteryState,
  DozeState,
  DropboxEntry,
  EthernetState,
  NotificationRecord,
  PermissionGrant,
  StandbyBucket,
  ThermalStatus,
  WifiState,
} from './systemTypes';

export type * from './systemTypes';

/** Milliseconds since boot when the device state is first read (matches /proc/uptime's 3605.21 s). */
const UPTIME_AT_START_MS = 3_605_210;
const DAY_MS = 86_400_000;

/** True for an Android TV build (ro.build.characteristics `tv`, or the leanback / television features). */
export function isTelevision(state: DeviceState): boolean {
  if ((state.getProperty('ro.build.characteristics') ?? '').split(',').includes('tv')) return true;
  return state.features.some(
    (feature) => feature === 'android.software.leanback' || feature === 'android.hardware.type.television',
  );
}

// Key codes that change wakefulness: POWER toggles, SLEEP and WAKEUP set it.
const POWER = 26;
const SLEEP = 223;
const WAKEUP = 224;

/** State of the device's system services. */
export class SystemState {
  readonly bootTimeMs: number;
  battery: BatteryState;
  /** The battery BatteryService reports before `dumpsys battery set|unplug` stopped its updates. */
  batteryBeforeOverride: BatteryState | undefined;
  thermalStatus: ThermalStatus = 0;
  /** The status was set from outside the thermal HAL (`cmd thermalservice override-status`, simctl thermal). */
  thermalOverride = false;
  doze: DozeState = { deep: 'ACTIVE', light: 'ACTIVE' };
  wifi: WifiState;
  ethernet: EthernetState;
  private screen = true;
  /** JobScheduler, AlarmManager, the Doze whitelist and standby buckets (backgroundWork.ts). */
  readonly work: BackgroundWork;
  private readonly notificationList: NotificationRecord[];
  private readonly dropboxList: DropboxEntry[];
  private anr: AnrRecord | undefined;
  /** `pm grant` (true) and `pm revoke` (false) of runtime permissions, per package. */
  private readonly grantChanges = new Map<string, Map<string, boolean>>();
  private recentTasks: Component[];
  private readonly jankRatios = new Map<string, number>();

  constructor(private readonly state: DeviceState) {
    const now = state.now();
    this.bootTimeMs = now - UPTIME_AT_START_MS;
    const tv = isTelevision(state);
    this.battery = {
      present: !tv,
      level: tv ? 100 : 78,
      plugged: tv ? 'ac' : 'usb',
      status: tv ? 5 : 2,
      health: 2,
      voltageMv: tv ? 5000 : 4172,
      temperatureDeciC: tv ? 0 : 291,
      technology: tv ? '' : 'Li-ion',
      chargeCounterUah: tv ? 0 : 3_354_000,
    };
    this.batteryBeforeOverride = undefined;
    this.wifi = {
      ssid: tv ? undefined : 'SimNet-5G',
      bssid: '02:15:b2:00:01:00',
      rssi: -55,
      linkSpeedMbps: 866,
      frequencyMhz: 5180,
      ipv4: '192.168.1.23',
      gateway: '192.168.1.1',
      dns: ['192.168.1.1'],
    };
    this.ethernet = { interfaceName: tv ? 'eth0' : undefined, linkUp: tv, ipv4: '192.168.1.40' };
    const packages = workPackages(state);
    this.work = new BackgroundWork(
      {
        elapsedNow: () => this.elapsedNow(),
        wallNow: () => state.now(),
        screenOn: () => this.screenOn,
        doze: () => this.doze,
      },
      seedJobs(packages, this.elapsedNow()),
      seedAlarms(packages, this.elapsedNow()),
    );
    this.notificationList = seedNotifications(state, packages, now);
    const seeded = seedDropbox(state, packages, this.bootTimeMs, now);
    this.dropboxList = seeded.entries;
    this.anr = seeded.anr;
    // Recent tasks start with the running apps (foreground first), then follow each foreground change.
    const running = processesOf(state)
      .list()
      .filter((process) => process.user.startsWith('u0_a'))
      .map((process) => process.name)
      .reverse();
    this.recentTasks = [];
    for (const packageName of running) {
      const activity = state.getPackage(packageName)?.launchActivity;
      if (activity !== undefined) this.recentTasks.push({ packageName, activity });
    }
    this.touchTask(state.foreground);
    state.on('foreground', ({ current }) => this.touchTask(current));
    // Key presses before this state was first read count too (the input history keeps the last 1000 events).
    for (const event of state.inputHistory()) this.applyKey(event);
    state.on('input', (event) => this.applyKey(event));
    state.on('packages', ({ packageName, change }) => {
      if (change === 'removed') this.forgetPackage(packageName);
    });
  }

  /** Milliseconds since boot (SystemClock.elapsedRealtime). */
  elapsedNow(): number {
    return this.state.now() - this.bootTimeMs;
  }

  private touchTask(component: Component): void {
    this.recentTasks = [
      { ...component },
      ...this.recentTasks.filter((task) => task.packageName !== component.packageName),
    ];
  }

  /** Tasks most recent first (the launcher's home task is not a recent task). */
  recents(): Component[] {
    return this.recentTasks
      .filter((task) => task.packageName !== this.state.launcher.packageName)
      .filter((task) => this.state.getPackage(task.packageName) !== undefined)
      .map((task) => ({ ...task }));
  }

  // Power -----------------------------------------------------------------------------------------

  /** Screen on (wakefulness Awake). */
  get screenOn(): boolean {
    return this.screen;
  }

  setScreenOn(on: boolean): void {
    this.screen = on;
  }

  // POWER, SLEEP and WAKEUP key events change the screen, as PhoneWindowManager does.
  private applyKey(event: InputEvent): void {
    if (event.kind !== 'keyevent') return;
    if (event.keyCode === POWER) this.screen = !this.screen;
    else if (event.keyCode === SLEEP) this.screen = false;
    else if (event.keyCode === WAKEUP) this.screen = true;
  }

  /** `Awake`, `Asleep` or `Dozing` (screen off in deep idle), as PowerManagerService names mWakefulness. */
  get wakefulness(): 'Awake' | 'Asleep' | 'Dozing' {
    if (this.screenOn) return 'Awake';
    return this.doze.deep === 'IDLE' ? 'Dozing' : 'Asleep';
  }

  /** Wi-Fi is connected when global wifi_on is 1 and an SSID is set. */
  get wifiConnected(): boolean {
    return this.state.getSetting('global', 'wifi_on') !== '0' && this.wifi.ssid !== undefined;
  }

  // Notifications, dropbox ------------------------------------------------------------------------

  notifications(): NotificationRecord[] {
    return this.notificationList.map((notification) => ({ ...notification }));
  }

  postNotification(notification: NotificationRecord): void {
    const index = this.notificationList.findIndex(
      (existing) =>
        existing.packageName === notification.packageName &&
        existing.id === notification.id &&
        existing.tag === notification.tag,
    );
    if (index >= 0) this.notificationList.splice(index, 1);
    this.notificationList.unshift({ ...notification });
  }

  /** Oldest first, as DropBoxManagerService prints them; with the entries app faults add (dropboxOf, e.g. crashes). */
  dropbox(): DropboxEntry[] {
    return [...this.dropboxList, ...dropboxOf(this.state).list()].sort((a, b) => a.timeMs - b.timeMs);
  }

  addDropboxEntry(entry: DropboxEntry): void {
    this.dropboxList.push({ ...entry });
  }

  get lastAnr(): AnrRecord | undefined {
    return this.anr ? { ...this.anr } : undefined;
  }

  /** Records an ANR: `activity lastanr` shows it and dropbox gets its `data_app_anr` entry. */
  recordAnr(anr: AnrRecord, dropboxText: string): void {
    this.anr = { ...anr };
    this.addDropboxEntry({ tag: 'data_app_anr', timeMs: anr.timeMs, text: dropboxText });
  }

  /** Share of an app's frames that miss their deadline (default 3%); a jank scenario raises it. */
  jankRatio(packageName: string): number {
    return this.jankRatios.get(packageName) ?? 0.03;
  }

  setJankRatio(packageName: string, ratio: number): void {
    this.jankRatios.set(packageName, Math.max(0, Math.min(1, ratio)));
  }

  // Packages: install times and permissions -------------------------------------------------------

  /** firstInstallTime and lastUpdateTime: recorded by installs, else a day before boot (system: the build date). */
  installTimes(packageName: string): { firstInstallMs: number; lastUpdateMs: number } | undefined {
    const info = this.state.getPackage(packageName);
    if (!info) return undefined;
    const buildSeconds = Number.parseInt(this.state.getProperty('ro.build.date.utc') ?? '', 10);
    const fallback = info.system
      ? Number.isFinite(buildSeconds)
        ? buildSeconds * 1000
        : this.bootTimeMs - 30 * DAY_MS
      : this.bootTimeMs - DAY_MS - (packageName.length % 7) * 3_600_000;
    const first = info.firstInstallTimeMs ?? fallback;
    return { firstInstallMs: first, lastUpdateMs: info.lastUpdateTimeMs ?? first };
  }

  /** Requested permissions and whether each is granted (runtime ones are granted on API < 23). */
  permissions(packageName: string): PermissionGrant[] {
    const info = this.state.getPackage(packageName);
    if (!info) return [];
    const sdk = this.state.sdkLevel;
    const install = [
      'android.permission.INTERNET',
      'android.permission.ACCESS_NETWORK_STATE',
      'android.permission.WAKE_LOCK',
      'android.permission.RECEIVE_BOOT_COMPLETED',
      ...(sdk >= 28 ? ['android.permission.FOREGROUND_SERVICE'] : []),
    ];
    const runtime: Array<[string, boolean]> = info.system
      ? []
      : [
          [dangerousPermissionOf(packageName), !packageName.includes('shop')],
          ...(sdk >= 33
            ? ([['android.permission.POST_NOTIFICATIONS', true]] as Array<[string, boolean]>)
            : []),
        ];
    const changed = this.grantChanges.get(packageName);
    return [
      ...install.map((name) => ({ name, runtime: false, granted: true })),
      ...runtime.map(([name, granted]) => ({
        name,
        runtime: sdk >= 23,
        granted: sdk < 23 || (changed?.get(name) ?? granted),
      })),
    ];
  }

  /** `pm revoke`: the runtime permission reads granted=false. */
  revokePermission(packageName: string, permission: string): void {
    this.changeGrant(packageName, permission, false);
  }

  /** `pm grant`: the runtime permission reads granted=true. */
  grantPermission(packageName: string, permission: string): void {
    this.changeGrant(packageName, permission, true);
  }

  private changeGrant(packageName: string, permission: string, granted: boolean): void {
    const changes = this.grantChanges.get(packageName) ?? new Map<string, boolean>();
    changes.set(permission, granted);
    this.grantChanges.set(packageName, changes);
  }

  private forgetPackage(packageName: string): void {
    const keep = <T extends { packageName: string }>(list: T[]): void => {
      for (let index = list.length - 1; index >= 0; index -= 1)
        if (list[index]?.packageName === packageName) list.splice(index, 1);
    };
    keep(this.notificationList);
    this.grantChanges.delete(packageName);
    this.work.forgetPackage(packageName);
  }
}

/**
 * Standby bucket as UsageStatsManager numbers it: 5 exempted (system), else the bucket a scenario set, else
 * 10 active (running) or 40 rare.
 */
export function standbyBucketOf(state: DeviceState, packageName: string): StandbyBucket | undefined {
  const info = state.getPackage(packageName);
  if (!info) return undefined;
  if (info.system) return 5;
  const override = systemStateOf(state).work.standbyOverride(packageName);
  if (override !== undefined) return override;
  return processesOf(state).pidOf(packageName) !== undefined ? 10 : 40;
}

/** The dangerous permission an app asks for, by what it is (maps: location, mail: contacts, others: camera). */
function dangerousPermissionOf(packageName: string): string {
  if (packageName.includes('map')) return 'android.permission.ACCESS_FINE_LOCATION';
  if (packageName.includes('mail')) return 'android.permission.READ_CONTACTS';
  return 'android.permission.CAMERA';
}

// Same side-table pattern as filesOf and processesOf.
const systemByState = new WeakMap<DeviceState, SystemState>();

/** The system services' state of the device whose state this is. */
export function systemStateOf(state: DeviceState): SystemState {
  let system = systemByState.get(state);
  if (!system) {
    system = new SystemState(state);
    systemByState.set(state, system);
  }
  return system;
}
