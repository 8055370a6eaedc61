// android_logcat: a bounded, directed window of the device log (`logcat -d`), scoped to a pid or package, redacted.
import { fail, ok, type Result } from '../../shared/errors';
import { LOGCAT_ARGUMENTS } from '../../shared/android/logcatArguments';
import { isLogDivider, parseLogLine, type LogEntry } from '../../shared/logcat/entry';
import { redactMessage, REDACTION_CAVEAT } from '../../shared/logcat/redact';
import { commandFailure } from '../android/outcome';
import { defineTool, type AndroidToolContext } from '../android/tool';
import {
  DEVICE_CLOCK_COMMAND,
  localCutoff,
  localEntryEpochMs,
  parseDeviceClock,
  type DeviceClock,
} from './localWindow';
import { resolvePid } from './pid';

export const LOGCAT_CAVEATS = [
  'A child or restarted process of the app has another pid and may be missed.',
  'No matching entries do not prove that nothing happened.',
  'The window is not guaranteed complete: ring buffers wrap and chatty logging is pruned.',
];

/** logcat --pid, -m, -v modifiers and epoch -t times arrived with Android 7. */
const ANDROID_7_LOGCAT_SDK = 24;

export const HOST_WINDOW_PID_CAVEAT =
  'This Android version has no logcat --pid: the window was read for every process and filtered by pid on this ' +
  'computer.';

export const LOCAL_TIME_CAVEAT =
  'This Android version has no epoch times and no -m in logcat: the window started at the device-local time ' +
  '(device clock and time zone) and its entries were counted on this computer; a daylight-saving change inside the ' +
  'window moves its start by that change.';

export const NEW_YEAR_CAVEAT =
  'The window spans New Year on the device, which Android 5-6 logcat cannot express (it reads MM-DD in the current ' +
  'year): the whole log was read and cut at the device cutoff on this computer.';

export const TRUNCATED_CAVEAT =
  'The device printed more than the byte cap: the window was read up to there and its later entries are missing.';

export const HOST_PID_FILTER_CAVEAT =
  'This Android version has no logcat --pid: the last lines of the whole log were read and filtered by pid on this ' +
  'computer, so fewer entries than asked may come back (limit_reached counts the lines read).';

/** The device's API level: the hub's reading when it has one, else `getprop ro.build.version.sdk`. */
async function sdkLevelOf(context: AndroidToolContext): Promise<Result<number>> {
  const known = context.device?.info.apiLevel;
  if (known !== undefined) return ok(known);
  const read = await context.run('getprop ro.build.version.sdk');
  if (!read.ok) return read;
  const failure = commandFailure('getprop ro.build.version.sdk', read.value);
  if (failure !== undefined) return failure;
  const sdk = Number(read.value.stdout.trim());
  return Number.isInteger(sdk) && sdk > 0
    ? ok(sdk)
    : fail('ANDROID_COMMAND_FAILED', 'getprop ro.build.version.sdk did not print an API level', {
        stdout: read.value.stdout.slice(0, 200),
      });
}

/** How the window was made (see docs/diagnostics.md). */
export type WindowMethod =
  /** No since_secs: the last `lines` entries (`logcat -d -t <lines>`). */
  | 'tail'
  /** Android 7+: `-v threadtime,epoch -t <epoch>.000 -m <lines>`, cut and counted by logcat. */
  | 'device_epoch'
  /** Android 5-6: `-v threadtime -t 'MM-DD hh:mm:ss.000'` at the device-local cutoff, counted here. */
  | 'device_local_time'
  /** Android 5-6 across New Year: `-v threadtime` without -t, cut at the cutoff and counted here. */
  | 'host_time';

