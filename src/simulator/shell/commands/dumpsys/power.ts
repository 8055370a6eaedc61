// `dumpsys battery|power|deviceidle|thermalservice`, from the device's SystemState. `battery set|unplug|reset` and
// `deviceidle get|force-idle|unforce|step` change it as on a device (BatteryService stops its updates until reset).
import type { DeviceState } from '../../../device/state';
import { systemStateOf, type DeepIdleState, type LightIdleState } from '../../../device/systemState';
import { appUid } from '../../../device/systemDefaults';
import { dateTimeMillis, duration, lines } from './format';

const PLUG_TYPES = { none: 0, ac: 1, usb: 2, wireless: 4 } as const;

function batteryDump(state: DeviceState): string {
  const system = systemStateOf(state);
  const battery = system.battery;
  const sdk = state.sdkLevel;
  return lines(
    'Current Battery Service state:',
    ...(system.batteryBeforeOverride ? ["  (UPDATES STOPPED -- use 'reset' to restart)"] : []),
    `  AC powered: ${battery.plugged === 'ac'}`,
    `  USB powered: ${battery.plugged === 'usb'}`,
    `  Wireless powered: ${battery.plugged === 'wireless'}`,
    ...(sdk >= 33 ? ['  Dock powered: false'] : []),
    ...(sdk >= 23 ? [`  Max charging current: ${battery.plugged === 'none' ? 0 : 500_000}`] : []),
    ...(sdk >= 26
      ? [
          `  Max charging voltage: ${battery.plugged === 'none' ? 0 : 5_000_000}`,
          `  Charge counter: ${battery.chargeCounterUah}`,
        ]
      : []),
    `  status: ${battery.status}`,
    `  health: ${battery.health}`,
    `  present: ${battery.present}`,
    `  level: ${battery.level}`,
    '  scale: 100',
    `  voltage: ${battery.voltageMv}`,
    `  temperature: ${battery.temperatureDeciC}`,
    `  technology: ${battery.technology}`,
    ...(sdk >= 34 ? ['  Charging state: 1', '  Charging policy: 1', '  Capacity level: -1'] : []),
  );
}

/** `dumpsys battery set KEY VALUE`, `unplug`, `reset`: silent on success, like BatteryService's shell. */
function batteryCommand(state: DeviceState, args: readonly string[]): string | undefined {
  const system = systemStateOf(state);
  const [verb, key, value] = args;
  if (verb === 'reset') {
    if (system.batteryBeforeOverride) system.battery = system.batteryBeforeOverride;
    system.batteryBeforeOverride = undefined;
    return '';
  }
  if (verb !== 'set' && verb !== 'unplug') return undefined;
  system.batteryBeforeOverride ??= { ...system.battery };
  const battery = { ...system.battery };
  if (verb === 'unplug') {
    battery.plugged = 'none';
    battery.status = 3;
  } else {
    const number = Number.parseInt(value ?? '', 10);
    if (!Number.isFinite(number)) return lines(`Bad value: ${value ?? ''}`);
    if (key === 'level') battery.level = Math.max(0, Math.min(100, number));
    else if (key === 'temp') battery.temperatureDeciC = number;
    else if (key === 'status' && [2, 3, 4, 5].includes(number)) battery.status = number as 2 | 3 | 4 | 5;
    else if (key === 'ac' || key === 'usb' || key === 'wireless') {
      if (number !== 0) battery.plugged = key;
      else if (battery.plugged === key) battery.plugged = 'none';
    } else return lines(`Unknown set option: ${key ?? ''}`);
  }
  system.battery = battery;
  return '';
}

