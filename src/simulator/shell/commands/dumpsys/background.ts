// Background work: `dumpsys jobscheduler` (registered jobs and their constraints), `dumpsys alarm` (pending alarms;
// batches before API 31) and `dumpsys usagestats` (standby buckets from API 28, the same ones `am
// get-standby-bucket` answers).
import type { DeviceState } from '../../../device/state';
import { appUid } from '../../../device/systemDefaults';
import {
  standbyBucketOf,
  systemStateOf,
  type AlarmRecord,
  type JobRecord,
} from '../../../device/systemState';
import { dateTime, dateTimeMillis, duration, identity, lines } from './format';

const BUCKET_NAMES: Record<number, string> = {
  5: 'EXEMPTED',
  10: 'ACTIVE',
  20: 'WORKING_SET',
  30: 'FREQUENT',
  40: 'RARE',
  45: 'RESTRICTED',
  50: 'NEVER',
};

/** JobStatus.dumpConstraints order. */
const CONSTRAINT_ORDER = [
  'CHARGING',
  'TIMING_DELAY',
  'DEADLINE',
  'IDLE',
  'CONNECTIVITY',
  'DEVICE_NOT_DOZING',
  'BACKGROUND_NOT_RESTRICTED',
  'WITHIN_QUOTA',
] as const;
type Constraint = (typeof CONSTRAINT_ORDER)[number];

function shortService(job: { packageName: string; service: string }): string {
  const { packageName, service } = job;
  return `${packageName}/${service.startsWith(`${packageName}.`) ? service.slice(packageName.length) : service}`;
}

function userOf(state: DeviceState, packageName: string): string {
  return `u0a${appUid(state, packageName) - 10_000}`;
}

/** The job's network requirement: a NetworkRequest from API 28, the JobInfo NETWORK_TYPE number before. */
function networkText(sdk: number, network: 'any' | 'unmetered', uid: number): string {
  if (sdk < 28) return network === 'unmetered' ? '2' : '1';
  const capabilities = `INTERNET&NOT_RESTRICTED&TRUSTED&VALIDATED${network === 'unmetered' ? '&NOT_METERED' : ''}`;
  return `NetworkRequest [ NONE id=0, [ Capabilities: ${capabilities} Uid: ${uid}] ]`;
}

interface JobView {
  required: Constraint[];
  satisfied: Constraint[];
  unsatisfied: Constraint[];
  /** Elapsed realtime bounds: TIMING_DELAY's earliest and DEADLINE's latest run time. */
  earliestMs: number | undefined;
  latestMs: number | undefined;
  bucket: number;
  ready: boolean;
}

