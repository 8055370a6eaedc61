// The device log around a run, for its evidence: android_logcat's window from shortly before set to now, every
// buffer, redacted, as threadtime lines for a file in the run folder. It never fails: a device that cannot answer
// leaves a `failed` excerpt that says why.
import { ok, type AppError } from '../../shared/errors';
import type { RunCrashReport, RunLogExcerpt } from '../../shared/api/evidence';
import { CRASH_CAVEATS, findCrashes } from '../../shared/logcat/crashes';
import type { LogEntry } from '../../shared/logcat/entry';
import { NO_APPROVER } from '../approval/approval';
import type { ResolvedDevice } from '../devices/types';
import { runTool } from '../android/runTool';
import { androidLogcat, type LogcatWindow } from './logcat';

/** At most this many entries (android_logcat's own limit). */
export const EXCERPT_LINES = 500;
/** The window starts this long before set went out, for what led up to the run. */
export const EXCERPT_LEAD_SECS = 2;
/** Reading the log may take this long before the excerpt is given up (the run waits for it). */
export const EXCERPT_TIMEOUT_MS = 10_000;

export const EXCERPT_CAVEAT =
  'Read with logcat -d after clear answered: the whole device log of the window (every app), not only the app under test.';

/** The excerpt's record and the file text it describes (empty when there is no file to write). */
export interface LogExcerptRead {
  excerpt: RunLogExcerpt;
  text: string;
  /** Crash and ANR reports among the window's entries (`not_read` when the log could not be read). */
  crashes?: RunCrashReport;
}

/** The crash report of a log that could not be read: nothing was looked at. */
export const CRASHES_NOT_READ: RunCrashReport = { status: 'not_read', entries: [], caveats: CRASH_CAVEATS };

/** One entry as a threadtime line (`-v threadtime,epoch`: epoch seconds first), its message already redacted. */
export function excerptLine(entry: LogEntry): string {
  const pid = String(entry.pid).padStart(5);
  const tid = String(entry.tid).padStart(5);
  return `${entry.time} ${pid} ${tid} ${entry.priority} ${entry.tag}: ${entry.message}`;
}

/** How much earlier than the computed start a report may be and still count as the run's: adb's round trip. */
export const RUN_START_TOLERANCE_MS = 500;

/**
 * The earliest the run can have started on the device's clock: `date +%s` (whole seconds, read after the host's
 * `now`) less the time the host saw pass since set went out, less RUN_START_TOLERANCE_MS. Earlier reports are the
 * lead's, not the run's.
 */
export function runStartOnDevice(deviceEpochS: number, elapsedMs: number): number {
  return deviceEpochS - (elapsedMs + RUN_START_TOLERANCE_MS) / 1000;
}

/** Reads the window of the device's log since `sinceMs` (host clock; the device's own clock bounds the window). */
export async function readLogExcerpt(
  device: ResolvedDevice,
  sinceMs: number,
  options: { now?: () => number; timeoutMs?: number } = {},
): Promise<LogExcerptRead> {
  const now = options.now ?? Date.now;
  const elapsedMs = Math.max(0, now() - sinceMs);
  const elapsedSecs = Math.ceil(elapsedMs / 1000);
  const sinceSecs = Math.min(3600, elapsedSecs + EXCERPT_LEAD_SECS);
  const answer = await runTool(androidLogcat, {
    arguments: { since_secs: sinceSecs, lines: EXCERPT_LINES, redact: true },
    resolver: { resolve: () => Promise.resolve(ok(device)) },
    approve: NO_APPROVER,
    signal: AbortSignal.timeout(options.timeoutMs ?? EXCERPT_TIMEOUT_MS),
    now,
  });
  if (!answer.ok)
    return {
      excerpt: failedExcerpt(answer.error, options.timeoutMs ?? EXCERPT_TIMEOUT_MS),
      text: '',
      crashes: CRASHES_NOT_READ,
    };
  const window = answer.value as LogcatWindow;
  const lines = window.entries.map(excerptLine);
  return {
    excerpt: {
      status: window.status,
      ...(window.cutoff === null
        ? {}
        : { fromEpochS: window.cutoff.cutoff_epoch_s, toEpochS: window.cutoff.device_epoch_s }),
      entries: lines.length,
      limitReached: window.limit_reached,
      redactions: window.redactions,
      caveats: [EXCERPT_CAVEAT, ...window.caveats],
    },
    text: lines.length === 0 ? '' : `${lines.join('\n')}\n`,
    crashes: findCrashes(
      window.entries,
      window.cutoff === null ? {} : { fromEpochS: runStartOnDevice(window.cutoff.device_epoch_s, elapsedMs) },
    ),
  };
}

function failedExcerpt(cause: AppError, timeoutMs: number): RunLogExcerpt {
  // Our own deadline cancels the read: that is a timeout, said with what it means for the run.
  const error: AppError =
    cause.code === 'COMMAND_CANCELLED'
      ? {
          code: 'ANDROID_COMMAND_TIMED_OUT',
          message: `The device log was not read within ${timeoutMs} ms after the run; the run's other evidence is kept`,
          details: { cause: cause.message },
        }
      : cause;
  const timedOut = error.code === 'ANDROID_COMMAND_TIMED_OUT' || error.details?.['status'] === 'timed_out';
  return {
    status: timedOut ? 'timed_out' : 'failed',
    entries: 0,
    limitReached: false,
    redactions: 0,
    error: {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
    caveats: [EXCERPT_CAVEAT],
  };
}