function powerDump(state: DeviceState): string {
  const system = systemStateOf(state);
  const { battery, doze } = system;
  const sdk = state.sdkLevel;
  const now = state.now();
  const wakeTime = system.bootTimeMs + 20_000;
  const setting = (key: string, fallback: string): string => state.getSetting('system', key) ?? fallback;
  return lines(
    'POWER MANAGER (dumpsys power)',
    '',
    'Power Manager State:',
    '  mDirty=0x0',
    `  mWakefulness=${system.wakefulness}`,
    '  mWakefulnessChanging=false',
    `  mIsPowered=${battery.plugged !== 'none'}`,
    `  mPlugType=${PLUG_TYPES[battery.plugged]}`,
    `  mBatteryLevel=${battery.level}`,
    '  mDockState=0',
    `  mStayOn=${state.getSetting('global', 'stay_on_while_plugged_in') !== '0' && battery.plugged !== 'none'}`,
    '  mProximityPositive=false',
    '  mBootCompleted=true',
    '  mSystemReady=true',
    `  mWakeLockSummary=0x${system.screenOn ? '1' : '0'}`,
    `  mUserActivitySummary=0x${system.screenOn ? '1' : '0'}`,
    '  mRequestWaitForNegativeProximity=false',
    '  mSandmanScheduled=false',
    '  mSandmanSummoned=false',
    '  mLowPowerModeEnabled=false',
    `  mBatteryLevelLow=${battery.level <= 15}`,
    ...(sdk >= 24 ? [`  mLightDeviceIdleMode=${doze.light === 'IDLE'}`] : []),
    ...(sdk >= 23 ? [`  mDeviceIdleMode=${doze.deep === 'IDLE'}`] : []),
    `  mLastWakeTime=${wakeTime - system.bootTimeMs} (${now - wakeTime} ms ago)`,
    `  mLastSleepTime=0 (${now - system.bootTimeMs} ms ago)`,
    `  mLastUserActivityTime=${system.elapsedNow() - 4_000} (4000 ms ago)`,
    '  mDisplayReady=true',
    `  mHoldingWakeLockSuspendBlocker=${system.screenOn}`,
    `  mHoldingDisplaySuspendBlocker=${system.screenOn}`,
    '',
    'Settings and Configuration:',
    `  mScreenOffTimeoutSetting=${setting('screen_off_timeout', '60000')}`,
    `  mStayOnWhilePluggedInSetting=${state.getSetting('global', 'stay_on_while_plugged_in') ?? '0'}`,
    `  mScreenBrightnessSetting=${setting('screen_brightness', '102')}`,
    `  mScreenBrightnessModeSetting=${setting('screen_brightness_mode', '1')}`,
    '',
    `Wake Locks: size=${system.screenOn ? 1 : 0}`,
    ...(system.screenOn
      ? ["  SCREEN_BRIGHT_WAKE_LOCK        'WindowManager' ON_AFTER_RELEASE (uid=1000 pid=1215)"]
      : []),
    '',
    'Suspend Blockers: size=3',
    `  PowerManagerService.WakeLocks: ref count=${system.screenOn ? 1 : 0}`,
    `  PowerManagerService.Display: ref count=${system.screenOn ? 1 : 0}`,
    '  PowerManagerService.Broadcasts: ref count=0',
    '',
    `Display Power: state=${system.screenOn ? 'ON' : 'OFF'}`,
  );
}

function deviceIdleDump(state: DeviceState): string {
  const system = systemStateOf(state);
  const { doze, battery } = system;
  const light = state.sdkLevel >= 24;
  return lines(
    '  Settings:',
    ...(light ? ['    light_after_inactive_to=+3m0s0ms', '    light_idle_to=+5m0s0ms'] : []),
    '    inactive_to=+30m0s0ms',
    '    sensing_to=+4m0s0ms',
    '    locating_to=+30s0ms',
    '    idle_after_inactive_to=+30m0s0ms',
    '    idle_to=+1h0m0s0ms',
    '  Whitelist (except idle) system apps:',
    '    com.android.providers.downloads',
    '  Whitelist system apps:',
    '    com.android.shell',
    '  Whitelist user apps:',
    ...system.work.dozeWhitelist().map((packageName) => `    ${packageName}`),
    ...(light ? ['  mLightEnabled=true  mDeepEnabled=true'] : ['  mEnabled=true']),
    `  mForceIdle=${doze.forced === true}`,
    `  mScreenOn=${system.screenOn}`,
    '  mScreenLocked=false',
    `  mNetworkConnected=${system.wifiConnected || system.ethernet.linkUp}`,
    `  mCharging=${battery.plugged !== 'none'}`,
    '  mMotionActive=false',
    `  mNotMoving=${doze.deep !== 'ACTIVE' && doze.deep !== 'INACTIVE'}`,
    '  mLocating=false mHasGps=false mHasNetwork=false mLocated=false',
    `  mState=${doze.deep}${light ? ` mLightState=${doze.light}` : ''}`,
    '  mInactiveTimeout=+30m0s0ms',
  );
}

