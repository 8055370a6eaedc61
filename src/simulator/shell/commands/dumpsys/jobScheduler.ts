// `dumpsys jobscheduler`: registered jobs and their constraints in the layout of the device's API level, from the
// device's background work (src/simulator/device/backgroundWork.ts). Layouts follow AOSP's JobSchedulerService and
// JobStatus dump code: API 21-23 one `toString()` line per job; 24-25 `JOB #` blocks with `Earliest/Latest run
// time:`; 26+ `Enqueue time:` and `Run time: earliest=..., latest=...`; 28+ the standby bucket and last run.
import type { DeviceState } from '../../../device/state';
import { appUid } from '../../../device/systemDefaults';
import { standbyBucketOf, systemStateOf, type JobRecord } from '../../../device/systemState';
import { dateTime, duration, identity, lines } from './format';

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
  /** JobStatus.isReady(): its constraints are met (or its deadline passed). */
  constraintsReady: boolean;
  /** Ready to be executed: also not held by Doze, quota or the NEVER bucket. */
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
      (constraint !== 'WITHIN_QUOTA' || quota) &&
      // BackgroundJobsController reports BACKGROUND_NOT_RESTRICTED from API 28.
      (constraint !== 'BACKGROUND_NOT_RESTRICTED' || state.sdkLevel >= 28),
  );
  // From API 29 the quota constraint is listed unsatisfied when it does not hold, though no job asks for it.
  const unsatisfied = [...required, ...(quota ? (['WITHIN_QUOTA'] as const) : [])].filter(
    (constraint) => !holds[constraint],
  );
  const constraintsMet = required.every((constraint) => constraint === 'DEADLINE' || holds[constraint]);
  const constraintsReady = constraintsMet || holds.DEADLINE;
  const ready = constraintsReady && holds.DEVICE_NOT_DOZING && holds.WITHIN_QUOTA && bucket !== 50;
  return { required, satisfied, unsatisfied, earliestMs, latestMs, bucket, constraintsReady, ready };
}

function runTime(ms: number | undefined, now: number): string {
  return ms === undefined ? 'none' : duration(ms - now);
}

/** DateUtils.formatElapsedTime of whole seconds: `MM:SS`, or `H:MM:SS` from an hour. */
function elapsedTime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}`
    : `${String(minutes).padStart(2, '0')}:${rest}`;
}

/** JobStatus.formatRunTime before API 26: `none`, `MM:SS` ahead or `-MM:SS` past. */
function legacyRunTime(ms: number | undefined, now: number): string {
  if (ms === undefined) return 'none';
  const delta = ms - now;
  return delta > 0 ? elapsedTime(Math.floor(delta / 1000)) : `-${elapsedTime(Math.floor(-delta / 1000))}`;
}

/** The `Ready:` line: `(job= pending= active= user=)` up to API 27, the negated flags from 28. */
function readyLine(sdk: number, view: JobView): string {
  if (sdk < 28) return `    Ready: false (job=${view.ready} pending=${view.ready} active=false user=true)`;
  const parts = [
    `job=${view.ready}`,
    'user=true',
    ...(sdk >= 31 ? ['!restricted=true'] : []),
    `!pending=${!view.ready}`,
    '!active=true',
    '!backingup=true',
    'comp=true',
  ];
  return `    Ready: false (${parts.join(' ')})`;
}

function runTimeRows(state: DeviceState, job: JobRecord, view: JobView): string[] {
  const system = systemStateOf(state);
  const sdk = state.sdkLevel;
  const now = system.elapsedNow();
  if (sdk < 26)
    return [
      `    Earliest run time: ${legacyRunTime(view.earliestMs, now)}`,
      `    Latest run time: ${legacyRunTime(view.latestMs, now)}`,
    ];
  // Persisted jobs from before boot were enqueued when JobSchedulerService loaded them, 30 s after boot.
  const enqueued = job.enqueuedElapsedMs ?? 30_000;
  return [
    `    Enqueue time: ${duration(enqueued - now)}`,
    `    Run time: earliest=${runTime(view.earliestMs, now)}, latest=${runTime(view.latestMs, now)}${sdk >= 30 ? `, original latest=${runTime(view.latestMs, now)}` : ''}`,
    ...(sdk >= 28 && job.lastRunElapsedMs !== undefined
      ? [`    Last successful run: ${dateTime(state, system.bootTimeMs + job.lastRunElapsedMs)}`]
      : []),
  ];
}

function jobBlock(state: DeviceState, job: JobRecord): string[] {
  const system = systemStateOf(state);
  const uid = appUid(state, job.packageName);
  const user = userOf(state, job.packageName);
  const sdk = state.sdkLevel;
  const view = viewOf(state, job);
  const constraints = (list: readonly Constraint[]): string => list.map((name) => ` ${name}`).join('');
  const batteryNotLow = sdk >= 26 ? ' batteryNotLow=false' : '';
  const whitelisted = system.work.dozeWhitelist().includes(job.packageName);
  const tracking = [
    ...(job.requiresCharging ? ['BATTERY'] : []),
    ...(job.requiredNetwork ? ['CONNECTIVITY'] : []),
    ...(job.requiresIdle ? ['IDLE'] : []),
    ...(view.earliestMs !== undefined || view.latestMs !== undefined ? ['TIME'] : []),
    ...(sdk >= 29 ? ['QUOTA'] : []),
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
    `      Requires: charging=${job.requiresCharging === true}${batteryNotLow} deviceIdle=${job.requiresIdle === true}`,
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
    ...runTimeRows(state, job, view),
    readyLine(sdk, view),
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

/** A stable stand-in for Object.hashCode() printed in decimal (the legacy dump shows its first three digits). */
function hashCode(text: string): string {
  return String(Number.parseInt(identity(text), 16) + 100_000_000);
}

/**
 * API 21-23: JobStatus.toString() per job, `Pending:` as hash codes, `mReadyToRock`. The controllers' own state
 * sections between the jobs and `Pending:` are not simulated.
 */
function legacyJobScheduler(state: DeviceState, jobs: readonly JobRecord[]): string {
  const now = systemStateOf(state).elapsedNow();
  const entries = jobs.map((job) => ({ job, view: viewOf(state, job) }));
  const network = (job: JobRecord): number =>
    job.requiredNetwork === 'unmetered' ? 2 : job.requiredNetwork === 'any' ? 1 : 0;
  return lines(
    'Started users: u0 ',
    'Registered jobs:',
    ...(entries.length === 0
      ? ['  None.']
      : entries.map(
          ({ job, view }) =>
            `  ${hashCode(`job:${job.packageName}:${job.jobId}`).slice(0, 3)}..:[ComponentInfo{${job.packageName}/${job.service}},jId=${job.jobId},u0,R=(${legacyRunTime(view.earliestMs, now)},${legacyRunTime(view.latestMs, now)}),N=${network(job)},C=${job.requiresCharging === true},I=${job.requiresIdle === true},F=0,P=true${view.constraintsReady ? '(READY)' : ''}]`,
        )),
    '',
    'Pending:',
    ...entries
      .filter(({ view }) => view.ready)
      .map(({ job }) => hashCode(`job:${job.packageName}:${job.jobId}`)),
    '',
    'Active jobs:',
    '',
    'mReadyToRock=true',
    '',
  );
}

export function jobSchedulerService(state: DeviceState): string {
  const jobs = systemStateOf(state).work.jobs();
  if (state.sdkLevel < 24) return legacyJobScheduler(state, jobs);
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
