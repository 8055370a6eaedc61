// One logcat line in `-v threadtime` (optionally with `year`, `epoch`, `usec`/`nsec`, `uid`, `zone` modifiers),
// parsed into an entry. Edge cases follow Perfetto's android_log_reader: 1-9 digit fractions, an optional year,
// a uid column that may be a name, tags with colons or padding, and `--------- beginning of X` markers.

export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E' | 'F' | 'S';

export const LOG_PRIORITIES: readonly LogPriority[] = ['V', 'D', 'I', 'W', 'E', 'F', 'S'];

export interface LogEntry {
  /** The time as printed: `MM-DD hh:mm:ss.fff`, with a year or as epoch seconds when the format said so. */
  time: string;
  /** Milliseconds since the epoch when the line carried enough to know it (epoch or year form), else null. */
  epoch_ms: number | null;
  pid: number;
  tid: number;
  /** The `-v uid` column (a number or a name such as `root`), when present. */
  uid: string | null;
  priority: LogPriority;
  tag: string;
  message: string;
}

/** A `--------- beginning of main` / `switch to` divider, which is not an entry. */
export function isLogDivider(line: string): boolean {
  return line.startsWith('--------- ');
}

// Date part: `[YYYY-]MM-DD hh:mm:ss.f{1,9}` or epoch `sssss.f{1,9}`; then an optional zone (`+0000`), optional
// uid, pid, tid, priority letter, then `tag: message` (the tag may contain colons; the separator is the first
// `: ` after it, or a final `:`).
const LINE =
  /^(?<time>(?:(?<year>\d{4})-)?(?<month>\d{2})-(?<day>\d{2}) (?<hour>\d{2}):(?<minute>\d{2}):(?<second>\d{2})\.(?<fraction>\d{1,9})|(?<epochSeconds>\d{1,12})\.(?<epochFraction>\d{1,9}))(?: (?<zone>[+-]\d{4}))?\s+(?:(?<uid>[A-Za-z_][\w]*|\d+)\s+)??(?<pid>\d+)\s+(?<tid>\d+)\s+(?<priority>[VDIWEFS])\s(?<rest>.*)$/;

/** The entry `line` holds, or undefined for dividers and lines of other formats. */
export function parseLogLine(line: string): LogEntry | undefined {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const groups = LINE.exec(text)?.groups as LineGroups | undefined;
  if (groups === undefined) return undefined;
  const split = splitTag(groups.rest ?? '');
  if (split === undefined) return undefined;
  return {
    time: groups.time ?? '',
    epoch_ms: epochOf(groups),
    pid: Number(groups.pid),
    tid: Number(groups.tid),
    uid: groups.uid ?? null,
    priority: groups.priority as LogPriority,
    tag: split.tag,
    message: split.message,
  };
}

function splitTag(rest: string): { tag: string; message: string } | undefined {
  const separator = rest.indexOf(': ');
  if (separator >= 0) return { tag: rest.slice(0, separator).trimEnd(), message: rest.slice(separator + 2) };
  if (rest.endsWith(':')) return { tag: rest.slice(0, -1).trimEnd(), message: '' };
  return undefined;
}

type TimePart =
  | 'year'
  | 'month'
  | 'day'
  | 'hour'
  | 'minute'
  | 'second'
  | 'fraction'
  | 'epochSeconds'
  | 'epochFraction'
  | 'zone';

type TimeParts = Partial<Record<TimePart, string>>;

/** The named groups of LINE; absent when the line's format left them out. */
type LineGroups = TimeParts & Partial<Record<'time' | 'uid' | 'pid' | 'tid' | 'priority' | 'rest', string>>;

function millisOf(fraction: string): number {
  return Math.floor(Number(`0.${fraction}`) * 1000);
}

function epochOf(parts: TimeParts): number | null {
  if (parts.epochSeconds !== undefined && parts.epochFraction !== undefined) {
    return Number(parts.epochSeconds) * 1000 + millisOf(parts.epochFraction);
  }
  // A date without a year (or without a zone) cannot be placed on the epoch without guessing.
  if (parts.year === undefined || parts.zone === undefined) return null;
  const sign = parts.zone.startsWith('-') ? -1 : 1;
  const offsetMinutes = sign * (Number(parts.zone.slice(1, 3)) * 60 + Number(parts.zone.slice(3, 5)));
  const utc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
    millisOf(parts.fraction ?? '0'),
  );
  return utc - offsetMinutes * 60_000;
}