const DEEP_STEPS: readonly DeepIdleState[] = [
  'ACTIVE',
  'INACTIVE',
  'IDLE_PENDING',
  'SENSING',
  'LOCATING',
  'IDLE',
  'IDLE_MAINTENANCE',
];
const LIGHT_STEPS: readonly LightIdleState[] = ['ACTIVE', 'INACTIVE', 'IDLE', 'IDLE_MAINTENANCE'];

/** The next state `deviceidle step` moves to; IDLE and IDLE_MAINTENANCE alternate once idle. */
function next<T extends string>(steps: readonly T[], current: T, idle: T): T {
  const index = steps.indexOf(current);
  if (current === idle) return steps[steps.length - 1] ?? current;
  if (index === steps.length - 1) return idle;
  return steps[index + 1] ?? current;
}

function deviceIdleCommand(state: DeviceState, args: readonly string[]): string | undefined {
  const system = systemStateOf(state);
  const [verb, which] = args;
  if (verb === 'get') {
    if (which === 'deep') return lines(system.doze.deep);
    if (which === 'light') return lines(system.doze.light);
    if (which === 'force') return lines(String(system.doze.deep === 'IDLE'));
    if (which === 'screen') return lines(String(system.screenOn));
    if (which === 'charging') return lines(String(system.battery.plugged !== 'none'));
    if (which === 'network') return lines(String(system.wifiConnected || system.ethernet.linkUp));
    return lines(`Unknown get option: ${which ?? ''}`);
  }
  if (verb === 'whitelist') return whitelistCommand(state, args.slice(1));
  if (verb === 'force-idle') {
    system.doze = { deep: 'IDLE', light: system.doze.light, forced: true };
    return lines('Now forced in to deep idle mode');
  }
  if (verb === 'unforce') {
    system.doze = { deep: 'ACTIVE', light: 'ACTIVE' };
    return lines('Light state: ACTIVE, deep state: ACTIVE');
  }
  if (verb === 'step') {
    if (which === 'light') {
      system.doze = { ...system.doze, light: next(LIGHT_STEPS, system.doze.light, 'IDLE'), forced: true };
      return lines(`Stepped to light: ${system.doze.light}`);
    }
    system.doze = { ...system.doze, deep: next(DEEP_STEPS, system.doze.deep, 'IDLE'), forced: true };
    return lines(`Stepped to deep: ${system.doze.deep}`);
  }
  return undefined;
}

/** `deviceidle whitelist`: `type,package,uid` lines; `+PKG` adds, `-PKG` removes (user apps only). */
function whitelistCommand(state: DeviceState, changes: readonly string[]): string {
  const system = systemStateOf(state);
  if (changes.length === 0)
    return lines(
      // The downloads provider is not an installed package here; 10012 is its usual uid.
      'system-excidle,com.android.providers.downloads,10012',
      'system,com.android.shell,2000',
      ...system.work
        .dozeWhitelist()
        .map((packageName) => `user,${packageName},${appUid(state, packageName)}`),
    );
  const rows: string[] = [];
  for (const change of changes) {
    const packageName = change.slice(1);
    if (change.startsWith('+')) {
      if (state.getPackage(packageName) === undefined) rows.push(`Unknown package: ${packageName}`);
      else {
        system.work.setDozeWhitelisted(packageName, true);
        rows.push(`Added: ${packageName}`);
      }
    } else if (change.startsWith('-')) {
      rows.push(
        system.work.setDozeWhitelisted(packageName, false)
          ? `Removed: ${packageName}`
          : `Unknown package: ${packageName}`,
      );
    } else rows.push(`Package must be prefixed with +, -, or =: ${change}`);
  }
  return lines(rows);
}

