// android_logcat: a bounded, directed window of the device log (`logcat -d`), scoped to a pid or package, redacted.
import { fail, ok } from '../../shared/errors';
import { LOGCAT_ARGUMENTS } from '../../shared/android/logcatArguments';
import { isLogDivider, parseLogLine, type LogEntry } from '../../shared/logcat/entry';
import { redactMessage, REDACTION_CAVEAT } from '../../shared/logcat/redact';
import { commandFailure } from '../android/outcome';
import { defineTool } from '../android/tool';
import { resolvePid } from './pid';

export const LOGCAT_CAVEATS = [
  'A child or restarted process of the app has another pid and may be missed.',
  'No matching entries do not prove that nothing happened.',
  'The window is not guaranteed complete: ring buffers wrap and chatty logging is pruned.',
];

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
    const pidPart = pid === null ? [] : [`--pid=${pid}`];
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
    for (const line of answer.value.stdout.split('\n')) {
      if (line.trim() === '' || isLogDivider(line)) continue;
      const entry = parseLogLine(line);
      if (entry === undefined) {
        unparsed += 1;
        continue;
      }
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
      limit_reached: entries.length >= args.lines,
      cutoff,
      pid,
      scope: args.package !== undefined ? 'package' : pid !== null ? 'pid' : 'device',
      package: args.package ?? null,
      limits: { lines: args.lines, since_secs: args.since_secs ?? null },
      redacted: args.redact,
      redactions,
      caveats: args.redact ? [REDACTION_CAVEAT, ...LOGCAT_CAVEATS] : LOGCAT_CAVEATS,
    });
  },
});
