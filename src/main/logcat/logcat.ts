// android_logcat: a bounded, directed window of the device log (`logcat -d`), scoped to a pid or package, redacted.
import { fail, ok, type Result } from '../../shared/errors';
import { LOGCAT_ARGUMENTS } from '../../shared/android/logcatArguments';
import { isLogDivider, parseLogLine, type LogEntry } from '../../shared/logcat/entry';
import { redactMessage, REDACTION_CAVEAT } from '../../shared/logcat/redact';
import { commandFailure } from '../android/outcome';
import { defineTool, type AndroidToolContext } from '../android/tool';
import { resolvePid } from './pid';

export const LOGCAT_CAVEATS = [
  'A child or restarted process of the app has another pid and may be missed.',
  'No matching entries do not prove that nothing happened.',
  'The window is not guaranteed complete: ring buffers wrap and chatty logging is pruned.',
];

/** logcat --pid arrived with Android 7. */
const PID_OPTION_SDK = 24;

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

/** android_logcat's answer. */
export interface LogcatWindow {
  kind: 'logcat';
  command: string;
  status: 'complete' | 'partial';
  entries: LogEntry[];
  unparsed_lines: number;
  /** As many entries as `lines` came back: with since_secs the later ones of the window were cut (logcat -m). */
  limit_reached: boolean;
  /** With since_secs: the device clock when asked and the window's start (epoch seconds). */
  cutoff: { device_epoch_s: number; cutoff_epoch_s: number } | null;
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
    let pidFilter: LogcatWindow['pid_filter'] = null;
    if (pid !== null) {
      const sdk = await sdkLevelOf(context);
      if (!sdk.ok) return sdk;
      pidFilter = sdk.value < PID_OPTION_SDK ? 'host' : 'device';
    }
    const pidPart = pid === null || pidFilter === 'host' ? [] : [`--pid=${pid}`];
    let cutoff: { device_epoch_s: number; cutoff_epoch_s: number } | null = null;
    let command: string;
    if (args.since_secs === undefined) {
      command = ['logcat', '-d', '-t', String(args.lines), ...pidPart, ...quoted].join(' ');
    } else {
      const clock = await context.run('date +%s');
      if (!clock.ok) return clock;
      const clockFailure = commandFailure('date +%s', clock.value);
      if (clockFailure !== undefined) return clockFailure;
      const now = Number(clock.value.stdout.trim());
      if (!Number.isInteger(now) || now <= 0)
        return fail('ANDROID_COMMAND_FAILED', 'date +%s did not print the device clock in seconds', {
          stdout: clock.value.stdout.slice(0, 200),
        });
      cutoff = { device_epoch_s: now, cutoff_epoch_s: now - args.since_secs };
      command = [
        'logcat',
        '-d',
        '-v',
        'threadtime,epoch',
        '-t',
        `${cutoff.cutoff_epoch_s}.000`,
        ...pidPart,
        '-m',
        String(args.lines),
        ...quoted,
      ].join(' ');
    }
    const answer = await context.run(command);
    if (!answer.ok) return answer;
    const failure = commandFailure(command, answer.value);
    if (failure !== undefined) return failure;
    const entries: LogEntry[] = [];
    let unparsed = 0;
    let redactions = 0;
    let read = 0;
    for (const line of answer.value.stdout.split('\n')) {
      if (line.trim() === '' || isLogDivider(line)) continue;
      const entry = parseLogLine(line);
      if (entry === undefined) {
        unparsed += 1;
        continue;
      }
      read += 1;
      if (pidFilter === 'host' && entry.pid !== pid) continue;
      if (args.redact) {
        const redacted = redactMessage(entry.message);
        redactions += redacted.count;
        entries.push({ ...entry, message: redacted.text });
      } else entries.push(entry);
    }
    const status = answer.value.status === 'partial' ? 'partial' : 'complete';
    return ok<LogcatWindow>({
      kind: 'logcat',
      command,
      status,
      entries,
      unparsed_lines: unparsed,
      limit_reached: read >= args.lines,
      cutoff,
      pid,
      pid_filter: pidFilter,
      scope: args.package !== undefined ? 'package' : pid !== null ? 'pid' : 'device',
      package: args.package ?? null,
      limits: { lines: args.lines, since_secs: args.since_secs ?? null },
      redacted: args.redact,
      redactions,
      caveats: [
        ...(args.redact ? [REDACTION_CAVEAT] : []),
        ...(pidFilter === 'host' ? [HOST_PID_FILTER_CAVEAT] : []),
        ...LOGCAT_CAVEATS,
      ],
    });
  },
});