/** What the controllers report for a job on this device now (battery, connectivity, idleness, Doze, bucket). */
function viewOf(state: DeviceState, job: JobRecord): JobView {
  const system = systemStateOf(state);
  const now = system.elapsedNow();
  const bucket = standbyBucketOf(state, job.packageName) ?? 40;
  const base = job.lastRunElapsedMs ?? job.enqueuedElapsedMs ?? now;
  // Periodic jobs run within [last + interval - flex, last + interval]; flex is the interval by default.
  const earliestMs =
    job.periodicMs !== undefined
      ? base + job.periodicMs - (job.flexMs ?? job.periodicMs)
      : job.minLatencyMs
        ? base + job.minLatencyMs
        : undefined;
  const latestMs = job.periodicMs !== undefined ? base + job.periodicMs : undefined;
  // Wi-Fi and Ethernet are the simulated networks, both unmetered: one connected satisfies any network request.
  const network = system.wifiConnected || system.ethernet.linkUp;
  const holds: Record<Constraint, boolean> = {
    CHARGING: system.battery.plugged !== 'none',
    TIMING_DELAY: earliestMs === undefined || now >= earliestMs,
    DEADLINE: latestMs !== undefined && now >= latestMs,
    IDLE: system.work.deviceIdleForJobs,
    CONNECTIVITY: network,
    // Apps on the Doze whitelist keep running jobs while the device dozes (DeviceIdleJobsController).
    DEVICE_NOT_DOZING: !system.work.dozingForJobs || system.work.dozeWhitelist().includes(job.packageName),
    BACKGROUND_NOT_RESTRICTED: true,
    // QuotaController (API 29+) gives NEVER-bucket apps no quota.
    WITHIN_QUOTA: bucket !== 50,
  };
  const wanted: Record<Constraint, boolean> = {
    CHARGING: job.requiresCharging === true,
    TIMING_DELAY: earliestMs !== undefined,
    DEADLINE: latestMs !== undefined,
    IDLE: job.requiresIdle === true,
    CONNECTIVITY: job.requiredNetwork !== undefined,
    DEVICE_NOT_DOZING: false,
    BACKGROUND_NOT_RESTRICTED: false,
    WITHIN_QUOTA: false,
  };
  const required = CONSTRAINT_ORDER.filter((constraint) => wanted[constraint]);
  // The time and idleness controllers report only what the job asks for; battery, network, Doze and background
  // restriction are reported for every job.
  const timed: readonly Constraint[] = ['TIMING_DELAY', 'DEADLINE', 'IDLE'];
  const quota = state.sdkLevel >= 29;
  const satisfied = CONSTRAINT_ORDER.filter(
    (constraint) =>
      holds[constraint] &&
      (wanted[constraint] || !timed.includes(constraint)) &&
      (constraint !== 'WITHIN_QUOTA' || quota),
  );
  // From API 29 the quota constraint is listed unsatisfied when it does not hold, though no job asks for it.
  const unsatisfied = [...required, ...(quota ? (['WITHIN_QUOTA'] as const) : [])].filter(
    (constraint) => !holds[constraint],
  );
  const constraintsMet = required.every((constraint) => constraint === 'DEADLINE' || holds[constraint]);
  const ready =
    (constraintsMet || holds.DEADLINE) && holds.DEVICE_NOT_DOZING && holds.WITHIN_QUOTA && bucket !== 50;
  return { required, satisfied, unsatisfied, earliestMs, latestMs, bucket, ready };
}

function runTime(ms: number | undefined, now: number): string {
  return ms === undefined ? 'none' : duration(ms - now);
}

