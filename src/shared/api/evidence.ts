// Evidence as the console API reports it: run records (run.json), history entries and the capture check.
import type { Rect } from '../geometry/types';
import type { RunCapture, RunHold, RunCrashReport, RunInspection, RunAttachment } from './runEvidence';

/** Per-channel range a panel-background pixel can take in the capture, given the unknown screen behind it. */
export interface CompositeEstimate {
  /** `opaque`: exactly the background colour; `translucent`: background over any screen; `transparent`: anything. */
  model: 'opaque' | 'translucent' | 'transparent';
  /** Background alpha, 0..1. */
  alpha: number;
  /** Lowest capture value per channel [r, g, b] before tolerance: alpha × colour (screen behind = 0). */
  minRgb: [number, number, number];
  /** Highest capture value per channel [r, g, b] before tolerance: alpha × colour + (1 − alpha) × 255. */
  maxRgb: [number, number, number];
  /** Canonical text colour; pixels on the segment between it and the range above count as text. */
  textColor: string;
  tolerance: number;
  description: string;
}

export interface CaptureCheck {
  inCapture: boolean;
  /** Fraction (0..1) of sampled pixels inside the bounds consistent with the panel background or its text. */
  matchRatio: number;
  /** Pixels sampled inside the bounds (edges excluded). */
  sampledPixels: number;
  /** The matchRatio a proof requires. */
  threshold: number;
  expected: CompositeEstimate;
  /** Fraction of sampled pixels inside the bounds consistent with the background alone (text excluded). */
  backgroundRatio: number;
  /** Fraction of sampled pixels just outside the bounds that would pass as panel background too. */
  surroundingRatio: number;
  surroundingPixels: number;
  /** Short human explanation of the verdict. */
  reason: string;
}

export const RUN_SCHEMA_VERSION = 1;

/** 'interrupted': the run stopped without final evidence (its process died, or run.json could not be finalized). */
export type RunStatus = 'running' | 'succeeded' | 'failed' | 'interrupted';
export type RunStepStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped';

/** A step's failure as reported; the code is kept verbatim (a device may report codes this console does not know). */
export interface RunStepError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** One ordered execution of a run: 'set', 'screenshot', 'clear' or another named step. */
export interface RunStep {
  name: 'set' | 'screenshot' | 'clear' | (string & {});
  status: RunStepStatus;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
  /** The execution payload sent. */
  payload?: unknown;
  /** The result envelope received. */
  envelope?: unknown;
  error?: RunStepError;
  /** The step's string-valued result data. */
  data?: Record<string, string>;
}

/**
 * What the device was showing around the capture, as the Operator's hello (sent right behind take_screenshot, or
 * after clear when there was no screenshot) reported it: a device-side observation, timed by the host's clock.
 */
export interface RunContext {
  source: 'operator_hello';
  /** When the host received the hello answer. */
  observedAt: string;
  androidRelease?: string;
  display?: {
    widthPx: number;
    heightPx: number;
    densityDpi: number;
    fontScale: number;
    rotation: 0 | 90 | 180 | 270;
  };
  /** BCP 47 tag, e.g. de-DE. */
  locale?: string;
  foregroundApp?: {
    packageName: string | null;
    label: string | null;
    versionName: string | null;
    versionCode: string | null;
  };
}

/**
 * The device log around the run, read with `logcat -d` once clear had answered (a host observation after the run,
 * not part of the ordered executions): every buffer's entries from shortly before set to the read, credentials
 * redacted (best effort), at most a bounded number of lines.
 */
export interface RunLogExcerpt {
  /** The logcat command's status word; `failed` / `timed_out` leave no file, and `error` says why. */
  status: 'complete' | 'partial' | 'failed' | 'timed_out';
  /** File inside the run folder: one redacted threadtime line per entry (epoch seconds). */
  file?: string;
  /** The window asked for on the device's clock (epoch seconds): from before set to when the log was read. */
  fromEpochS?: number;
  toEpochS?: number;
  entries: number;
  /** The line limit cut the window: older entries of it were left out. */
  limitReached: boolean;
  redactions: number;
  /** Why there is no excerpt (the device went away, logcat failed). */
  error?: RunError;
  caveats: string[];
}

/** evidence:log's answer: the excerpt file's text and run.json's description of it. */
export interface RunLog {
  file: string;
  text: string;
  excerpt: RunLogExcerpt;
}

/** The runs one start made on several devices at once: each run names the group and how many runs it has. */
export interface RunGroupRef {
  id: string;
  size: number;
  /** This run's place in the start's device order (0-based), the order Results showed the columns in. */
  index: number;
}

export interface RunDevice {
  serial: string;
  model?: string;
  manufacturer?: string;
  sdkInt?: number;
  /** The simulator profile name, when the device is simulated. */
  profile?: string;
  simulated?: boolean;
}

