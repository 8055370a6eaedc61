import type { LogEntry, LogPriority } from '../../device/state';
import { failWith, type CommandContext } from '../commandTable';
import { formatLogEntry, isLogFormat, LOG_FORMATS, type LogFormat } from './logFormat';

const PRIORITY_RANK: Record<LogPriority | 'S', number> = { V: 2, D: 3, I: 4, W: 5, E: 6, F: 7, S: 8 };
const BUFFERS = new Set(['main', 'system', 'crash', 'radio', 'events', 'kernel', 'default', 'all']);
const BUFFER_BANNER = '--------- beginning of main\n';

interface LogcatOptions {
  format: LogFormat;
  dump: boolean;
  clear: boolean;
  /** -t / -T: a count of recent lines or a start time in epoch ms. */
  recent: { count: number } | { sinceMs: number } | undefined;
  follow: boolean;
  pid: number | undefined;
  defaultRank: number;
  tagRanks: Map<string, number>;
}

/**
 * `logcat [-d] [-c] [-v FORMAT] [-t N|TIME] [-T N|TIME] [-s] [-b BUFFER] [--pid=N] [TAG:PRIORITY ...]`.
 * Times print in UTC (the simulated persist.sys.timezone). Without -d/-t it keeps streaming new entries until the
 * stream closes. Binary output (-B, used by adbkit's openLogcat) is not implemented.
 */
export async function logcat(context: CommandContext): Promise<number> {
  const parsed = parseOptions(context.args, context.device.state.now());
  if ('error' in parsed) return failWith(context, parsed.error);
  const { state } = context.device;
  if (parsed.clear) {
    state.clearLogs();
    return 0;
  }
  let bannerPrinted = false;
  const print = (entry: LogEntry): void => {
    if (!selects(parsed, entry)) return;
    context.stdout(`${bannerPrinted ? '' : BUFFER_BANNER}${formatLogEntry(entry, parsed.format)}`);
    bannerPrinted = true;
  };
  let backlog = state.logs().filter((entry) => selects(parsed, entry));
  const recent = parsed.recent;
  if (recent && 'count' in recent) backlog = backlog.slice(Math.max(0, backlog.length - recent.count));
  else if (recent) backlog = backlog.filter((entry) => entry.timeMs >= recent.sinceMs);
  backlog.forEach(print);
  if (!parsed.follow) return 0;
  // The backlog was printed synchronously, so subscribing now loses no entry.
  const unsubscribe = state.on('log', print);
  await new Promise<void>((resolve) => {
    if (context.signal.aborted) resolve();
    else context.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  unsubscribe();
  return 0;
}

function selects(options: LogcatOptions, entry: LogEntry): boolean {
  if (options.pid !== undefined && entry.pid !== options.pid) return false;
  const rank = options.tagRanks.get(entry.tag) ?? options.defaultRank;
  return PRIORITY_RANK[entry.priority] >= rank;
}

function parseOptions(args: readonly string[], nowMs: number): LogcatOptions | { error: string } {
  const options: LogcatOptions = {
    format: 'threadtime',
    dump: false,
    clear: false,
    recent: undefined,
    follow: true,
    pid: undefined,
    defaultRank: PRIORITY_RANK.V,
    tagRanks: new Map(),
  };
  let silent = false;
  let explicitDefault = false;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    const value = args[index + 1];
    if (argument === '-d') options.dump = true;
    else if (argument === '-c') options.clear = true;
    else if (argument === '-s') silent = true;
    else if (argument === '-B' || argument === '--binary')
      return { error: 'logcat: binary output (-B) is not supported by the simulator' };
    else if (
      argument === '-v' ||
      argument === '-b' ||
      argument === '-t' ||
      argument === '-T' ||
      argument === '--pid'
    ) {
      if (value === undefined) return { error: `logcat: option ${argument} needs an argument` };
      index += 1;
      const error = applyValueOption(options, argument, value, nowMs);
      if (error) return { error };
    } else if (argument.startsWith('--pid=')) {
      const error = applyValueOption(options, '--pid', argument.slice('--pid='.length), nowMs);
      if (error) return { error };
    } else if (argument.startsWith('-')) {
      return { error: `logcat: unknown option ${argument}` };
    } else {
      const match = /^([^:]+)(?::([VDIWEFS]))?$/.exec(argument);
      if (!match) return { error: `logcat: invalid filter expression '${argument}'` };
      const rank = PRIORITY_RANK[(match[2] ?? 'V') as LogPriority | 'S'];
      if (match[1] === '*') {
        options.defaultRank = rank;
        explicitDefault = true;
      } else {
        options.tagRanks.set(match[1] as string, rank);
      }
    }
  }
  if (silent && !explicitDefault) options.defaultRank = PRIORITY_RANK.S;
  if (options.dump) options.follow = false;
  return options;
}

function applyValueOption(
  options: LogcatOptions,
  option: string,
  value: string,
  nowMs: number,
): string | undefined {
  if (option === '-v') {
    if (!isLogFormat(value))
      return `logcat: unknown format '${value}' (use one of ${LOG_FORMATS.join(', ')})`;
    options.format = value;
  } else if (option === '-b') {
    if (!value.split(',').every((buffer) => BUFFERS.has(buffer))) return `logcat: unknown buffer '${value}'`;
  } else if (option === '--pid') {
    if (!/^\d+$/.test(value)) return `logcat: invalid pid '${value}'`;
    options.pid = Number(value);
  } else {
    const recent = parseRecent(value, nowMs);
    if (!recent) return `logcat: invalid count or time '${value}'`;
    options.recent = recent;
    // -t prints the recent lines and exits; -T keeps streaming after them.
    if (option === '-t') options.dump = true;
  }
  return undefined;
}

/** A count, or a `MM-DD HH:MM:SS.mmm` time of the current (UTC) year. */
function parseRecent(value: string, nowMs: number): LogcatOptions['recent'] {
  if (/^\d+$/.test(value)) return { count: Number(value) };
  const match = /^(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,3}))?$/.exec(value);
  if (!match) return undefined;
  const [, month, day, hours, minutes, seconds, millis = '0'] = match;
  const year = new Date(nowMs).getUTCFullYear();
  const sinceMs = Date.UTC(
    year,
    Number(month) - 1,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
    Number(millis.padEnd(3, '0')),
  );
  return Number.isFinite(sinceMs) ? { sinceMs } : undefined;
}
