import type { LogEntry } from '../../device/state';

export const LOG_FORMATS = ['threadtime', 'time', 'brief', 'tag', 'process', 'raw'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export function isLogFormat(value: string): value is LogFormat {
  return LOG_FORMATS.some((format) => format === value);
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `MM-DD HH:MM:SS.mmm` in UTC, as logcat prints device time. */
export function formatLogTime(timeMs: number): string {
  const date = new Date(timeMs);
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`;
}

/** One entry in a logcat -v format; a multi-line message repeats the prefix on each line. */
export function formatLogEntry(entry: LogEntry, format: LogFormat): string {
  const time = formatLogTime(entry.timeMs);
  const pid = String(entry.pid).padStart(5);
  const tid = String(entry.tid).padStart(5);
  const tag = entry.tag.padEnd(8);
  const prefix = (): string => {
    switch (format) {
      case 'threadtime':
        return `${time} ${pid} ${tid} ${entry.priority} ${tag}: `;
      case 'time':
        return `${time} ${entry.priority}/${tag}(${pid}): `;
      case 'brief':
        return `${entry.priority}/${tag}(${pid}): `;
      case 'tag':
        return `${entry.priority}/${tag}: `;
      case 'process':
        return `${entry.priority}(${pid}) `;
      case 'raw':
        return '';
    }
  };
  const suffix = format === 'process' ? `  (${entry.tag})` : '';
  return entry.message
    .split('\n')
    .map((line) => `${prefix()}${line}${suffix}\n`)
    .join('');
}
