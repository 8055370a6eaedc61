// The since_secs window on Android 5-6, whose logcat has no epoch `-t`, no `-v` modifiers and no `-m`: the cutoff
// goes out as a device-local `MM-DD hh:mm:ss.000` (log_time::strptime reads it with the device's current local year
// and time zone), computed from `date '+%s %z'` read on the device, and the line count is capped here.

/** The device clock as `date '+%s %z'` prints it: epoch seconds and the time zone's offset (`+0100`). */
export interface DeviceClock {
  epoch_s: number;
  /** East of UTC, in minutes. */
  offset_minutes: number;
  /** As the device printed it, e.g. `-0800`. */
  utc_offset: string;
}

export const DEVICE_CLOCK_COMMAND = "date '+%s %z'";

/** The clock in `date '+%s %z'` output, or undefined when it is not that. */
export function parseDeviceClock(stdout: string): DeviceClock | undefined {
  const match = /^(\d+) ([+-])(\d{2})(\d{2})$/.exec(stdout.trim());
  if (!match) return undefined;
  const [, seconds, sign, hours, minutes] = match;
  const epoch = Number(seconds);
  const offset = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  if (!Number.isSafeInteger(epoch) || epoch <= 0 || Math.abs(offset) > 14 * 60) return undefined;
  return { epoch_s: epoch, offset_minutes: offset, utc_offset: `${sign}${hours}${minutes}` };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Local calendar fields of an epoch second at a fixed offset. */
function localFields(epochS: number, offsetMinutes: number): Date {
  return new Date((epochS + offsetMinutes * 60) * 1000);
}

/** How the window is cut on the device: at a local time, or (across New Year) read whole and cut here. */
export interface LocalCutoff {
  /** `MM-DD hh:mm:ss.000`, device-local. */
  text: string;
  /**
   * The cutoff falls in the previous local year (the window spans New Year): logcat would read `12-31 …` in the
   * current year, a time in the future, so the log is read without `-t` and the cutoff is applied on this computer.
   */
  crosses_year: boolean;
}

export function localCutoff(clock: DeviceClock, sinceSecs: number): LocalCutoff {
  const now = localFields(clock.epoch_s, clock.offset_minutes);
  const cut = localFields(clock.epoch_s - sinceSecs, clock.offset_minutes);
  const text =
    `${pad(cut.getUTCMonth() + 1)}-${pad(cut.getUTCDate())} ` +
    `${pad(cut.getUTCHours())}:${pad(cut.getUTCMinutes())}:${pad(cut.getUTCSeconds())}.000`;
  return { text, crosses_year: cut.getUTCFullYear() !== now.getUTCFullYear() };
}

/**
 * Epoch ms of a threadtime `MM-DD hh:mm:ss.fff` time printed by the device whose clock reads `clock`: the latest of
 * the previous, current and next local year that is not over a day after that clock (December lines read in January
 * are last year's; a January line read at 23:59 on December 31 is next year's).
 */
export function localEntryEpochMs(time: string, clock: DeviceClock): number | null {
  const match = /^(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{1,9})$/.exec(time);
  if (!match) return null;
  const [, month, day, hour, minute, second, fraction = '0'] = match;
  const offsetMs = clock.offset_minutes * 60_000;
  const nowLocal = clock.epoch_s * 1000 + offsetMs;
  const year = new Date(nowLocal).getUTCFullYear();
  const at = (y: number): number =>
    Date.UTC(y, Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) +
    Math.floor(Number(`0.${fraction}`) * 1000);
  const latest = [at(year + 1), at(year), at(year - 1)].find(
    (candidate) => candidate <= nowLocal + 86_400_000,
  );
  return (latest ?? at(year - 1)) - offsetMs;
}
