// The ordered run set -> screenshot -> clear as the console API reports it: requests, steps, progress, results.
import type { ResultEnvelope } from '../envelope';
import type { AppError, Result } from '../errors';
import type { Execution, SetOnScreenLogParams } from '../execution/types';
import type { Rect } from '../geometry/types';
import type {
  CaptureCheck,
  HoldEnd,
  RunCapture,
  RunCrashReport,
  RunGroupRef,
  RunHold,
  RunInspection,
  RunLease,
  RunLogExcerpt,
  RunPanelGeneration,
} from './evidence';

/** The three executions every sequence sends. */
export type SequenceBaseStep = 'set' | 'screenshot' | 'clear';
/** A held panel's later captures: screenshot-2, screenshot-3, ... (the first is `screenshot`). */
export type CaptureStepName = `screenshot-${number}`;
export type SequenceStepName = SequenceBaseStep | CaptureStepName;

/** Hold mode's bounds: at most this many captures, and this long from the first capture (docs/sequences). */
export const HOLD_MAX_CAPTURES = 20;
export const HOLD_MAX_MS = 600_000;

/** The step name of capture `index` (1-based): `screenshot`, then `screenshot-2`, ... */
export function captureStepName(index: number): SequenceStepName {
  return index <= 1 ? 'screenshot' : `screenshot-${index}`;
}

/** True for `screenshot` and `screenshot-N`. */
export function isCaptureStep(step: string): boolean {
  return step === 'screenshot' || /^screenshot-\d+$/.test(step);
}

/** Why a hold ended, in words the console and the CLI show (`error`: the failure that ended it). */
export function holdEndText(
  endedBy: HoldEnd,
  maxCaptures: number,
  maxMs: number,
  error?: { code: string; message: string },
): string {
  switch (endedBy) {
    case 'user':
      return 'Released: the panel was cleared.';
    case 'closed':
      return 'The console closed while the panel was held: the panel was cleared.';
    case 'max_captures':
      return `Reached ${maxCaptures} captures, the most one hold takes: the panel was cleared by itself.`;
    case 'max_duration':
      return `Held for ${Math.round(maxMs / 1000)} s, the longest one hold lasts: the panel was cleared by itself.`;
    case 'interference':
      return `The device reported interference (${error?.code ?? 'unknown'}): the hold ended and the panel was cleared; the captures before it are kept.`;
    case 'failure':
      return `${error?.message ?? 'A capture failed.'} The hold ended; the captures before it are kept.`;
  }
}

/** Keep the panel up after the first capture for more captures on demand, within these bounds (default the most). */
export interface SequenceHoldOptions {
  /** 1..HOLD_MAX_CAPTURES, the first capture included. */
  maxCaptures?: number;
  /** 1000..HOLD_MAX_MS, counted from the first capture. */
  maxMs?: number;
}
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
  /** Hold the panel after the first capture: more captures on demand until released or a bound is reached. */
  hold?: SequenceHoldOptions;
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
  /** A held run's bounds and how the hold ended. */
  hold?: RunHold;
  /** A held run's captures, in order (the first is also `screenshot` and `captureCheck`). */
  captures?: RunCapture[];
}

/** A held run as the run:hold event reports it, after every change (a capture taken, checked, the hold ended). */
export interface SequenceHoldState {
  runId: string;
  /** waiting: the first capture is not in yet; holding: the panel stays up; ended: clear is on its way or done. */
  status: 'waiting' | 'holding' | 'ended';
  maxCaptures: number;
  maxMs: number;
  startedAt?: string;
  /** When the hold clears by itself (maxMs after the first capture). */
  endsAt?: string;
  /** A capture is being taken; `queued` more were asked for meanwhile. */
  capturing: boolean;
  queued: number;
  /** The captures so far, finished ones only. */
  captures: RunCapture[];
  endedBy?: HoldEnd;
  /** Why the hold ended, in words (the user, a bound reached, a failed capture, the device gone). */
  endedReason?: string;
  /** The failure that ended the hold (a capture that failed, the device gone). */
  error?: AppError;
}

/**
 * One device's answer to sequence:run: its run (whose steps may have failed), or the error that kept the run from
 * starting (busy, unplugged, evidence store unwritable). Every device gets one, in the order of the request.
 */
export interface DeviceSequenceResult {
  serial: string;
  result: Result<SequenceResult>;
}
