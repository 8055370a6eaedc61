import { attachLogReader } from '../../device/logTraffic';
import type { LogBuffer, LogEntry } from '../../device/state';
import { failWith, type CommandContext } from '../commandTable';
import { binaryLogEntry, formatLogEntry, type LogStyle } from './logFormat';
import { legacyOptionError } from './logcatLegacy';
import { PRIORITY_RANK, parseLogcatOptions, type LogcatOptions, type ZoneOffset } from './logcatOptions';
import { localTime, timeZoneOf } from './toybox/deviceTime';

/**
 * `logcat [-d] [-c] [-g] [-B] [-D] [-v FORMAT[,MODIFIER]] [-b BUFFER] [-t N|TIME] [-T N|TIME] [--pid=N] [-m N]
 * [-e REGEX] [-s] [TAG:PRIORITY ...]`. Times print, and `-t`/`-T` dates are read, in persist.sys.timezone (UTC unless a
 * test sets another). Without -d/-t it keeps
 * streaming new entries until the stream closes (or -m is reached); -B writes logger_entry v4 records. Below API 24
 * the Android 7 options (--pid, -m, -e, long options, -v modifiers) are refused as that logcat refuses them.
 */
export async function logcat(context: CommandContext): Promise<number> {
  const { state } = context.device;
  const legacy = legacyOptionError(context.args, state.sdkLevel);
  if (legacy) return failWith(context, legacy.stderr, legacy.status);
  const offsetMinutes = zoneOffsetOf(timeZoneOf(state));
  const options = parseLogcatOptions(
    context.args,
    state.now(),
    context.environment.ANDROID_LOG_TAGS,
    offsetMinutes ?? undefined,
  );
  if ('error' in options) return failWith(context, options.error);
  if (options.clear) {
    state.clearLogs(options.buffers);
    return 0;
  }
  if (options.printSizes) {
    printSizes(context, options.buffers);
    return 0;
  }
  const style: LogStyle = {
    format: options.format,
    modifiers: options.modifiers,
    bootMs: state.bootTimeMs,
    ...(offsetMinutes === null ? {} : { offsetMinutes }),
  };
  const printed = new Set<LogBuffer>();
  let lastBuffer: LogBuffer | undefined;
  let count = 0;
  const print = (entry: LogEntry): void => {
    if (options.maxCount !== undefined && count >= options.maxCount) return;
    if (!passesFilters(options, entry)) return;
    count += 1;
    if (options.binary) {
      context.stdout(binaryLogEntry(entry));
      return;
    }
    let divider = '';
    if (entry.buffer !== lastBuffer && (!printed.has(entry.buffer) || options.dividers))
      divider = `--------- ${printed.has(entry.buffer) ? 'switch to' : 'beginning of'} ${entry.buffer}\n`;
    printed.add(entry.buffer);
    lastBuffer = entry.buffer;
    context.stdout(`${divider}${formatLogEntry(entry, style)}`);
  };
  // logd applies the buffer, pid and tail selection; logcat itself filters tags, priorities and the regex.
  let backlog = state
    .logs(options.buffers)
    .filter((entry) => options.pid === undefined || entry.pid === options.pid);
  const recent = options.recent;
  if (recent && 'count' in recent) backlog = backlog.slice(Math.max(0, backlog.length - recent.count));
  else if (recent) backlog = backlog.filter((entry) => entry.timeMs >= recent.sinceMs);
  backlog.forEach(print);
  if (options.dump || reachedMax(options, count)) return 0;
  await new Promise<void>((resolve) => {
    // The backlog was printed synchronously, so subscribing now loses no entry.
    const unsubscribe = state.on('log', (entry) => {
      if (!options.buffers.includes(entry.buffer)) return;
      if (options.pid !== undefined && entry.pid !== options.pid) return;
      print(entry);
      if (reachedMax(options, count)) finish();
    });
    const release = attachLogReader(state);
    const finish = (): void => {
      unsubscribe();
      release();
      context.signal.removeEventListener('abort', finish);
      resolve();
    };
    if (context.signal.aborted) finish();
    else context.signal.addEventListener('abort', finish, { once: true });
  });
  return 0;
}

/** The zone's UTC offset at a time, cached per minute (Intl is slow per line); null for UTC (nothing to shift). */
function zoneOffsetOf(timeZone: string): ZoneOffset | null {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return null;
  const cache = new Map<number, number>();
  return (timeMs) => {
    const minute = Math.floor(timeMs / 60_000);
    let offset = cache.get(minute);
    if (offset === undefined) {
      if (cache.size > 4096) cache.clear();
      offset = localTime(minute * 60_000, timeZone).offsetMinutes;
      cache.set(minute, offset);
    }
    return offset;
  };
}

function reachedMax(options: LogcatOptions, count: number): boolean {
  return options.maxCount !== undefined && count >= options.maxCount;
}

function passesFilters(options: LogcatOptions, entry: LogEntry): boolean {
  const rank = options.tagRanks.get(entry.tag) ?? options.defaultRank;
  if (PRIORITY_RANK[entry.priority] < rank) return false;
  return options.regex === undefined || options.regex.test(entry.message);
}

/** `logcat -g`: ring buffer sizes as logd reports them (KiB wording from Android 12, Kb before). */
function printSizes(context: CommandContext, buffers: readonly LogBuffer[]): void {
  const { state } = context.device;
  const modern = state.sdkLevel >= 31;
  for (const buffer of buffers) {
    const usage = state.logBufferUsage(buffer);
    const consumed = Math.ceil(usage.bytes / 1024);
    context.stdout(
      modern
        ? `${buffer}: ring buffer is 256 KiB (${consumed} KiB consumed, ${consumed} KiB readable), max entry is 5120 B, max payload is 4068 B\n`
        : `${buffer}: ring buffer is 256Kb (${consumed}Kb consumed), max entry is 5120b, max payload is 4068b\n`,
    );
  }
}