/** android_logcat's answer. */
export interface LogcatWindow {
  kind: 'logcat';
  command: string;
  status: 'complete' | 'partial';
  entries: LogEntry[];
  unparsed_lines: number;
  /** As many entries as `lines` came back: with since_secs the later ones of the window were cut (logcat -m). */
  limit_reached: boolean;
  /**
   * With since_secs: the device clock when asked and the window's start (epoch seconds); on Android 5-6 also the
   * device-local start sent to logcat and the device's UTC offset.
   */
  cutoff: {
    device_epoch_s: number;
    cutoff_epoch_s: number;
    device_local?: string;
    utc_offset?: string;
  } | null;
  window_method: WindowMethod;
  /** Where `lines` was applied: by logcat (-t N, -m N) or on this computer (Android 5-6 windows). */
  line_cap: 'device' | 'host';
  /** stdout passed the byte cap: the window was cut there. */
  output_truncated: boolean;
  pid: number | null;
  /** Where the pid was applied: logcat's --pid (Android 7+), or on this computer for older devices; null: no pid. */
  pid_filter: 'device' | 'host' | null;
  scope: 'package' | 'pid' | 'device';
  package: string | null;
  limits: { lines: number; since_secs: number | null };
  redacted: boolean;
  redactions: number;
  caveats: string[];
}

/** The command and how to read its answer. */
interface WindowPlan {
  command: string;
  method: WindowMethod;
  cutoff: LogcatWindow['cutoff'];
  /** For host_time: entries before this (epoch ms) are dropped here, reading times with this clock. */
  hostCut?: { clock: DeviceClock; fromMs: number };
}

async function commandOutput(context: AndroidToolContext, command: string): Promise<Result<string>> {
  const answer = await context.run(command);
  if (!answer.ok) return answer;
  const failure = commandFailure(command, answer.value);
  return failure ?? ok(answer.value.stdout);
}

/** Android 7+: logcat cuts at the device's epoch seconds and stops after `lines` (-m). */
async function epochPlan(
  context: AndroidToolContext,
  sinceSecs: number,
  lines: number,
  tail: string[],
): Promise<Result<WindowPlan>> {
  const clock = await commandOutput(context, 'date +%s');
  if (!clock.ok) return clock;
  const now = Number(clock.value.trim());
  if (!Number.isInteger(now) || now <= 0)
    return fail('ANDROID_COMMAND_FAILED', 'date +%s did not print the device clock in seconds', {
      stdout: clock.value.slice(0, 200),
    });
  const cutoff = { device_epoch_s: now, cutoff_epoch_s: now - sinceSecs };
  const head = ['logcat', '-d', '-v', 'threadtime,epoch', '-t', `${cutoff.cutoff_epoch_s}.000`];
  const [pidPart, filters] = splitTail(tail);
  return ok({
    command: [...head, ...pidPart, '-m', String(lines), ...filters].join(' '),
    method: 'device_epoch',
    cutoff,
  });
}

/** Android 5-6: the device-local cutoff from `date '+%s %z'`, or (across New Year) no -t and a cut here. */
async function localPlan(
  context: AndroidToolContext,
  sinceSecs: number,
  filters: string[],
): Promise<Result<WindowPlan>> {
  const printed = await commandOutput(context, DEVICE_CLOCK_COMMAND);
  if (!printed.ok) return printed;
  const clock = parseDeviceClock(printed.value);
  if (clock === undefined)
    return fail(
      'ANDROID_COMMAND_FAILED',
      `${DEVICE_CLOCK_COMMAND} did not print the device clock and UTC offset (e.g. "1733222400 +0100")`,
      { stdout: printed.value.slice(0, 200) },
    );
  const local = localCutoff(clock, sinceSecs);
  const cutoff = {
    device_epoch_s: clock.epoch_s,
    cutoff_epoch_s: clock.epoch_s - sinceSecs,
    device_local: local.text,
    utc_offset: clock.utc_offset,
  };
  if (local.crosses_year)
    return ok({
      command: ['logcat', '-d', '-v', 'threadtime', ...filters].join(' '),
      method: 'host_time',
      cutoff,
      hostCut: { clock, fromMs: cutoff.cutoff_epoch_s * 1000 },
    });
  return ok({
    command: ['logcat', '-d', '-v', 'threadtime', '-t', `'${local.text}'`, ...filters].join(' '),
    method: 'device_local_time',
    cutoff,
  });
}

/** The --pid part and the quoted filters of a command's tail. */
function splitTail(tail: string[]): [string[], string[]] {
  return [
    tail.filter((part) => part.startsWith('--pid=')),
    tail.filter((part) => !part.startsWith('--pid=')),
  ];
}

