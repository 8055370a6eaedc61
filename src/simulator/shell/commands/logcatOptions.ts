import { LOG_BUFFERS, type LogBuffer, type LogPriority } from '../../device/state';
import { isLogFormat, isLogModifier, LOG_FORMATS, type LogFormat, type LogModifier } from './logFormat';

// logcat's command line (system/logging/logcat/logcat.cpp): the options host tools and people type.

export const PRIORITY_RANK: Record<LogPriority | 'S', number> = { V: 2, D: 3, I: 4, W: 5, E: 6, F: 7, S: 8 };
/** What logcat reads without -b. */
export const DEFAULT_BUFFERS: readonly LogBuffer[] = ['main', 'system', 'crash'];

export interface LogcatOptions {
  format: LogFormat;
  modifiers: Set<LogModifier>;
  buffers: LogBuffer[];
  dump: boolean;
  clear: boolean;
  printSizes: boolean;
  binary: boolean;
  dividers: boolean;
  /** -t / -T: a count of recent lines or a start time in epoch ms. */
  recent: { count: number } | { sinceMs: number } | undefined;
  pid: number | undefined;
  maxCount: number | undefined;
  regex: RegExp | undefined;
  defaultRank: number;
  tagRanks: Map<string, number>;
}

const VALUE_OPTIONS: Record<string, string> = {
  '-v': '-v',
  '--format': '-v',
  '-b': '-b',
  '--buffer': '-b',
  '-t': '-t',
  '-T': '-T',
  '--pid': '--pid',
  '-m': '-m',
  '--max-count': '-m',
  '-e': '-e',
  '--regex': '-e',
};
const FLAG_OPTIONS: Record<string, keyof LogcatOptions | 'silent'> = {
  '-d': 'dump',
  '-c': 'clear',
  '--clear': 'clear',
  '-g': 'printSizes',
  '--buffer-size': 'printSizes',
  '-B': 'binary',
  '--binary': 'binary',
  '-D': 'dividers',
  '--dividers': 'dividers',
  '-s': 'silent',
};

/** The device time zone's offset from UTC in minutes at an epoch ms (persist.sys.timezone). */
export type ZoneOffset = (timeMs: number) => number;

const UTC_ZONE: ZoneOffset = () => 0;

/**
 * Parses logcat's arguments; `nowMs` dates `MM-DD` times in the current year, read as device-local times in the zone
 * `offsetMinutes` describes (UTC by default), as log_time::strptime does with localtime() and mktime(). Without filter
 * specs on the command line, `logTags` (ANDROID_LOG_TAGS, which the adb CLI exports) supplies them, as liblog does.
 */
export function parseLogcatOptions(
  args: readonly string[],
  nowMs: number,
  logTags = '',
  offsetMinutes: ZoneOffset = UTC_ZONE,
): LogcatOptions | { error: string } {
  const hasSpecs = args.some((argument, index) => isFilterSpec(args, index, argument));
  const specs = hasSpecs ? [] : logTags.split(/\s+/).filter(Boolean);
  return parseArguments([...args, ...specs], nowMs, offsetMinutes);
}

/** Whether args[index] is a filter spec (not an option or an option's value). */
function isFilterSpec(args: readonly string[], index: number, argument: string): boolean {
  if (argument.startsWith('-')) return false;
  const previous = args[index - 1];
  return previous === undefined || !(previous in VALUE_OPTIONS);
}

