// `dumpsys alarm`, `dumpsys deviceidle` and `am get-standby-bucket` for one package: its pending alarms, its Doze
// whitelist entries with the device's Doze state, and its standby bucket. Fields a release does not print are
// null, never guessed.
import { parseDeviceIdle, type DozeSummary } from '../../shared/android/aggregates';
import { blockEnd, dumpLines, matchedRows, type MatchedRows } from './backgroundWorkRows';

export interface PendingAlarm {
  /** RTC_WAKEUP, RTC, ELAPSED_WAKEUP, ELAPSED (the AlarmManager type). */
  type: string;
  wakeup: boolean;
  package: string;
  tag: string | null;
  /** As dumped: RTC alarms a device-local date (or epoch ms), elapsed ones relative. */
  orig_when: string | null;
  /** Time until it is due, relative to the dump (`+14m59s...`). */
  when_elapsed: string | null;
  max_when_elapsed: string | null;
  window: string | null;
  repeat_interval_ms: number | null;
  count: number | null;
  /** The PendingIntent or listener it fires. */
  operation: string | null;
}

export interface AlarmEvidence extends MatchedRows {
  alarms: PendingAlarm[];
  alarms_limit_reached: boolean;
  /** Device-wide: the next wakeup and non-wakeup alarm lines' values. */
  next_wakeup_alarm: string | null;
  next_non_wakeup_alarm: string | null;
  /** `Pending alarms: N` (Android 12+) or `Pending alarm batches: N` of every app. */
  pending_count: number | null;
  /** DeviceIdleController's alarm AlarmManager holds while the device is in deep Doze; null when not idle. */
  idle_until: string | null;
}

const ALARM_HEADER =
  /^\s*(RTC_WAKEUP|RTC|ELAPSED_WAKEUP|ELAPSED|ELAPSED_REALTIME_WAKEUP|ELAPSED_REALTIME) #\d+: Alarm\{\S+ type -?\d+ (?:origWhen|when) -?\d+ (\S+)\}/;

function alarmOf(block: readonly string[], type: string, packageName: string): PendingAlarm {
  const text = block.slice(1).join('\n');
  const field = (pattern: RegExp): string | null => pattern.exec(text)?.[1] ?? null;
  const number = (pattern: RegExp): number | null => {
    const value = field(pattern);
    return value === null ? null : Number(value);
  };
  return {
    type,
    wakeup: type.endsWith('WAKEUP'),
    package: packageName,
    tag: field(/^\s*tag=(.+)$/m),
    orig_when: field(/\borigWhen=(\d{4}-\d\d-\d\d [\d:.]+|\S+)/),
    when_elapsed: field(/\bwhenElapsed=(\S+)/),
    max_when_elapsed: field(/\bmaxWhenElapsed=(\S+)/),
    window: field(/\bwindow=(\S+)/),
    repeat_interval_ms: number(/\brepeatInterval=(-?\d+)/),
    count: number(/\bcount=(\d+)/),
    operation: field(/^\s*(?:operation|listener)=(.+)$/m),
  };
}

/** The package's pending alarms and matching lines of `dumpsys alarm`, at most `limit` of each. */
export function parseAlarms(text: string, packageName: string, limit: number): AlarmEvidence {
  const lines = dumpLines(text);
  const picked = new Set<number>();
  const alarms: PendingAlarm[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const header = ALARM_HEADER.exec(lines[index] ?? '');
    if (!header || header[2] !== packageName) continue;
    const end = blockEnd(lines, index);
    alarms.push(alarmOf(lines.slice(index, end), header[1] ?? '', packageName));
    for (let own = index; own < end; own += 1) picked.add(own);
    index = end - 1;
  }
  const next = (wakeup: boolean): string | null =>
    new RegExp(`^\\s*Next ${wakeup ? 'wakeup' : 'non-wakeup'}(?: alarm)?: (.+)$`, 'm').exec(text)?.[1] ??
    null;
  const pending = /^\s*Pending alarm(?:s| batches): (\d+)/m.exec(text)?.[1];
  const idle = /^\s*(?:mPendingIdleUntil=|Idling until: )(.+)$/m.exec(text)?.[1] ?? null;
  return {
    ...matchedRows(lines, picked, packageName, limit),
    alarms: alarms.slice(0, limit),
    alarms_limit_reached: alarms.length > limit,
    next_wakeup_alarm: next(true),
    next_non_wakeup_alarm: next(false),
    pending_count: pending === undefined ? null : Number(pending),
    idle_until: idle === 'null' ? null : idle,
  };
}

export interface DozeEvidence extends MatchedRows {
  /** On a `Whitelist ... apps:` list of `dumpsys deviceidle`. */
  whitelisted: boolean;
  /** The headings it is listed under, e.g. `Whitelist user apps`, `Whitelist (except idle) system apps`. */
  whitelists: string[];
  /** The device's Doze state (deep mState, light mLightState, conditions). */
  doze: DozeSummary;
}

/** The package's Doze whitelist entries and the device's Doze state from `dumpsys deviceidle`. */
export function parseDozeWhitelist(text: string, packageName: string, limit: number): DozeEvidence {
  const lines = dumpLines(text);
  const whitelists: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const heading = /^\s*((?:Temp )?[Ww]hitelist[^:]*):\s*$/.exec(lines[index] ?? '')?.[1];
    if (heading === undefined) continue;
    const end = blockEnd(lines, index);
    const listed = lines
      .slice(index + 1, end)
      .some((line) => line.trim() === packageName || line.trim().split(/[\s,]/).includes(packageName));
    if (listed) whitelists.push(heading);
    index = end - 1;
  }
  return {
    ...matchedRows(lines, new Set(), packageName, limit),
    whitelisted: whitelists.some((heading) => /apps$/.test(heading)),
    whitelists,
    doze: parseDeviceIdle(text),
  };
}

/** UsageStatsManager's bucket numbers. */
export const STANDBY_BUCKETS: Readonly<Record<number, string>> = {
  5: 'EXEMPTED',
  10: 'ACTIVE',
  20: 'WORKING_SET',
  30: 'FREQUENT',
  40: 'RARE',
  45: 'RESTRICTED',
  50: 'NEVER',
};

export interface StandbyEvidence {
  bucket: number | null;
  bucket_name: string | null;
  /** False when this Android has no `am get-standby-bucket` (before Android 9, API 28). */
  supported: boolean;
  /** False when the device said the package does not exist. */
  package_found: boolean | null;
}

/** `am get-standby-bucket PKG`: one number; before API 28 `am` does not know the verb. */
export function parseStandbyBucket(stdout: string, stderr: string): StandbyEvidence {
  const text = `${stdout}\n${stderr}`;
  const supported = !/Unknown command: get-standby-bucket|unknown command 'get-standby-bucket'/.test(text);
  const value = /^\s*(\d+)\s*$/.exec(stdout)?.[1];
  const bucket = supported && value !== undefined ? Number(value) : null;
  const missing = /non existent package|Unknown package|not found/i.test(text);
  return {
    bucket,
    bucket_name: bucket === null ? null : (STANDBY_BUCKETS[bucket] ?? `UNKNOWN_${bucket}`),
    supported,
    package_found: bucket !== null ? true : missing ? false : null,
  };
}
