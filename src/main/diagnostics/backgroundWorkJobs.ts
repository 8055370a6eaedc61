// `dumpsys jobscheduler` for one package: its jobs (JobStatus blocks from Android 7, one toString() line per job on
// Android 5-6), whether each waits in the pending queue or runs, and the lines that name them. Fields the dump
// does not print on a release are null, never guessed.
import {
  blockEnd,
  booleanOf,
  constraintNames,
  dumpLines,
  matchedRows,
  type MatchedRows,
} from './backgroundWorkRows';

export interface BackgroundJob {
  /** `u0a105/1001` (calling uid / job id) as the dump names it; null in the Android 5-6 layout. */
  unique_id: string | null;
  job_id: number | null;
  uid: string | null;
  /** The JobService, `pkg/.Service` (or the full class on Android 5-6). */
  component: string | null;
  /** The package the job works for (`Source: ... pkg=`); differs from the component's for sync jobs. */
  source_package: string | null;
  periodic: { interval: string; flex: string | null } | null;
  persisted: boolean | null;
  requires: { charging: boolean | null; battery_not_low: boolean | null; device_idle: boolean | null } | null;
  network_type: string | null;
  min_latency: string | null;
  required_constraints: string[] | null;
  satisfied_constraints: string[] | null;
  unsatisfied_constraints: string[] | null;
  /** `Implicit constraints:` (Android 11+): readyNotDozing, readyNotRestrictedInBg, ... */
  implicit_constraints: Record<string, boolean> | null;
  doze_whitelisted: boolean | null;
  standby_bucket: string | null;
  enqueue_time: string | null;
  /** Relative to the dump (`+4m59s...`, `04:59` before Android 8, `none` when unbounded). */
  earliest_run: string | null;
  latest_run: string | null;
  last_successful_run: string | null;
  last_failed_run: string | null;
  num_failures: number | null;
  /** The `Ready:` verdict (ready to be executed now), or on Android 5-6 JobStatus.isReady() (`(READY)`). */
  ready: boolean | null;
  /** The flags in `Ready: x (...)`, e.g. `job`, `user`, `!pending`, `comp`. */
  ready_flags: Record<string, boolean> | null;
  /** Why it is not running, read off the dump: unsatisfied constraints, false implicit constraints and false
   * `Ready:` flags (`!pending=false` means it is already queued to run). */
  pending_reasons: string[];
  /** In `Pending queue:` (queued to run); null when the dump lists the queue without job ids (Android 5-6). */
  pending: boolean | null;
  /** In a busy `Active jobs:` slot. */
  running: boolean;
  /** `detailed` (JOB # blocks, Android 7+) or `legacy` (one toString() line, Android 5-6). */
  layout: 'detailed' | 'legacy';
}

export interface JobSchedulerEvidence extends MatchedRows {
  /** Registered jobs of every app (`Registered N jobs:`); null when the dump does not count them. */
  registered_jobs: number | null;
  jobs: BackgroundJob[];
  jobs_limit_reached: boolean;
}

const HEADER = /^\s*JOB #([^/\s]+)\/(\S+?): (\S+) (\S+)\s*$/;
const LEGACY =
  /^\s*\d+\.\.:\[ComponentInfo\{([^/}]+)\/([^}]+)\},jId=(-?\d+),u(\d+),(?:suid=\d+,)?R=\(([^,]*),([^)]*)\),(.*?)(\(READY\))?\]\s*$/;

function emptyJob(layout: BackgroundJob['layout']): BackgroundJob {
  return {
    unique_id: null,
    job_id: null,
    uid: null,
    component: null,
    source_package: null,
    periodic: null,
    persisted: null,
    requires: null,
    network_type: null,
    min_latency: null,
    required_constraints: null,
    satisfied_constraints: null,
    unsatisfied_constraints: null,
    implicit_constraints: null,
    doze_whitelisted: null,
    standby_bucket: null,
    enqueue_time: null,
    earliest_run: null,
    latest_run: null,
    last_successful_run: null,
    last_failed_run: null,
    num_failures: null,
    ready: null,
    ready_flags: null,
    pending_reasons: [],
    pending: null,
    running: false,
    layout,
  };
}

