// Run ids: `<yyyymmdd-hhmmss>-<serial>-<6 base36>`, sortable by time and safe as one path segment everywhere.
import { randomInt } from 'node:crypto';
import { RUN_ID_PATTERN } from '../../shared/api/fieldRules';

export { RUN_ID_PATTERN };

const MAX_SERIAL_LENGTH = 40;
const RANDOM_LENGTH = 6;
const RANDOM_RANGE = 36 ** RANDOM_LENGTH;

export function isRunId(value: string): boolean {
  return RUN_ID_PATTERN.test(value);
}

/** The serial reduced to `[A-Za-z0-9._-]` (others become `_`), at most 40 characters. */
export function sanitizeSerial(serial: string): string {
  const safe = serial.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, MAX_SERIAL_LENGTH);
  return safe.length === 0 ? 'device' : safe;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** `yyyymmdd-hhmmss` of `time` in UTC. */
export function timestampOf(time: Date): string {
  const date = `${time.getUTCFullYear()}${twoDigits(time.getUTCMonth() + 1)}${twoDigits(time.getUTCDate())}`;
  const clock = `${twoDigits(time.getUTCHours())}${twoDigits(time.getUTCMinutes())}${twoDigits(time.getUTCSeconds())}`;
  return `${date}-${clock}`;
}

/** A fresh id; `random` is injectable so tests can force collisions. */
export function createRunId(startedAt: Date, serial: string, random: () => number = defaultRandom): string {
  const suffix = random().toString(36).padStart(RANDOM_LENGTH, '0').slice(-RANDOM_LENGTH);
  return `${timestampOf(startedAt)}-${sanitizeSerial(serial)}-${suffix}`;
}

function defaultRandom(): number {
  return randomInt(RANDOM_RANGE);
}

/** The `yyyymmdd-hhmmss` prefix runs of the same second share. */
export function secondOf(id: string): string {
  return id.slice(0, 15);
}
