// The ordered run set -> screenshot -> clear as the console API reports it: requests, steps, progress, results.
import type { ResultEnvelope } from '../envelope';
import type { AppError, Result } from '../errors';
import type { Execution, SetOnScreenLogParams } from '../execution/types';
import type { Rect } from '../geometry/types';
import type {
  CaptureCheck,
  RunCrashReport,
  RunGroupRef,
  RunInspection,
  RunLease,
  RunLogExcerpt,
  RunPanelGeneration,
} from './evidence';

export type SequenceStepName = 'set' | 'screenshot' | 'clear';
export type SequenceStepStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped';
export type SequenceStatus = 'succeeded' | 'failed';

export interface SequenceRequest {
  /** The panel to show; validated with the canonical set validator before anything happens. */
  design: SetOnScreenLogParams;
  deviceId?: string;
  operatorPackage: string;
  /** A name for the run in the evidence history. */
  label?: string;
  /** The multi-device start this run is part of (recorded in run.json). */
  group?: RunGroupRef;
  /** timeoutMs of each of the three executions (default 30000). */
  timeoutMs?: number;
}

/** One of the three executions, as recorded. */
export interface SequenceStep {
  step: SequenceStepName;
  status: SequenceStepStatus;
  commandId?: string;
  /** The canonical payload sent (absent when the step was skipped). */
  payload?: Execution;
  envelope?: ResultEnvelope;
  /** A host failure (the envelope is then absent). */
  error?: AppError;
  /** Why the step was skipped. */
  reason?: string;
  startedAt?: string;
  completedAt?: string;
  durationMs?: number;
}

/** A progress event, one when a step starts and one when it ends or is skipped. */
export interface SequenceProgress {
  runId: string;
  step: SequenceStepName;
  status: 'running' | 'succeeded' | 'failed' | 'skipped';
  durationMs?: number;
  error?: AppError;
  data?: Record<string, string>;
}

export interface SequenceScreenshot {
  path: string;
  widthPx: number;
  heightPx: number;
}

export interface SequenceResult {
  runId: string;
  /** The device the run used. */
  serial: string;
  runPath: string;
  status: SequenceStatus;
  steps: SequenceStep[];
  screenshot?: SequenceScreenshot;
  captureCheck?: CaptureCheck;
  /** The set step's reported `bounds`. */
  reportedBounds?: Rect;
  /** The bounds the shared layout predicts from the Operator's hello description (omitted when hello failed). */
  predictedBounds?: Rect;
  /** Why the capture check could not run (e.g. the reported bounds lie outside the capture). */
  captureCheckError?: AppError;
  /** The first failure writing run.json (the run went on: cleaning the device matters more than the record). */
  evidenceError?: AppError;
  /** Whether the device held the run; `unsupported` carries the warning that other callers could interleave. */
  lease?: RunLease;
  /** What the device reported against the run's evidence (panel replaced, lease lost): the run is then failed. */
  interference?: AppError;
  /** The panel generation set drew and the one shown when clear began; they differ only when interfered with. */
  panelGeneration?: RunPanelGeneration;
  /** The device log of the run's window (the file is in runPath), or why it could not be read. */
  logExcerpt?: RunLogExcerpt;
  /** Crash and ANR reports in the log window: a warning beside the verdict, never part of it. */
  crashes?: RunCrashReport;
  /** Device facts and the foreground app's inspection the host read after clear (also in run.json). */
  inspection?: RunInspection;
}

/**
 * One device's answer to sequence:run: its run (whose steps may have failed), or the error that kept the run from
 * starting (busy, unplugged, evidence store unwritable). Every device gets one, in the order of the request.
 */
export interface DeviceSequenceResult {
  serial: string;
  result: Result<SequenceResult>;
}
