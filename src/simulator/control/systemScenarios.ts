// simctl's system-service scenario events: background work (jobs, alarms), Doze and standby buckets, thermal status
// and the battery. Each changes the device's SystemState, so `dumpsys jobscheduler|alarm|deviceidle|thermalservice|
// battery|usagestats` and `am get-standby-bucket` show what a device shows after the same event.
import type { DeviceState } from '../device/state';
import { systemStateOf, type StandbyBucket, type ThermalStatus } from '../device/systemState';
import { failWith, type CommandContext } from '../shell/commandTable';

const USAGE_STATUS = 2;
const MAX_MS = 7 * 86_400_000;

export const SYSTEM_HELP = `  job schedule PKG ID [--network any|unmetered] [--charging] [--idle] [--period-ms N] [--delay-ms N]
                                       PKG schedules job ID (JobScheduler; dumpsys jobscheduler)
  job run|cancel PKG ID                the job runs now (one-off: then gone) or is cancelled
  alarm set PKG IN_MS [--wakeup] [--rtc] [--repeat-ms N] [--window-ms N] [--tag T]
                                       PKG sets an alarm IN_MS from now (dumpsys alarm); it goes off when due
  alarm cancel PKG [TAG]               PKG cancels its alarm TAG (all of them without TAG)
  doze light|deep|exit                 screen off and light or deep Doze; exit: screen on, ACTIVE
  standby PKG BUCKET                   app standby bucket: active|working_set|frequent|rare|restricted|never or 10..50
  thermal STATUS                       thermal status 0..6 or none|light|moderate|severe|critical|emergency|shutdown
  battery LEVEL [--charging|--discharging] [--temp DECI_C]
                                       battery level 0..100, plugged in (USB) or not, temperature in 0.1 °C
`;

const IDLE_UNTIL_TAG = '*walarm*:DeviceIdleController.deep';
const THERMAL_NAMES = ['none', 'light', 'moderate', 'severe', 'critical', 'emergency', 'shutdown'];
const BUCKETS: Record<string, StandbyBucket> = {
  active: 10,
  working_set: 20,
  frequent: 30,
  rare: 40,
  restricted: 45,
  never: 50,
};

/** Handles a system scenario verb; undefined when `verb` is not one of them. */
export function systemScenario(
  context: CommandContext,
  state: DeviceState,
  verb: string,
  args: readonly string[],
): number | undefined {
  switch (verb) {
    case 'job':
      return job(context, state, args);
    case 'alarm':
      return alarm(context, state, args);
    case 'doze':
      return doze(context, state, args[0]);
    case 'standby':
      return standby(context, state, args);
    case 'thermal':
      return thermal(context, state, args[0]);
    case 'battery':
      return battery(context, state, args);
    default:
      return undefined;
  }
}

/** The system scenario state for `simctl status`: screen, Doze, thermal status and the battery. */
export function systemStatus(state: DeviceState): Record<string, unknown> {
  const system = systemStateOf(state);
  const { battery } = system;
  return {
    screenOn: system.screenOn,
    doze: { deep: system.doze.deep, light: system.doze.light },
    thermalStatus: system.thermalStatus,
    battery: { level: battery.level, plugged: battery.plugged, temperatureDeciC: battery.temperatureDeciC },
  };
}

/** `--flag` and `--key VALUE` options after the positional arguments; undefined on an unknown or valueless one. */
function options(
  args: readonly string[],
  flags: readonly string[],
  valued: readonly string[],
): Map<string, string> | undefined {
  const found = new Map<string, string>();
  for (let index = 0; index < args.length; index += 1) {
    const name = args[index] ?? '';
    if (flags.includes(name)) found.set(name, '');
    else if (valued.includes(name) && args[index + 1] !== undefined) {
      found.set(name, args[index + 1] ?? '');
      index += 1;
    } else return undefined;
  }
  return found;
}

function msOption(found: Map<string, string>, name: string, min: number): number | undefined | null {
  const text = found.get(name);
  if (text === undefined) return undefined;
  const value = integerIn(text, min, MAX_MS);
  return value ?? null;
}

const JOB_FORM =
  'job schedule PKG ID [--network any|unmetered] [--charging] [--idle] [--period-ms N] [--delay-ms N] | job run|cancel PKG ID';

