import type { LogEntry, LogPriority } from '../../device/state';

// logcat's text formats (liblog's logprint) and the binary logger_entry v4 records of `logcat -B`.

export const LOG_FORMATS = [
  'threadtime',
  'time',
  'brief',
  'tag',
  'process',
  'thread',
  'raw',
  'long',
] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** `-v` modifiers that change how time and ids print (`color`, `printable`, `descriptive` are accepted, no-ops). */
export const LOG_MODIFIERS = [
  'epoch',
  'monotonic',
  'uid',
  'usec',
  'nsec',
  'UTC',
  'year',
  'zone',
  'color',
  'printable',
  'descriptive',
] as const;
export type LogModifier = (typeof LOG_MODIFIERS)[number];

export interface LogStyle {
  format: LogFormat;
  modifiers: ReadonlySet<LogModifier>;
  /** Device boot time in epoch ms, for `monotonic`. */
  bootMs: number;
  /** The device time zone's offset from UTC in minutes at a time (persist.sys.timezone); absent: UTC. */
  offsetMinutes?: (timeMs: number) => number;
}

export function isLogFormat(value: string): value is LogFormat {
  return LOG_FORMATS.some((format) => format === value);
}

export function isLogModifier(value: string): value is LogModifier {
  return LOG_MODIFIERS.some((modifier) => modifier === value);
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `MM-DD HH:MM:SS.mmm` in UTC, as logcat prints device time. */
export function formatLogTime(timeMs: number): string {
  const date = new Date(timeMs);
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`;
}

function fraction(timeMs: number, modifiers: ReadonlySet<LogModifier>): string {
  const millis = pad(((timeMs % 1000) + 1000) % 1000, 3);
  if (modifiers.has('nsec')) return `${millis}000000`;
  if (modifiers.has('usec')) return `${millis}000`;
  return millis;
}

function timeOf(entry: LogEntry, style: LogStyle): string {
  const { modifiers } = style;
  if (modifiers.has('epoch') || modifiers.has('monotonic')) {
    const base = modifiers.has('monotonic') ? entry.timeMs - style.bootMs : entry.timeMs;
    const seconds = Math.floor(base / 1000);
    return `${String(seconds).padStart(modifiers.has('monotonic') ? 6 : 5)}.${fraction(base, modifiers)}`;
  }
  // Device-local time (persist.sys.timezone) unless `UTC` asks for UTC; `zone` prints the offset used.
  const offset =
    modifiers.has('UTC') || style.offsetMinutes === undefined ? 0 : style.offsetMinutes(entry.timeMs);
  const local = entry.timeMs + offset * 60_000;
  const year = modifiers.has('year') ? `${new Date(local).getUTCFullYear()}-` : '';
  const clock = formatLogTime(local).slice(0, -4);
  return `${year}${clock}.${fraction(entry.timeMs, modifiers)}${modifiers.has('zone') ? ` ${zoneText(offset)}` : ''}`;
}

function zoneText(offsetMinutes: number): string {
  const magnitude = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(magnitude / 60))}${pad(magnitude % 60)}`;
}

/** The uid column of `-v uid`: Android's name for system uids, the number for apps (as logprint prints). */
function uidName(uid: number): string {
  const names: Record<number, string> = {
    0: 'root',
    1000: 'system',
    1001: 'radio',
    1036: 'logd',
    2000: 'shell',
  };
  return names[uid] ?? String(uid);
}

/** One entry in a logcat -v format; a multi-line message repeats the prefix on each line. */
export function formatLogEntry(entry: LogEntry, formatOrStyle: LogFormat | LogStyle): string {
  const style: LogStyle =
    typeof formatOrStyle === 'string'
      ? { format: formatOrStyle, modifiers: new Set(), bootMs: 0 }
      : formatOrStyle;
  const { format, modifiers } = style;
  const time = timeOf(entry, style);
  const uid = modifiers.has('uid') ? uidName(entry.uid).padStart(5) : undefined;
  const pid = String(entry.pid).padStart(5);
  const tid = String(entry.tid).padStart(5);
  const owner = uid === undefined ? pid : `${uid}:${pid}`;
  const tag = entry.tag.padEnd(8);
  const priority = entry.priority;
  if (format === 'long') {
    const ids = uid === undefined ? `${pid}:${tid}` : `${uid}:${pid}:${tid}`;
    return `[ ${time} ${ids} ${priority}/${tag} ]\n${entry.message}\n\n`;
  }
  const prefixes: Record<Exclude<LogFormat, 'long'>, string> = {
    threadtime: `${time} ${uid === undefined ? '' : `${uid} `}${pid} ${tid} ${priority} ${tag}: `,
    time: `${time} ${priority}/${tag}(${owner}): `,
    brief: `${priority}/${tag}(${owner}): `,
    tag: `${priority}/${tag}: `,
    process: `${priority}(${owner}) `,
    thread: `${priority}(${owner}:${tid}) `,
    raw: '',
  };
  const prefix = prefixes[format];
  const suffix = format === 'process' ? `  (${entry.tag})` : '';
  return entry.message
    .split('\n')
    .map((line) => `${prefix}${line}${suffix}\n`)
    .join('');
}

const PRIORITY_VALUES: Record<LogPriority, number> = { V: 2, D: 3, I: 4, W: 5, E: 6, F: 7 };
const LOG_IDS = {
  main: 0,
  radio: 1,
  events: 2,
  system: 3,
  crash: 4,
  stats: 5,
  security: 6,
  kernel: 7,
} as const;
/** sizeof(struct logger_entry) in liblog since Android 5 (v3/v4 layout: len, hdr_size, pid, tid, sec, nsec, lid, uid). */
const HEADER_BYTES = 28;
/** LOGGER_ENTRY_MAX_PAYLOAD. */
const MAX_PAYLOAD = 4068;

function eventPayload(entry: LogEntry & { event: NonNullable<LogEntry['event']> }): Buffer {
  const parts: Buffer[] = [];
  const tag = Buffer.alloc(4);
  tag.writeInt32LE(entry.event.tagNumber);
  parts.push(tag);
  const values = entry.event.values;
  // EVENT_TYPE_LIST (3) with a count byte when there is more than one value, as EventLog.writeEvent(Object...) does.
  if (values.length !== 1) parts.push(Buffer.from([3, values.length]));
  for (const value of values) {
    if ('int' in value) {
      const bytes = Buffer.alloc(5);
      bytes.writeUInt8(0);
      bytes.writeInt32LE(value.int, 1);
      parts.push(bytes);
    } else if ('long' in value) {
      const bytes = Buffer.alloc(9);
      bytes.writeUInt8(1);
      bytes.writeBigInt64LE(BigInt(value.long), 1);
      parts.push(bytes);
    } else {
      const text = Buffer.from(value.string);
      const bytes = Buffer.alloc(5);
      bytes.writeUInt8(2);
      bytes.writeInt32LE(text.length, 1);
      parts.push(bytes, text);
    }
  }
  return Buffer.concat(parts);
}

/** One `logcat -B` record: struct logger_entry (v4, 28 bytes) then the payload (priority, tag\0, message\0). */
export function binaryLogEntry(entry: LogEntry): Buffer {
  let payload =
    entry.event !== undefined
      ? eventPayload({ ...entry, event: entry.event })
      : Buffer.concat([
          Buffer.from([PRIORITY_VALUES[entry.priority]]),
          Buffer.from(`${entry.tag}\0`),
          Buffer.from(`${entry.message}\0`),
        ]);
  // liblog truncates an oversized message to the payload limit, keeping the terminating NUL.
  if (payload.length > MAX_PAYLOAD)
    payload = Buffer.concat([payload.subarray(0, MAX_PAYLOAD - 1), Buffer.from([0])]);
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt16LE(payload.length, 0);
  header.writeUInt16LE(HEADER_BYTES, 2);
  header.writeInt32LE(entry.pid, 4);
  header.writeUInt32LE(entry.tid, 8);
  header.writeUInt32LE(Math.floor(entry.timeMs / 1000), 12);
  header.writeUInt32LE((((entry.timeMs % 1000) + 1000) % 1000) * 1_000_000, 16);
  header.writeUInt32LE(LOG_IDS[entry.buffer], 20);
  header.writeUInt32LE(entry.uid, 24);
  return Buffer.concat([header, payload]);
}