function parseArguments(
  args: readonly string[],
  nowMs: number,
  offsetMinutes: ZoneOffset,
): LogcatOptions | { error: string } {
  const options: LogcatOptions = {
    format: 'threadtime',
    modifiers: new Set(),
    buffers: [],
    dump: false,
    clear: false,
    printSizes: false,
    binary: false,
    dividers: false,
    recent: undefined,
    pid: undefined,
    maxCount: undefined,
    regex: undefined,
    defaultRank: PRIORITY_RANK.V,
    tagRanks: new Map(),
  };
  let silent = false;
  let explicitDefault = false;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    const equals = argument.startsWith('--') ? argument.indexOf('=') : -1;
    const name = equals > 0 ? argument.slice(0, equals) : argument;
    const flag = FLAG_OPTIONS[name];
    if (flag !== undefined && equals < 0) {
      if (flag === 'silent') silent = true;
      else (options as unknown as Record<string, boolean>)[flag] = true;
      continue;
    }
    const option = VALUE_OPTIONS[name];
    if (option !== undefined) {
      const value = equals > 0 ? argument.slice(equals + 1) : args[index + 1];
      if (value === undefined) return { error: `logcat: option ${name} needs an argument` };
      if (equals < 0) index += 1;
      const error = applyValueOption(options, option, value, nowMs, offsetMinutes);
      if (error) return { error };
      continue;
    }
    if (/^-[dcgBDs]{2,}$/.test(argument)) {
      // Bundled flags such as -dv are rare; -dc style bundles of boolean flags are accepted.
      for (const letter of argument.slice(1)) {
        const bundled = FLAG_OPTIONS[`-${letter}`];
        if (bundled === 'silent') silent = true;
        else if (bundled !== undefined) (options as unknown as Record<string, boolean>)[bundled] = true;
      }
      continue;
    }
    if (argument === '-f' || argument === '-r' || argument === '-n' || argument.startsWith('--file'))
      return { error: `logcat: ${argument} (log files on the device) is not supported by the simulator` };
    if (argument.startsWith('-')) return { error: `logcat: unknown option ${argument}` };
    // liblog reads the priority letter case-blind (filterCharToPri lowers it); a bare tag is Tag:V.
    const match = /^([^:]+)(?::([VDIWEFS]))?$/i.exec(argument);
    if (!match) return { error: `logcat: invalid filter expression '${argument}'` };
    const rank = PRIORITY_RANK[(match[2]?.toUpperCase() ?? 'V') as LogPriority | 'S'];
    if (match[1] === '*') {
      options.defaultRank = rank;
      explicitDefault = true;
    } else {
      options.tagRanks.set(match[1] as string, rank);
    }
  }
  if (silent && !explicitDefault) options.defaultRank = PRIORITY_RANK.S;
  if (options.buffers.length === 0) options.buffers = [...DEFAULT_BUFFERS];
  return options;
}

function applyValueOption(
  options: LogcatOptions,
  option: string,
  value: string,
  nowMs: number,
  offsetMinutes: ZoneOffset,
): string | undefined {
  switch (option) {
    case '-v':
      for (const word of value.split(/[\s,]+/).filter(Boolean)) {
        if (isLogFormat(word)) options.format = word;
        else if (isLogModifier(word)) options.modifiers.add(word);
        else return `logcat: unknown format '${word}' (use one of ${LOG_FORMATS.join(', ')})`;
      }
      return undefined;
    case '-b':
      for (const buffer of value.split(',')) {
        const chosen: readonly string[] =
          buffer === 'all' ? LOG_BUFFERS : buffer === 'default' ? DEFAULT_BUFFERS : [buffer];
        for (const name of chosen) {
          const known = LOG_BUFFERS.find((candidate) => candidate === name);
          if (!known) return `logcat: unknown buffer '${value}'`;
          if (!options.buffers.includes(known)) options.buffers.push(known);
        }
      }
      return undefined;
    case '--pid':
      if (!/^\d+$/.test(value)) return `logcat: invalid pid '${value}'`;
      options.pid = Number(value);
      return undefined;
    case '-m':
      if (!/^\d+$/.test(value) || Number(value) === 0) return `logcat: invalid max count '${value}'`;
      options.maxCount = Number(value);
      return undefined;
    case '-e':
      try {
        options.regex = new RegExp(value);
      } catch {
        return `logcat: invalid regex '${value}'`;
      }
      return undefined;
    default: {
      const recent = parseRecent(value, nowMs, offsetMinutes);
      if (!recent) return `logcat: invalid count or time '${value}'`;
      options.recent = recent;
      // -t prints the recent lines and exits; -T keeps streaming after them.
      if (option === '-t') options.dump = true;
      return undefined;
    }
  }
}

/**
 * A count, `[YYYY-]MM-DD hh:mm:ss[.mmm]` (device-local: the current local year when none is given, so on New Year's
 * day `12-31 ...` is later this year, not last year) or `sssss[.mmm]` seconds since the epoch.
 */
export function parseRecent(
  value: string,
  nowMs: number,
  offsetMinutes: ZoneOffset = UTC_ZONE,
): LogcatOptions['recent'] {
  if (/^\d+$/.test(value) && value.length < 9) return { count: Number(value) };
  const epoch = /^(\d{9,})(?:\.(\d{1,9}))?$/.exec(value);
  if (epoch) {
    return { sinceMs: Number(epoch[1]) * 1000 + Number((epoch[2] ?? '0').padEnd(3, '0').slice(0, 3)) };
  }
  const match = /^(?:(\d{4})-)?(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hours, minutes, seconds, fraction = '0'] = match;
  const localYear = new Date(nowMs + offsetMinutes(nowMs) * 60_000).getUTCFullYear();
  const asUtc = Date.UTC(
    year === undefined ? localYear : Number(year),
    Number(month) - 1,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
    Number(fraction.padEnd(3, '0').slice(0, 3)),
  );
  // mktime: the local fields less the zone's offset then (found from the offset near that time).
  const sinceMs = asUtc - offsetMinutes(asUtc - offsetMinutes(asUtc) * 60_000) * 60_000;
  return Number.isFinite(sinceMs) ? { sinceMs } : undefined;
}