/** One `JOB #uid/id: hash component` block's lines into a job. */
function detailedJob(block: readonly string[]): BackgroundJob {
  const job = emptyJob('detailed');
  const header = HEADER.exec(block[0] ?? '');
  job.unique_id = header ? `${header[1]}/${header[2]}` : null;
  job.uid = header?.[1] ?? null;
  job.job_id = header && /^-?\d+$/.test(header[2] ?? '') ? Number(header[2]) : null;
  job.component = header?.[4] ?? null;
  job.doze_whitelisted = false;
  let implicit = false;
  for (const raw of block.slice(1)) {
    const line = raw.trim();
    let match: RegExpExecArray | null;
    if ((match = /^Source: uid=\S+ user=\d+ pkg=(\S+)/.exec(line))) job.source_package = match[1] ?? null;
    else if ((match = /^Service: (\S+)/.exec(line))) job.component = match[1] ?? job.component;
    else if ((match = /^PERIODIC: interval=(\S+)(?: flex=(\S+))?/.exec(line)))
      job.periodic = { interval: match[1] ?? '', flex: match[2] ?? null };
    else if (line === 'PERSISTED') job.persisted = true;
    else if ((match = /^Requires: charging=(\w+)(?: batteryNotLow=(\w+))? deviceIdle=(\w+)/.exec(line)))
      job.requires = {
        charging: booleanOf(match[1]),
        battery_not_low: booleanOf(match[2]),
        device_idle: booleanOf(match[3]),
      };
    else if ((match = /^Network type: (.+)$/.exec(line))) job.network_type = match[1] ?? null;
    else if ((match = /^Minimum latency: (\S+)/.exec(line))) job.min_latency = match[1] ?? null;
    else if ((match = /^Required constraints:(.*)$/.exec(line)))
      job.required_constraints = constraintNames(match[1] ?? '');
    else if ((match = /^Satisfied constraints:(.*)$/.exec(line)))
      job.satisfied_constraints = constraintNames(match[1] ?? '');
    else if ((match = /^Unsatisfied constraints:(.*)$/.exec(line)))
      job.unsatisfied_constraints = constraintNames(match[1] ?? '');
    else if (line === 'Doze whitelisted: true') job.doze_whitelisted = true;
    else if (line === 'Implicit constraints:') {
      implicit = true;
      job.implicit_constraints = {};
      continue;
    } else if (implicit && (match = /^(\w+): (true|false)$/.exec(line)) && job.implicit_constraints)
      job.implicit_constraints[match[1] ?? ''] = match[2] === 'true';
    else if ((match = /^Standby bucket: (\S+)/.exec(line))) job.standby_bucket = match[1] ?? null;
    else if ((match = /^Enqueue time: (\S+)/.exec(line))) job.enqueue_time = match[1] ?? null;
    else if ((match = /^Run time: earliest=([^,]+), latest=([^,]+)/.exec(line))) {
      job.earliest_run = match[1] ?? null;
      job.latest_run = match[2] ?? null;
    } else if ((match = /^Earliest run time: (\S+)/.exec(line))) job.earliest_run = match[1] ?? null;
    else if ((match = /^Latest run time: (\S+)/.exec(line))) job.latest_run = match[1] ?? null;
    else if ((match = /^Last successful run: (.+)$/.exec(line))) job.last_successful_run = match[1] ?? null;
    else if ((match = /^Last failed run: (.+)$/.exec(line))) job.last_failed_run = match[1] ?? null;
    else if ((match = /^Num failures: (\d+)/.exec(line))) job.num_failures = Number(match[1]);
    else if ((match = /^Ready: (true|false) \((.*)\)$/.exec(line))) {
      job.ready = match[1] === 'true';
      job.ready_flags = {};
      for (const flag of (match[2] ?? '').matchAll(/(!?\w+)=(true|false)/g))
        job.ready_flags[flag[1] ?? ''] = flag[2] === 'true';
    }
    implicit = implicit && /^\w+: (true|false)$/.test(line);
  }
  if (job.persisted === null && job.requires !== null) job.persisted = false;
  job.pending_reasons = [
    ...(job.unsatisfied_constraints ?? []),
    ...Object.entries(job.implicit_constraints ?? {})
      .filter(([, holds]) => !holds)
      .map(([name]) => name),
    ...Object.entries(job.ready_flags ?? {})
      .filter(([name, holds]) => !holds && name !== 'job')
      .map(([name]) => `${name}=false`),
  ];
  return job;
}

