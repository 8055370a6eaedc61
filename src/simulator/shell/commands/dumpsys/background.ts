// Background work: `dumpsys alarm` (pending alarms; batches before API 31) and `dumpsys usagestats` (standby buckets
// from API 28, the same ones `am get-standby-bucket` answers); `dumpsys jobscheduler` is in jobScheduler.ts.
import type { DeviceState } from '../../../device/state';
import { standbyBucketOf, systemStateOf, type AlarmRecord } from '../../../device/systemState';
import { dateTime, dateTimeMillis, duration, identity, lines } from './format';

export { jobSchedulerService } from './jobScheduler';

const IDLE_UNTIL_TAG = '*walarm*:DeviceIdleController.deep';

const ALARM_TYPE_NUMBERS: Record<AlarmRecord['type'], number> = {
  RTC_WAKEUP: 0,
  RTC: 1,
  ELAPSED_WAKEUP: 2,
  ELAPSED: 3,
};

function alarmBlock(state: DeviceState, alarm: AlarmRecord, index: number, indent: string): string[] {
  const system = systemStateOf(state);
  const elapsed = system.elapsedNow();
  const when = alarm.whenElapsedMs - elapsed;
  const rtc = alarm.type.startsWith('RTC');
  const origWhen = rtc ? dateTimeMillis(state, state.now() + when) : duration(when);
  return [
    `${indent}${alarm.type} #${index}: Alarm{${identity(`alarm:${alarm.tag}`)} type ${ALARM_TYPE_NUMBERS[alarm.type]} origWhen ${rtc ? state.now() + when : alarm.whenElapsedMs} ${alarm.packageName}}`,
    `${indent}  tag=${alarm.tag}`,
    `${indent}  type=${alarm.type} origWhen=${origWhen} window=${alarm.windowMs === 0 ? 0 : duration(alarm.windowMs)} repeatInterval=${alarm.repeatIntervalMs} count=${alarm.count ?? 0} flags=0x${alarm.packageName === 'android' ? '9' : '0'}`,
    `${indent}  whenElapsed=${duration(when)} maxWhenElapsed=${duration(when + alarm.windowMs)}`,
    `${indent}  operation=PendingIntent{${identity(`intent:${alarm.tag}`)}: PendingIntentRecord{${identity(`record:${alarm.tag}`)} ${alarm.packageName} broadcastIntent}}`,
  ];
}

export function alarmService(state: DeviceState): string {
  const system = systemStateOf(state);
  const alarms = system.work.alarms();
  const elapsed = system.elapsedNow();
  const now = state.now();
  const next = (wakeup: boolean): string[] => {
    const alarm = alarms.find((candidate) => candidate.type.endsWith('WAKEUP') === wakeup);
    if (!alarm) return [];
    const delta = alarm.whenElapsedMs - elapsed;
    return [
      `  Next ${wakeup ? 'wakeup' : 'non-wakeup'} alarm: ${duration(delta)} = ${dateTimeMillis(state, now + delta)}`,
    ];
  };
  const rows = [
    'Current Alarm Manager state:',
    `  nowRTC=${now}=${dateTimeMillis(state, now)} nowELAPSED=${elapsed}`,
    `  mLastTimeChangeClockTime=${system.bootTimeMs}=${dateTimeMillis(state, system.bootTimeMs)}`,
    ...next(false),
    ...next(true),
    '',
  ];
  if (state.sdkLevel >= 31) {
    rows.push(`  Pending alarms: ${alarms.length}`);
    alarms.forEach((alarm, index) => rows.push(...alarmBlock(state, alarm, index, '    ')));
  } else {
    rows.push(`  Pending alarm batches: ${alarms.length}`);
    for (const alarm of alarms) {
      const start = alarm.whenElapsedMs;
      rows.push(
        `Batch{${identity(`batch:${alarm.tag}`)} num=1 start=${start} end=${start + alarm.windowMs} flgs=0x${alarm.packageName === 'android' ? '9' : '0'}}:`,
        ...alarmBlock(state, alarm, 0, '    '),
      );
    }
  }
  rows.push(...idleUntilRows(state, alarms));
  return lines(rows);
}

/** In deep Doze AlarmManager holds DeviceIdleController's alarm as mPendingIdleUntil; apps' alarms wait for it. */
function idleUntilRows(state: DeviceState, alarms: readonly AlarmRecord[]): string[] {
  const system = systemStateOf(state);
  const index = alarms.findIndex((alarm) => alarm.tag === IDLE_UNTIL_TAG);
  const alarm = system.doze.deep === 'IDLE' ? alarms[index] : undefined;
  const name = (record: AlarmRecord): string =>
    `Alarm{${identity(`alarm:${record.tag}`)} type ${ALARM_TYPE_NUMBERS[record.type]} origWhen ${record.whenElapsedMs} ${record.packageName}}`;
  if (state.sdkLevel < 31) return ['', `  mPendingIdleUntil=${alarm ? name(alarm) : 'null'}`];
  if (!alarm) return [];
  return [
    '',
    '  Idle mode state:',
    `    Idling until: ${name(alarm)}`,
    ...alarmBlock(state, alarm, index, '    ').slice(1),
  ];
}

/** `dumpsys usagestats`: recent activity events and the app standby states. */
export function usageStatsService(state: DeviceState): string {
  const system = systemStateOf(state);
  const elapsed = system.elapsedNow();
  const now = state.now();
  const recents = system.recents();
  const rows = [
    'user=0',
    `  Last 24 hour events (timeRange="${dateTime(state, now - 86_400_000)} - ${dateTime(state, now)}")`,
    ...recents
      .slice()
      .reverse()
      .map(
        (task, index) =>
          `    time="${dateTime(state, now - (recents.length - index) * 60_000)}" type=ACTIVITY_RESUMED package=${task.packageName} class=${task.activity}`,
      ),
    '',
  ];
  if (state.sdkLevel < 28) return lines(rows);
  rows.push('App Standby States:', '  mAppIdleEnabled=true', '  user=0');
  for (const info of state.listPackages().sort((a, b) => (a.packageName < b.packageName ? -1 : 1))) {
    const bucket = standbyBucketOf(state, info.packageName) ?? 40;
    const used = recents.findIndex((task) => task.packageName === info.packageName);
    const usedText = used < 0 ? duration(-elapsed) : duration(-(used + 1) * 60_000);
    // UsageStatsManager reason codes: s forced by system, f forced by user (am set-standby-bucket), u usage, d default.
    const forced = system.work.standbyOverride(info.packageName) !== undefined && !info.system;
    const reason = bucket === 5 ? 's' : forced ? 'f' : bucket === 10 ? 'u-mb' : 'd';
    rows.push(
      `    package=${info.packageName} u=0 bucket=${bucket} reason=${reason} used=${usedText} usedScr=${usedText} lastPred=${duration(-elapsed)} lastJob=--  idle=${bucket >= 40 ? 'y' : 'n'}`,
    );
  }
  rows.push(`  totalElapsedTime=${duration(elapsed)}`, `  totalScreenOnTime=${duration(elapsed)}`);
  return lines(rows);
}