function thermalDump(state: DeviceState): string {
  const system = systemStateOf(state);
  const status = system.thermalStatus;
  const skin = (31.5 + status * 4.5).toFixed(1);
  const cpu = (35.2 + status * 6).toFixed(1);
  const battery = (system.battery.temperatureDeciC / 10).toFixed(1);
  const temperatures = [
    `\tTemperature{mValue=${cpu}, mType=0, mName=CPU0, mStatus=${status}}`,
    `\tTemperature{mValue=${battery}, mType=2, mName=battery, mStatus=0}`,
    `\tTemperature{mValue=${skin}, mType=3, mName=skin, mStatus=${status}}`,
  ];
  return lines(
    `IsStatusOverride: ${system.thermalOverride}`,
    'ThermalEventListeners:',
    '\tcallbacks: 1',
    '\tkilled: false',
    '\tbroadcasts count: -1',
    'ThermalStatusListeners:',
    '\tcallbacks: 1',
    '\tkilled: false',
    '\tbroadcasts count: -1',
    `Thermal Status: ${status}`,
    'Cached temperatures:',
    ...temperatures,
    'HAL Ready: true',
    'HAL connection:',
    `\tThermalHAL ${state.sdkLevel >= 33 ? 'AIDL' : '2.0'} connected: yes`,
    'Current temperatures from HAL:',
    ...temperatures,
    'Current cooling devices from HAL:',
    `\tCoolingDevice{mValue=${status}, mType=2, mName=CPU0}`,
    '\tCoolingDevice{mValue=0, mType=1, mName=battery}',
  );
}

/** `dumpsys battery [set|unplug|reset ...]`. */
export function batteryService(state: DeviceState, args: readonly string[]): string {
  return batteryCommand(state, args) ?? batteryDump(state);
}

/** `dumpsys deviceidle [get|force-idle|unforce|step ...]` (API 23+). */
export function deviceIdleService(state: DeviceState, args: readonly string[]): string {
  return deviceIdleCommand(state, args) ?? deviceIdleDump(state);
}

export { powerDump as powerService, thermalDump as thermalService };

/** `dumpsys batterystats`: history head and the since-charge statistics (`--reset` answers `Battery stats reset.`). */
export function batteryStatsService(state: DeviceState, args: readonly string[]): string {
  if (args.includes('--reset')) return lines('Battery stats reset.');
  const system = systemStateOf(state);
  const { battery } = system;
  const elapsed = system.elapsedNow();
  const plug = battery.plugged === 'none' ? '' : ` plug=${battery.plugged}`;
  const status = battery.status === 2 ? 'charging' : battery.status === 5 ? 'full' : 'discharging';
  const total = duration(elapsed)
    .slice(1)
    .replace(/(\d+)([hms])(?=\d)/g, '$1$2 ');
  return lines(
    'Battery History (0% used, 3284 used of 4096KB, 48 strings using 3620):',
    `                    0 (15) RESET:TIME: ${dateTimeMillis(state, system.bootTimeMs).replace(' ', '-').slice(0, 19)}`,
    `                    0 (2) ${String(battery.level).padStart(3, '0')} status=${status} health=good${plug} temp=${battery.temperatureDeciC} volt=${battery.voltageMv} charge=${Math.round(battery.chargeCounterUah / 1000)} +running +wake_lock +screen${system.wifiConnected ? ' +wifi_radio' : ''} brightness=medium`,
    '',
    'Statistics since last charge:',
    `  System starts: 0, currently on battery: ${battery.plugged === 'none'}`,
    '  Estimated battery capacity: 4355 mAh',
    `  Time on battery: 0ms (0.0%) realtime, 0ms (0.0%) uptime`,
    `  Total run time: ${total} realtime, ${total} uptime`,
    '  Discharge: 0 mAh',
    `  Screen on discharge: 0 mAh`,
    '',
    '  Estimated power use (mAh):',
    '    Capacity: 4355, Computed drain: 38.2, actual drain: 0',
    '    Screen: 21.4 Excluded from smearing',
    '    Idle: 6.02 Excluded from smearing',
  );
}
