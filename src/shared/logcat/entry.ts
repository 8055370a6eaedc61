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
  /^(?:(\d{4}-)?(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{1,9})|(\d{1,12})\.(\d{1,9}))(?: ([+-]\d{4}))?\s+(?:([A-Za-z_][\w]*|\d+)\s+)??(\d+)\s+(\d+)\s+([VDIWEFS])\s(.*)$/;

/** The entry `line` holds, or undefined for dividers and lines of other formats. */
export function parseLogLine(line: string): LogEntry | undefined {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const match = LINE.exec(text);
  if (match === null) return undefined;
  const [
    ,
    year,
    month,
    day,
    hour,
    minute,
    second,
    fraction,
    epochSeconds,
    epochFraction,
    zone,
    uid,
    pid,
    tid,
  ] = match;
  const priority = match[14] as LogPriority;
  const rest = match[15] ?? '';
  const split = splitTag(rest);
  if (split === undefined) return undefined;
  return {
    time: timeText(text),
    epoch_ms: epochOf({
      year,
      month,
      day,
      hour,
      minute,
      second,
      fraction,
      epochSeconds,
      epochFraction,
      zone,
    }),
    pid: Number(pid),
    tid: Number(tid),
    uid: uid ?? null,
    priority,
    tag: split.tag,
    message: split.message,
  };
}

function timeText(text: string): string {
  // The time is everything up to the pid column: the date/epoch and an optional zone.
  const date = /^(?:\d{4}-)?\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{1,9}|^\d{1,12}\.\d{1,9}/.exec(text);
  return date === null ? '' : date[0];
}

function splitTag(rest: string): { tag: string; message: string } | undefined {
  const separator = rest.indexOf(': ');
  if (separator >= 0) return { tag: rest.slice(0, separator).trimEnd(), message: rest.slice(separator + 2) };
  if (rest.endsWith(':')) return { tag: rest.slice(0, -1).trimEnd(), message: '' };
  return undefined;
}

interface TimeParts {
  year: string | undefined;
  month: string | undefined;
  day: string | undefined;
  hour: string | undefined;
  minute: string | undefined;
  second: string | undefined;
  fraction: string | undefined;
  epochSeconds: string | undefined;
  epochFraction: string | undefined;
  zone: string | undefined;
}

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
    Number(parts.year.slice(0, 4)),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
    millisOf(parts.fraction ?? '0'),
  );
  return utc - offsetMinutes * 60_000;
}