export interface RunScreenshot {
  /** File name inside the run folder (no directories). */
  file: string;
  widthPx: number;
  heightPx: number;
  capturedAt: string;
}

/**
 * Whether the device itself held the run (docs/operator-protocol.md, Leases): `held` (every other caller was
 * refused), or `unsupported`: an older Operator, so another process could act between the steps (the warning says so).
 */
export type RunLease =
  { status: 'held'; owner: string; ttlMs: number } | { status: 'unsupported'; warning: string };

/** An error as run.json keeps it: the code verbatim (a device may report codes this console does not know). */
export interface RunError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** The panel generation the run's set drew, and the one the Operator showed when clear began (after the capture). */
export interface RunPanelGeneration {
  set: number;
  beforeClear?: number;
}

/** The content of run.json. */
export interface RunRecord {
  schemaVersion: typeof RUN_SCHEMA_VERSION;
  id: string;
  label?: string;
  status: RunStatus;
  startedAt: string;
  finishedAt?: string;
  device: RunDevice;
  /** Set when one start ran on several devices (History shows the group as one entry). */
  group?: RunGroupRef;
  /** Device facts and the foreground app around the capture (absent when hello went unanswered). */
  context?: RunContext;
  /** The panel design the run showed. */
  design?: unknown;
  steps: RunStep[];
  screenshot?: RunScreenshot;
  captureCheck?: CaptureCheck;
  /** The pixel bounds the console predicted, and the ones the device reported (the CLI prints the same objects). */
  predictedBounds?: Rect;
  reportedBounds?: Rect;
  lease?: RunLease;
  /** What the device reported against the run's evidence (its panel replaced, its lease lost): the run failed. */
  interference?: RunError;
  panelGeneration?: RunPanelGeneration;
  /** The device log around the run (absent in runs recorded before it existed). */
  logExcerpt?: RunLogExcerpt;
  /** Set when the run held its panel for more captures. */
  hold?: RunHold;
  /** Every capture of a held run, in order (the first is also `screenshot` / `captureCheck` above). */
  captures?: RunCapture[];
  /** Crash and ANR reports seen in the log excerpt: a warning beside the verdict, not part of it. */
  crashes?: RunCrashReport;
  /** Device facts and the foreground app's inspection, read by the host after clear. */
  inspection?: RunInspection;
}

export interface CreateRunMeta {
  label?: string;
  group?: RunGroupRef;
  deviceSerial: string;
  /** ISO 8601 timestamp; the run id's date and time come from it (UTC). */
  startedAt: string;
}

export interface ListRunsOptions {
  /** At most this many runs (a positive integer); all when omitted. */
  limit?: number;
  deviceSerial?: string;
}

/** One line of the evidence history. */
export interface RunSummary {
  id: string;
  /** Absolute path of the run folder. */
  path: string;
  label?: string;
  status: RunStatus;
  startedAt: string;
  finishedAt?: string;
  deviceSerial: string;
  deviceModel?: string;
  /** The multi-device start this run belongs to (run.json's group), and its column there. */
  groupId?: string;
  groupIndex?: number;
  /** True when run.json names a screenshot and the file exists. */
  hasScreenshot: boolean;
  /** Screenshot file relative to the run folder. */
  screenshotFile?: string;
  /** Cached thumbnail file relative to the run folder, once thumbnail() has made it. */
  thumbnailFile?: string;
  /** The capture check's verdict, when the run recorded one. */
  inCapture?: boolean;
  /** run.json's context: device facts and the foreground app around the capture. */
  context?: RunContext;
  /** run.json's description of the device log around the run (evidence:log reads the file). */
  logExcerpt?: RunLogExcerpt;
  /** How many crash/ANR reports the run's log window showed (absent when none were looked for). */
  crashesSeen?: number;
  /** How many captures the run holds (more than 1 for a held panel). */
  captureCount?: number;
  /** What was attached to the run later (attachments.json), oldest first. */
  attachments?: RunAttachment[];
}

/** A run folder listRuns could not read, and why. */
export interface SkippedRun {
  id: string;
  reason: string;
}

export interface RunList {
  runs: RunSummary[];
  /** Folders examined but unreadable (missing or corrupt run.json); they do not fail the listing. */
  skipped: SkippedRun[];
}

export type ExportFormat = 'zip' | 'folder';

export interface ExportedRun {
  path: string;
  format: ExportFormat;
  /** Files exported, relative to the run folder. */
  files: string[];
}

/** Where the browser console downloads run `id` as a zip (GET, same token as the API). */
export function exportDownloadPath(id: string): string {
  return `/api/runs/${encodeURIComponent(id)}/export.zip`;
}

export * from './runEvidence';