/** Android 5-6: `123..:[ComponentInfo{pkg/cls},jId=1,u0,R=(earliest,latest),N=1,C=false,I=false,F=0,P=true(READY)]`. */
function legacyJob(match: RegExpExecArray): BackgroundJob {
  const job = emptyJob('legacy');
  const fields = new Map(
    [...(match[7] ?? '').matchAll(/(\w+)=([^,]*)/g)].map((field) => [field[1] ?? '', field[2] ?? '']),
  );
  const network = fields.get('N');
  job.job_id = Number(match[3]);
  job.component = `${match[1] ?? ''}/${match[2] ?? ''}`;
  job.source_package = match[1] ?? null;
  job.earliest_run = match[5] ?? null;
  job.latest_run = match[6] ?? null;
  job.network_type = network ?? null;
  job.requires = {
    charging: booleanOf(fields.get('C')),
    battery_not_low: null,
    device_idle: booleanOf(fields.get('I')),
  };
  job.persisted = booleanOf(fields.get('P'));
  job.num_failures = fields.has('F') ? Number(fields.get('F')) : null;
  job.ready = match[8] !== undefined;
  return job;
}

/** The package's jobs and matching lines of `dumpsys jobscheduler`, at most `limit` of each. */
export function parseJobScheduler(text: string, packageName: string, limit: number): JobSchedulerEvidence {
  const lines = dumpLines(text);
  const picked = new Set<number>();
  const jobs: BackgroundJob[] = [];
  const mine = (job: BackgroundJob): boolean =>
    job.source_package === packageName || (job.component ?? '').startsWith(`${packageName}/`);
  let section = '';
  const queued: Array<{ section: string; line: string }> = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (/^\S/.test(line)) section = line.trim();
    if (HEADER.test(line) && section.startsWith('Registered')) {
      const end = blockEnd(lines, index);
      const job = detailedJob(lines.slice(index, end));
      if (mine(job)) {
        jobs.push(job);
        for (let own = index; own < end; own += 1) picked.add(own);
      }
      index = end - 1;
      continue;
    }
    const legacy = LEGACY.exec(line);
    if (legacy && section.startsWith('Registered')) {
      const job = legacyJob(legacy);
      if (mine(job)) {
        jobs.push(job);
        picked.add(index);
      }
      continue;
    }
    if (section === 'Pending queue:' || section === 'Active jobs:' || section === 'Job history:')
      queued.push({ section, line });
  }
  // Queue, slot and history lines name a job by `#uid/id` (and its component).
  const ids = new Set(jobs.flatMap((job) => (job.unique_id === null ? [] : [job.unique_id])));
  for (const [index, line] of lines.entries()) {
    const id = /#([^/\s]+\/[^\s:]+)(?=[:\s]|$)/.exec(line)?.[1];
    if (id !== undefined && ids.has(id) && !picked.has(index)) picked.add(index);
  }
  for (const job of jobs) {
    if (job.unique_id === null) continue;
    // `JOB #u0a1/2: ...` in the queue, `hash #u0a1/2 component` (toShortString) in slots and older queues.
    const id = job.unique_id;
    const named = (entry: { line: string }): boolean =>
      entry.line.split(/[\s:]/).includes(`#${id}`) || entry.line.includes(`#${id}:`);
    job.pending = queued.some((entry) => entry.section === 'Pending queue:' && named(entry));
    job.running = queued.some(
      (entry) => entry.section === 'Active jobs:' && named(entry) && !/inactive/.test(entry.line),
    );
  }
  const registered = /^Registered (\d+) jobs:/m.exec(text)?.[1];
  return {
    ...matchedRows(lines, picked, packageName, limit),
    registered_jobs: registered === undefined ? null : Number(registered),
    jobs: jobs.slice(0, limit),
    jobs_limit_reached: jobs.length > limit,
  };
}