function job(context: CommandContext, state: DeviceState, args: readonly string[]): number {
  const [action, packageName, idText, ...rest] = args;
  const jobId = integerIn(idText, 0, 2_147_483_647);
  if (
    (action !== 'schedule' && action !== 'run' && action !== 'cancel') ||
    !isPackageName(packageName) ||
    jobId === undefined
  )
    return usage(context, JOB_FORM);
  const system = systemStateOf(state);
  if (action !== 'schedule') {
    if (rest.length > 0) return usage(context, JOB_FORM);
    const done =
      action === 'run' ? system.work.runJob(packageName, jobId) : system.work.cancelJob(packageName, jobId);
    return done ? 0 : failWith(context, `simctl: ${packageName} has no job ${jobId}`, 1);
  }
  if (!state.getPackage(packageName)) return notInstalled(context, packageName);
  const found = options(rest, ['--charging', '--idle'], ['--network', '--period-ms', '--delay-ms']);
  const network = found?.get('--network');
  // JobInfo's minimum period is 15 minutes; a periodic job cannot have a minimum latency.
  const periodMs = found && msOption(found, '--period-ms', 900_000);
  const delayMs = found && msOption(found, '--delay-ms', 0);
  if (
    !found ||
    (network !== undefined && network !== 'any' && network !== 'unmetered') ||
    periodMs === null ||
    delayMs === null ||
    (periodMs !== undefined && delayMs !== undefined)
  )
    return usage(context, `${JOB_FORM} (period 900000.. ms, not with a delay)`);
  const simple = packageName.split('.').at(-1) ?? 'app';
  system.work.scheduleJob({
    packageName,
    jobId,
    service: `${packageName}.jobs.${simple.charAt(0).toUpperCase()}${simple.slice(1)}JobService`,
    enqueuedElapsedMs: system.elapsedNow(),
    ...(periodMs !== undefined ? { periodicMs: periodMs } : {}),
    ...(delayMs !== undefined ? { minLatencyMs: delayMs } : {}),
    ...(found.has('--charging') ? { requiresCharging: true } : {}),
    ...(found.has('--idle') ? { requiresIdle: true } : {}),
    ...(network !== undefined ? { requiredNetwork: network } : {}),
  });
  return 0;
}

const ALARM_FORM =
  'alarm set PKG IN_MS [--wakeup] [--rtc] [--repeat-ms N] [--window-ms N] [--tag T] | alarm cancel PKG [TAG]';

function alarm(context: CommandContext, state: DeviceState, args: readonly string[]): number {
  const [action, packageName, third, ...rest] = args;
  if ((action !== 'set' && action !== 'cancel') || !isPackageName(packageName))
    return usage(context, ALARM_FORM);
  const system = systemStateOf(state);
  if (action === 'cancel') {
    if (rest.length > 0) return usage(context, ALARM_FORM);
    const removed = system.work.cancelAlarms(
      packageName,
      third === undefined ? undefined : actionOf(packageName, third),
    );
    return removed > 0
      ? 0
      : failWith(context, `simctl: ${packageName} has no alarm${third === undefined ? 's' : ` ${third}`}`, 1);
  }
  if (!state.getPackage(packageName)) return notInstalled(context, packageName);
  const inMs = integerIn(third, 0, MAX_MS);
  const found = options(rest, ['--wakeup', '--rtc'], ['--repeat-ms', '--window-ms', '--tag']);
  const repeatMs = found && msOption(found, '--repeat-ms', 60_000);
  const windowMs = found && msOption(found, '--window-ms', 0);
  const tag = found?.get('--tag') ?? 'ALARM';
  if (inMs === undefined || !found || repeatMs === null || windowMs === null || !/^[\w.:-]+$/.test(tag))
    return usage(context, `${ALARM_FORM} (repeat 60000.. ms)`);
  const wakeup = found.has('--wakeup');
  const rtc = found.has('--rtc');
  system.work.setAlarm({
    packageName,
    type: `${rtc ? 'RTC' : 'ELAPSED'}${wakeup ? '_WAKEUP' : ''}` as
      'RTC' | 'RTC_WAKEUP' | 'ELAPSED' | 'ELAPSED_WAKEUP',
    tag: `${wakeup ? '*walarm*' : '*alarm*'}:${actionOf(packageName, tag)}`,
    whenElapsedMs: system.elapsedNow() + inMs,
    windowMs: windowMs ?? 0,
    repeatIntervalMs: repeatMs ?? 0,
  });
  return 0;
}

/** The alarm intent's action: TAG when it has a dot, else PKG.TAG (AlarmManager tags it `*walarm*:ACTION`). */
function actionOf(packageName: string, tag: string): string {
  return tag.includes('.') ? tag : `${packageName}.${tag}`;
}

