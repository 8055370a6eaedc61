// Formatting shared by the dumpsys services: object identities, dates in the device's zone, durations as Android's
// TimeUtils prints them, and the components and records every service names.
import { shortComponent, type Component, type DeviceState } from '../../../device/state';
import { localTime, strftime, timeZoneOf } from '../toybox/deviceTime';

/** Stable 7-hex-digit identity like Android's System.identityHashCode in dumps. */
export function identity(text: string): string {
  let hash = 0x811c9dc5;
  for (const character of text) hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return (hash & 0xfffffff).toString(16).padStart(7, '0');
}

// One formatter per zone: building an Intl.DateTimeFormat costs about a millisecond, and a dump prints dozens of
// dates (toybox's localTime builds one per call, which suits `date` but not dumpsys).
const formatters = new Map<string, Intl.DateTimeFormat | undefined>();

function formatterFor(zone: string): Intl.DateTimeFormat | undefined {
  if (!formatters.has(zone)) {
    let formatter: Intl.DateTimeFormat | undefined;
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      formatter = undefined;
    }
    formatters.set(zone, formatter);
  }
  return formatters.get(zone);
}

/** `2025-02-05 14:03:11` in the device's time zone. */
export function dateTime(state: DeviceState, epochMs: number): string {
  const formatter = formatterFor(state.getProperty('persist.sys.timezone') ?? 'UTC');
  if (!formatter) return strftime('%Y-%m-%d %H:%M:%S', localTime(epochMs, timeZoneOf(state)), epochMs);
  const parts = formatter.formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** `2025-02-05 14:03:11.123` */
export function dateTimeMillis(state: DeviceState, epochMs: number): string {
  return `${dateTime(state, epochMs)}.${String(Math.floor(epochMs) % 1000).padStart(3, '0')}`;
}

/** TimeUtils.formatDuration: `+1h2m3s45ms`, `-5m0s0ms`, `0`. */
export function duration(ms: number): string {
  if (ms === 0) return '0';
  const sign = ms < 0 ? '-' : '+';
  let rest = Math.abs(Math.round(ms));
  const parts: string[] = [];
  const units: Array<[number, string]> = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1000, 's'],
  ];
  for (const [size, unit] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(`${count}${unit}`);
  }
  return `${sign}${parts.join('')}${rest}ms`;
}

export function windowName(component: Component): string {
  return `Window{${identity(`window:${component.packageName}/${component.activity}`)} u0 ${component.packageName}/${component.activity}}`;
}

/** The task id Android gave an app's task (stable per package). */
export function taskId(packageName: string): number {
  return 12 + (packageName.length % 20);
}

export function activityRecord(component: Component): string {
  return `ActivityRecord{${identity(`activity:${component.packageName}/${component.activity}`)} u0 ${shortComponent(component)} t${taskId(component.packageName)}}`;
}

/** The section separator dumpsys prints between services and WindowManager between its sections. */
export const SEPARATOR = '-------------------------------------------------------------------------------';

/** Joins lines with a trailing newline. */
export function lines(...rows: ReadonlyArray<string | readonly string[]>): string {
  return `${rows.flat().join('\n')}\n`;
}
