// What a run keeps besides its steps, as run.json and the console API report it: host observations at capture,
// a held panel's captures and hold, crash/ANR reports of its log window, the inspection after clear, attachments.
import type { CaptureCheck, RunError } from './evidence';

/**
 * The foreground app as the host saw it right after one capture (`dumpsys activity activities` and `dumpsys package`
 * over adb, inspect_android_app's reads): a host observation at capture time, not the Operator's report.
 */
export interface HostForegroundObservation {
  source: 'host_dumpsys';
  /** When the host had the answer. */
  observedAt: string;
  status: 'observed' | 'failed';
  packageName?: string;
  /** The resumed activity, `package/.Activity`. */
  component?: string;
  versionName?: string;
  versionCode?: string;
  error?: RunError;
}

/** One capture of a run: the first is the `screenshot` step, a held panel's later ones `screenshot-2`, ... */
export interface RunCapture {
  /** The step that took it. */
  step: string;
  /** 1 for the first capture. */
  index: number;
  status: 'succeeded' | 'failed';
  /** File inside the run folder (screenshot.png, capture-2.png, ...); absent when the capture failed. */
  file?: string;
  widthPx?: number;
  heightPx?: number;
  capturedAt?: string;
  captureCheck?: CaptureCheck;
  /** Why the capture check could not run on this capture. */
  captureCheckError?: RunError;
  foreground?: HostForegroundObservation;
}

/** Why a held panel was cleared. */
export type HoldEnd = 'user' | 'max_captures' | 'max_duration' | 'failure' | 'interference' | 'closed';

/** A run that kept its panel up after the first capture for more captures on demand (docs/screenshots.md). */
export interface RunHold {
  /** The bounds the hold kept: at most this many captures and this long from the first capture. */
  maxCaptures: number;
  maxMs: number;
  startedAt?: string;
  endedAt?: string;
  endedBy?: HoldEnd;
  /** The failure that ended the hold (endedBy failure or interference): a capture that failed, the device gone. */
  error?: RunError;
}

/** A crash or ANR report seen in the run's log window. */
export interface RunCrashEntry {
  kind: 'crash' | 'native_crash' | 'anr';
  /** The entry's time as logcat printed it (epoch seconds). */
  time: string;
  pid: number;
  tag: string;
  /** The package the report names, when it names one. */
  packageName?: string;
  /** The first line of the report (redacted like the excerpt). */
  line: string;
  /** The report's first lines (header, process, top of the stack), redacted like the excerpt; absent in older runs. */
  lines?: string[];
}

/**
 * Crash and ANR reports in the run's log excerpt (FATAL EXCEPTION, native fatal signals, ANR in): a warning next to
 * the verdict, never part of it. Found only in the lines read; none found does not prove none happened.
 */
export interface RunCrashReport {
  /** `not_read`: the log excerpt failed, so nothing could be looked at. */
  status: 'none_seen' | 'seen' | 'not_read';
  entries: RunCrashEntry[];
  caveats: string[];
}

/**
 * Device facts and the foreground app's inspection, read by the host after clear (inspect_android_environment and
 * inspect_android_app, read-only and bounded): host observations after the run, labelled as such.
 */
export interface RunInspection {
  source: 'host_diagnostics';
  observedAt: string;
  /** When the host read it: after the run's clear step answered (not at capture time). */
  observedAfter?: 'clear';
  /** The tools whose answers this is, and the foreground package the app part inspected. */
  tools?: string[];
  /** How long the reads took, in ms (bounded by INSPECTION_TIMEOUT_MS). */
  durationMs?: number;
  environment?: {
    status: 'complete' | 'partial' | 'failed' | 'timed_out';
    androidRelease?: string;
    apiLevel?: number;
    abi?: string;
    supportedAbis?: string[];
    memoryKib?: { total: number | null; available: number | null };
    dataKib?: { total: number; used: number; available: number };
    selinux?: string;
    error?: RunError;
  };
  app?: {
    /** `partial`: a command exited non-zero or the version did not parse (inspect_android_app's own word). */
    status: 'complete' | 'partial' | 'failed' | 'timed_out';
    packageName?: string;
    component?: string;
    isForeground?: boolean;
    pid?: number;
    versionName?: string;
    versionCode?: string;
    firstInstallTime?: string;
    lastUpdateTime?: string;
    totalPssKb?: number;
    error?: RunError;
  };
}

/** Where an attachment's answer came from: a Diagnostics view, or the logcat viewer's visible window. */
export type RunAttachmentKind = 'diagnostic' | 'logcat';

/** One attachment as the run's attachments.json lists it (the file holds this plus the answer). */
export interface RunAttachment {
  /** File inside the run folder (attachment-<n>-<slug>.json). */
  file: string;
  kind: RunAttachmentKind;
  /** The view's title, e.g. "Environment", "Logcat window". */
  title: string;
  /** The tool that answered, e.g. inspect_android_environment, android_logcat. */
  tool: string;
  /** The arguments the tool ran with (the logcat viewer: its query and scope). */
  arguments: Record<string, unknown>;
  /** The device the answer is from. */
  serial: string;
  /** When the answer was taken (the view's "Taken at"), and when it was attached. */
  takenAt: string;
  attachedAt: string;
  /** The answer's status word (complete, partial, failed, timed_out). */
  status: string;
  /** Size of the attachment file in bytes. */
  bytes: number;
}

/** evidence:attach's input: the run and what to store with it. */
export interface RunAttachmentInput {
  id: string;
  kind: RunAttachmentKind;
  title: string;
  tool: string;
  arguments: Record<string, unknown>;
  serial: string;
  takenAt: string;
  status: string;
  /** The view's answer as shown (logcat lines already redacted as the viewer showed them). */
  answer: unknown;
}

/** The largest attachment evidence:attach stores (the serialized file). */
export const MAX_ATTACHMENT_BYTES = 1024 * 1024;
/** The most logcat lines one attachment keeps (the newest of the visible window). */
export const MAX_ATTACHED_LOG_LINES = 2000;