function doze(context: CommandContext, state: DeviceState, mode: string | undefined): number {
  const system = systemStateOf(state);
  if (['light', 'deep', 'exit'].includes(mode ?? '') && state.sdkLevel < 23)
    return failWith(context, 'simctl: Doze exists from API 23', 1);
  if (mode === 'light' && state.sdkLevel < 24)
    return failWith(context, 'simctl: light Doze exists from API 24', 1);
  if (mode === 'light') {
    system.setScreenOn(false);
    system.doze = { deep: system.doze.deep === 'IDLE' ? 'IDLE' : 'INACTIVE', light: 'IDLE' };
  } else if (mode === 'deep') {
    // Deep Doze takes over from light Doze: DeviceIdleController parks the light state in OVERRIDE.
    system.setScreenOn(false);
    system.doze = { deep: 'IDLE', light: 'OVERRIDE' };
    // DeviceIdleController stays idle until its alarm (idle_to, an hour) brings the first maintenance window.
    system.work.setAlarm({
      packageName: 'android',
      type: 'ELAPSED_WAKEUP',
      tag: IDLE_UNTIL_TAG,
      whenElapsedMs: system.elapsedNow() + 3_600_000,
      windowMs: 0,
      repeatIntervalMs: 0,
    });
  } else if (mode === 'exit') {
    system.setScreenOn(true);
    system.doze = { deep: 'ACTIVE', light: 'ACTIVE' };
    system.work.cancelAlarms('android', IDLE_UNTIL_TAG);
  } else return usage(context, 'doze light|deep|exit');
  return 0;
}

function standby(context: CommandContext, state: DeviceState, args: readonly string[]): number {
  const [packageName, name] = args;
  const bucket =
    BUCKETS[(name ?? '').toLowerCase()] ??
    (Object.values(BUCKETS).includes(Number(name) as StandbyBucket)
      ? (Number(name) as StandbyBucket)
      : undefined);
  if (!isPackageName(packageName) || bucket === undefined || args.length !== 2)
    return usage(context, 'standby PKG active|working_set|frequent|rare|restricted|never|10|20|30|40|45|50');
  const info = state.getPackage(packageName);
  if (!info) return notInstalled(context, packageName);
  if (info.system) return failWith(context, `simctl: ${packageName} is a system app (always EXEMPTED)`, 1);
  if (state.sdkLevel < 28) return failWith(context, 'simctl: standby buckets exist from API 28', 1);
  if (bucket === 45 && state.sdkLevel < 30)
    return failWith(context, 'simctl: the RESTRICTED bucket exists from API 30', 1);
  systemStateOf(state).work.setStandbyBucket(packageName, bucket);
  return 0;
}

function thermal(context: CommandContext, state: DeviceState, value: string | undefined): number {
  const byName = THERMAL_NAMES.indexOf(value ?? '');
  const status = byName >= 0 ? byName : integerIn(value, 0, 6);
  if (status === undefined)
    return usage(context, 'thermal 0..6|none|light|moderate|severe|critical|emergency|shutdown');
  if (state.sdkLevel < 29) return failWith(context, 'simctl: thermalservice exists from API 29', 1);
  const system = systemStateOf(state);
  system.thermalStatus = status as ThermalStatus;
  system.thermalOverride = true;
  return 0;
}

function battery(context: CommandContext, state: DeviceState, args: readonly string[]): number {
  const [levelText, ...rest] = args;
  const level = integerIn(levelText, 0, 100);
  const found = options(rest, ['--charging', '--discharging'], ['--temp']);
  const tempText = found?.get('--temp');
  const temp = tempText === undefined ? undefined : Number(tempText);
  if (
    level === undefined ||
    !found ||
    (found.has('--charging') && found.has('--discharging')) ||
    (temp !== undefined && (!/^-?\d+$/.test(tempText ?? '') || temp < -200 || temp > 1000))
  )
    return usage(context, 'battery LEVEL (0..100) [--charging|--discharging] [--temp DECI_C (-200..1000)]');
  const system = systemStateOf(state);
  if (!system.battery.present) return failWith(context, 'simctl: this device has no battery', 1);
  const next = { ...system.battery, level };
  if (found.has('--charging')) next.plugged = next.plugged === 'none' ? 'usb' : next.plugged;
  if (found.has('--discharging')) next.plugged = 'none';
  next.status = next.plugged === 'none' ? 3 : level === 100 ? 5 : 2;
  if (temp !== undefined) {
    next.temperatureDeciC = temp;
    next.health = temp >= 600 ? 3 : 2;
  }
  next.chargeCounterUah = Math.round(4_300_000 * (level / 100));
  // The battery itself changed: a `dumpsys battery set` override (if any) is dropped, as a real event would.
  system.battery = next;
  system.batteryBeforeOverride = undefined;
  return 0;
}

function isPackageName(text: string | undefined): text is string {
  return text !== undefined && /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(text);
}

function notInstalled(context: CommandContext, packageName: string): number {
  return failWith(context, `simctl: ${packageName} is not installed`, 1);
}

function integerIn(text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function usage(context: CommandContext, form: string): number {
  return failWith(context, `usage: simctl ${form}`, USAGE_STATUS);
}
