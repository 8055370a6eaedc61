import type { DeviceState } from '../../../device/state';

// The device clock in the device's time zone (persist.sys.timezone), as toybox's localtime() shows it.

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
  /** Offset from UTC in minutes (east positive). */
  offsetMinutes: number;
  /** `UTC`, `CET`, `GMT+09:00` (what Android's bionic prints for %Z). */
  zone: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
export const WEEKDAY_NAMES = WEEKDAYS;

/** The device's time zone; UTC when the property is missing or unknown to Intl. */
export function timeZoneOf(state: DeviceState): string {
  const zone = state.getProperty('persist.sys.timezone') ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** Splits epoch milliseconds into local fields of `timeZone`. */
export function localTime(epochMs: number, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
    timeZoneName: 'short',
  }).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((item) => item.type === type)?.value ?? '';
  const fields = {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    second: Number(part('second')),
  };
  const asUtc = Date.UTC(
    fields.year,
    fields.month - 1,
    fields.day,
    fields.hour,
    fields.minute,
    fields.second,
  );
  const offsetMinutes = Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 60_000);
  return { ...fields, weekday: WEEKDAYS.indexOf(part('weekday')), offsetMinutes, zone: part('timeZoneName') };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `+0100` style offset (%z). */
export function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(magnitude / 60))}${pad(magnitude % 60)}`;
}

/** strftime over local fields: %Y %m %d %H %M %S %y %e %j-less subset, %a %b %Z %z %s %F %T %D %n %t %%. */
export function strftime(format: string, time: LocalTime, epochMs: number): string {
  return format.replace(/%([a-zA-Z%])/g, (match, code: string) => {
    switch (code) {
      case 'Y':
        return String(time.year);
      case 'y':
        return pad(time.year % 100);
      case 'm':
        return pad(time.month);
      case 'd':
        return pad(time.day);
      case 'e':
        return String(time.day).padStart(2, ' ');
      case 'H':
        return pad(time.hour);
      case 'M':
        return pad(time.minute);
      case 'S':
        return pad(time.second);
      case 'a':
        return WEEKDAYS[time.weekday] ?? '';
      case 'b':
      case 'h':
        return MONTH_NAMES[time.month - 1] ?? '';
      case 'Z':
        return time.zone;
      case 'z':
        return offsetText(time.offsetMinutes);
      case 's':
        return String(Math.floor(epochMs / 1000));
      case 'N':
        return pad((epochMs % 1000) * 1_000_000, 9);
      case 'F':
        return `${time.year}-${pad(time.month)}-${pad(time.day)}`;
      case 'T':
        return `${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
      case 'D':
        return `${pad(time.month)}/${pad(time.day)}/${pad(time.year % 100)}`;
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case '%':
        return '%';
      default:
        return match;
    }
  });
}