export const androidLogcat = defineTool({
  name: 'android_logcat',
  cli: { command: 'android', verb: 'logcat' },
  description:
    'Reads a bounded window of the device log (logcat -d): the last N entries or the last N seconds, optionally ' +
    'one package or pid and tag:priority filters; credentials redacted by default. Read-only.',
  risk: 'read_only',
  arguments: LOGCAT_ARGUMENTS,
  async run(context, args) {
    let pid: number | null = args.pid ?? null;
    if (args.package !== undefined) {
      const resolved = await resolvePid(context, args.package);
      if (!resolved.ok) return resolved;
      pid = resolved.value;
    }
    const filters = args.filter === undefined ? [] : args.filter.trim().split(/\s+/).filter(Boolean);
    const quoted = filters.map((token) => `'${token}'`);
    let modern = true;
    if (pid !== null || args.since_secs !== undefined) {
      const sdk = await sdkLevelOf(context);
      if (!sdk.ok) return sdk;
      modern = sdk.value >= ANDROID_7_LOGCAT_SDK;
    }
    const pidFilter: LogcatWindow['pid_filter'] = pid === null ? null : modern ? 'device' : 'host';
    const pidPart = pid === null || pidFilter === 'host' ? [] : [`--pid=${pid}`];
    let plan: Result<WindowPlan>;
    if (args.since_secs === undefined)
      plan = ok({
        command: ['logcat', '-d', '-t', String(args.lines), ...pidPart, ...quoted].join(' '),
        method: 'tail',
        cutoff: null,
      });
    else if (modern) plan = await epochPlan(context, args.since_secs, args.lines, [...pidPart, ...quoted]);
    else plan = await localPlan(context, args.since_secs, quoted);
    if (!plan.ok) return plan;
    const { command, method, hostCut } = plan.value;
    const lineCap: LogcatWindow['line_cap'] =
      method === 'tail' || method === 'device_epoch' ? 'device' : 'host';
    const answer = await context.run(command);
    if (!answer.ok) return answer;
    const failure = commandFailure(command, answer.value);
    if (failure !== undefined) return failure;
    const entries: LogEntry[] = [];
    let unparsed = 0;
    let redactions = 0;
    let read = 0;
    let matched = 0;
    for (const line of answer.value.stdout.split('\n')) {
      if (line.trim() === '' || isLogDivider(line)) continue;
      const entry = parseLogLine(line);
      if (entry === undefined) {
        unparsed += 1;
        continue;
      }
      if (hostCut !== undefined) {
        const at = localEntryEpochMs(entry.time, hostCut.clock);
        if (at !== null && at < hostCut.fromMs) continue;
      }
      read += 1;
      if (pidFilter === 'host' && entry.pid !== pid) continue;
      matched += 1;
      if (lineCap === 'host' && entries.length >= args.lines) continue;
      if (args.redact) {
        const redacted = redactMessage(entry.message);
        redactions += redacted.count;
        entries.push({ ...entry, message: redacted.text });
      } else entries.push(entry);
    }
    const status = answer.value.status === 'partial' ? 'partial' : 'complete';
    const truncated = answer.value.stdout_truncated;
    return ok<LogcatWindow>({
      kind: 'logcat',
      command,
      status,
      entries,
      unparsed_lines: truncated ? Math.max(0, unparsed - 1) : unparsed,
      limit_reached: lineCap === 'host' ? matched > args.lines : read >= args.lines,
      cutoff: plan.value.cutoff,
      window_method: method,
      line_cap: lineCap,
      output_truncated: truncated,
      pid,
      pid_filter: pidFilter,
      scope: args.package !== undefined ? 'package' : pid !== null ? 'pid' : 'device',
      package: args.package ?? null,
      limits: { lines: args.lines, since_secs: args.since_secs ?? null },
      redacted: args.redact,
      redactions,
      caveats: [
        ...(args.redact ? [REDACTION_CAVEAT] : []),
        ...(pidFilter === 'host'
          ? [method === 'tail' ? HOST_PID_FILTER_CAVEAT : HOST_WINDOW_PID_CAVEAT]
          : []),
        ...(lineCap === 'host' ? [LOCAL_TIME_CAVEAT] : []),
        ...(method === 'host_time' ? [NEW_YEAR_CAVEAT] : []),
        ...(truncated ? [TRUNCATED_CAVEAT] : []),
        ...LOGCAT_CAVEATS,
      ],
    });
  },
});