function jobBlock(state: DeviceState, job: JobRecord): string[] {
  const system = systemStateOf(state);
  const uid = appUid(state, job.packageName);
  const user = userOf(state, job.packageName);
  const sdk = state.sdkLevel;
  const now = system.elapsedNow();
  const view = viewOf(state, job);
  const constraints = (list: readonly Constraint[]): string => list.map((name) => ` ${name}`).join('');
  const requires =
    job.requiresCharging || job.requiresIdle
      ? [
          `      Requires: charging=${job.requiresCharging === true} batteryNotLow=false deviceIdle=${job.requiresIdle === true}`,
        ]
      : [];
  const whitelisted = system.work.dozeWhitelist().includes(job.packageName);
  const tracking = [
    ...(job.requiresCharging ? ['BATTERY'] : []),
    ...(job.requiredNetwork ? ['CONNECTIVITY'] : []),
    ...(job.requiresIdle ? ['IDLE'] : []),
    ...(view.earliestMs !== undefined || view.latestMs !== undefined ? ['TIME'] : []),
    ...(sdk >= 29 ? ['QUOTA'] : []),
  ];
  // Persisted jobs from before boot were enqueued when JobSchedulerService loaded them, 30 s after boot.
  const enqueued = job.enqueuedElapsedMs ?? 30_000;
  // A ready job waits in the pending queue (the simulator never starts one), so isReadyToBeExecuted is false.
  const readyParts = [
    `job=${view.ready}`,
    'user=true',
    ...(sdk >= 31 ? ['!restricted=true'] : []),
    `!pending=${!view.ready}`,
    '!active=true',
    '!backingup=true',
    'comp=true',
  ];
  return [
    `  JOB #${user}/${job.jobId}: ${identity(`job:${job.packageName}:${job.jobId}`)} ${shortService(job)}`,
    `    ${user} tag=*job*/${shortService(job)}`,
    `    Source: uid=${user} user=0 pkg=${job.packageName}`,
    '    JobInfo:',
    `      Service: ${shortService(job)}`,
    ...(job.periodicMs !== undefined
      ? [
          `      PERIODIC: interval=${duration(job.periodicMs)} flex=${duration(job.flexMs ?? job.periodicMs)}`,
        ]
      : []),
    '      PERSISTED',
    ...requires,
    ...(job.requiredNetwork ? [`      Network type: ${networkText(sdk, job.requiredNetwork, uid)}`] : []),
    ...(job.minLatencyMs ? [`      Minimum latency: ${duration(job.minLatencyMs)}`] : []),
    '      Backoff: policy=1 initial=+30s0ms',
    `    Required constraints:${constraints(view.required)}`,
    ...(sdk >= 31 ? ['    Dynamic constraints:'] : []),
    `    Satisfied constraints:${constraints(view.satisfied)}`,
    `    Unsatisfied constraints:${constraints(view.unsatisfied)}`,
    ...(whitelisted ? ['    Doze whitelisted: true'] : []),
    ...(sdk >= 26 ? [`    Tracking:${tracking.map((name) => ` ${name}`).join('')}`] : []),
    ...(sdk >= 30
      ? [
          '    Implicit constraints:',
          `      readyNotDozing: ${view.satisfied.includes('DEVICE_NOT_DOZING')}`,
          '      readyNotRestrictedInBg: true',
          ...(sdk >= 33 ? ['      readyComponentEnabled: true'] : []),
        ]
      : []),
    ...(sdk >= 28 ? [`    Standby bucket: ${BUCKET_NAMES[view.bucket] ?? 'RARE'}`] : []),
    `    Enqueue time: ${duration(enqueued - now)}`,
    `    Run time: earliest=${runTime(view.earliestMs, now)}, latest=${runTime(view.latestMs, now)}${sdk >= 30 ? `, original latest=${runTime(view.latestMs, now)}` : ''}`,
    ...(job.lastRunElapsedMs !== undefined
      ? [`    Last successful run: ${dateTime(state, system.bootTimeMs + job.lastRunElapsedMs)}`]
      : []),
    `    Ready: false (${readyParts.join(' ')})`,
  ];
}

/** JobPackageTracker.dumpHistory: time since, START/STOP, #uid/id and the job's tag. */
function historyRows(state: DeviceState): string[] {
  const system = systemStateOf(state);
  const now = system.elapsedNow();
  const history = system.work.jobHistory();
  if (history.length === 0) return [];
  return [
    'Job history:',
    ...history.map(
      (entry) =>
        `  ${duration(entry.elapsedMs - now).padStart(18)} ${entry.event === 'START' ? '  START' : '   STOP'}: #${userOf(state, entry.packageName)}/${entry.jobId} ${shortService(entry)}${entry.event === 'STOP' ? ' app called jobFinished' : ''}`,
    ),
    '',
  ];
}

export function jobSchedulerService(state: DeviceState): string {
  const jobs = systemStateOf(state).work.jobs();
  const pending = jobs.filter((job) => viewOf(state, job).ready);
  return lines(
    'Started users: [0]',
    `Registered ${jobs.length} jobs:`,
    ...jobs.flatMap((job) => jobBlock(state, job)),
    '',
    ...historyRows(state),
    'Pending queue:',
    ...pending.flatMap((job, index) => [
      `  Pending #${index}:`,
      `    JOB #${userOf(state, job.packageName)}/${job.jobId}: ${identity(`job:${job.packageName}:${job.jobId}`)} ${shortService(job)}`,
    ]),
    'Active jobs:',
    '  Slot #0: inactive since -2m1s310ms, stopped because: app called jobFinished',
  );
}

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
