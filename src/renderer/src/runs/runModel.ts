// Results as the console shows them: one column per device, built from whatever answered (a sequence, one
// execution, a manual capture, a stored run record) and updated by run:progress events. Pure.
import type { ExecutionOutcome } from '../../../shared/api/contract';
import type {
  CaptureCheck,
  RunCapture,
  RunCrashReport,
  RunInspection,
  RunRecord,
  RunStatus,
  RunStepStatus,
} from '../../../shared/api/evidence';
import type { SequenceProgress, SequenceResult, SequenceStep } from '../../../shared/api/sequence';
import type { ResultEnvelope } from '../../../shared/envelope';
import type { AppError } from '../../../shared/errors';
import { parseBounds } from '../../../shared/geometry/bounds';
import type { Rect } from '../../../shared/geometry/types';
import { heldColumn, type HoldView } from './holdModel';

export interface StepError {
  code: string;
  message: string;
  hint?: string;
  details?: Record<string, unknown>;
}

export interface StepView {
  name: string;
  status: RunStepStatus;
  /** Local epoch ms the step started, for the live duration. */
  startedAt?: number;
  durationMs?: number;
  data?: Record<string, string>;
  error?: StepError;
  /** Why the step was skipped. */
  note?: string;
}

export interface ResultColumn {
  serial: string;
  deviceLabel: string;
  /** The evidence run (screenshots, history). */
  runId?: string;
  status: RunStatus;
  steps: StepView[];
  /** A failure of the whole request (nothing ran, or the host failed). */
  error?: StepError;
  screenshot?: { widthPx: number; heightPx: number };
  captureCheck?: CaptureCheck;
  reportedBounds?: Rect;
  predictedBounds?: Rect;
  /** Secondary problems worth knowing (evidence not written, capture check not run). */
  notes: string[];
  /** A held run ("Run and hold"): the hold, and every capture with its check. */
  hold?: HoldView;
  captures?: RunCapture[];
  /** Crash and ANR reports in the run's log window: a flag beside the verdict, never part of it. */
  crashes?: RunCrashReport;
  /** Device facts and the foreground app the host read after clear (run.json's inspection). */
  inspection?: RunInspection;
}

function stepError(error: AppError | StepError): StepError {
  const out: StepError = { code: error.code, message: error.message };
  if (error.hint !== undefined) out.hint = error.hint;
  if (error.details !== undefined) out.details = error.details;
  return out;
}

/** The failure an envelope reports: its errorCode, else the failed step's code; undefined on success. */
export function envelopeError(envelope: ResultEnvelope): StepError | undefined {
  if (envelope.status === 'success') return undefined;
  const failed = envelope.stepResults.find((step) => !step.success);
  const code = envelope.errorCode ?? failed?.data.errorCode ?? failed?.data.error ?? 'EXECUTION_FAILED';
  const message = failed?.data.message ?? envelope.error ?? 'The execution failed.';
  const error: StepError = { code, message };
  if (envelope.hint !== undefined) error.hint = envelope.hint;
  return error;
}

/** A column whose steps have not started. */
export function pendingColumn(serial: string, deviceLabel: string, names: readonly string[]): ResultColumn {
  return {
    serial,
    deviceLabel,
    status: 'running',
    steps: names.map((name) => ({ name, status: 'pending' })),
    notes: [],
  };
}

/** Marks a step running (at `now`) and the column running. */
export function startStep(column: ResultColumn, name: string, now: number): ResultColumn {
  return {
    ...column,
    status: 'running',
    steps: column.steps.map((step) =>
      step.name === name ? { ...step, status: 'running', startedAt: now } : step,
    ),
  };
}

/** Applies one run:progress event to the device's column. */
export function applyProgress(column: ResultColumn, event: SequenceProgress, now: number): ResultColumn {
  const steps = column.steps.map((step): StepView => {
    if (step.name !== event.step) return step;
    if (event.status === 'running') return { ...step, status: 'running', startedAt: now };
    const next: StepView = { ...step, status: event.status };
    const durationMs = event.durationMs ?? (step.startedAt === undefined ? undefined : now - step.startedAt);
    if (durationMs !== undefined) next.durationMs = durationMs;
    if (event.data !== undefined) next.data = event.data;
    if (event.error !== undefined) next.error = stepError(event.error);
    return next;
  });
  return { ...column, runId: event.runId, steps };
}

function sequenceStepView(step: SequenceStep): StepView {
  const view: StepView = { name: step.step, status: step.status };
  if (step.durationMs !== undefined) view.durationMs = step.durationMs;
  const data = step.envelope?.stepResults[0]?.data;
  if (data !== undefined) view.data = data;
  const error = step.error ?? (step.envelope === undefined ? undefined : envelopeError(step.envelope));
  if (error !== undefined && step.status === 'failed') view.error = stepError(error);
  if (step.reason !== undefined) view.note = step.reason;
  return view;
}

/** The column of a finished sequence on one device. */
export function sequenceColumn(serial: string, deviceLabel: string, result: SequenceResult): ResultColumn {
  const column: ResultColumn = {
    serial,
    deviceLabel,
    runId: result.runId,
    status: result.status,
    steps: result.steps.map(sequenceStepView),
    notes: [],
  };
  if (result.screenshot !== undefined) {
    column.screenshot = { widthPx: result.screenshot.widthPx, heightPx: result.screenshot.heightPx };
  }
  if (result.captureCheck !== undefined) column.captureCheck = result.captureCheck;
  if (result.reportedBounds !== undefined) column.reportedBounds = result.reportedBounds;
  if (result.predictedBounds !== undefined) column.predictedBounds = result.predictedBounds;
  if (result.captureCheckError !== undefined) {
    column.notes.push(`Capture check not run: ${result.captureCheckError.message}`);
  }
  if (result.evidenceError !== undefined) {
    column.notes.push(`Evidence not fully written: ${result.evidenceError.message}`);
  }
  // The device said the evidence is not this run's (its panel was replaced, its lease lost): that is the verdict.
  if (result.interference !== undefined) column.error = stepError(result.interference);
  if (result.lease?.status === 'unsupported') column.notes.push(`No device lease: ${result.lease.warning}`);
  if (result.crashes !== undefined) column.crashes = result.crashes;
  if (result.inspection !== undefined) column.inspection = result.inspection;
  return heldColumn(column, result);
}

/** The column of one finished execution (Set panel / Clear panel). */
export function outcomeColumn(
  column: ResultColumn,
  outcome: ExecutionOutcome,
  durationMs: number,
): ResultColumn {
  const envelope = outcome.envelope;
  const error = envelopeError(envelope);
  const data = envelope.stepResults[0]?.data;
  const steps = column.steps.map((step): StepView => {
    const next: StepView = { ...step, status: error === undefined ? 'succeeded' : 'failed', durationMs };
    if (data !== undefined) next.data = data;
    if (error !== undefined) next.error = error;
    return next;
  });
  const next: ResultColumn = { ...column, status: error === undefined ? 'succeeded' : 'failed', steps };
  const bounds = data?.bounds === undefined ? null : parseBounds(data.bounds);
  if (bounds !== null) next.reportedBounds = bounds;
  if (outcome.predictedBounds !== undefined) next.predictedBounds = outcome.predictedBounds;
  return next;
}

/** The column after the request itself failed: unfinished steps are skipped. */
export function failedColumn(column: ResultColumn, error: AppError | StepError, now: number): ResultColumn {
  return {
    ...column,
    status: 'failed',
    error: stepError(error),
    steps: column.steps.map((step): StepView => {
      if (step.status === 'running') {
        const durationMs = step.startedAt === undefined ? undefined : now - step.startedAt;
        return { ...step, status: 'failed', ...(durationMs === undefined ? {} : { durationMs }) };
      }
      return step.status === 'pending' ? { ...step, status: 'skipped' } : step;
    }),
  };
}

/** The column of a stored run (reopened from the history). */
export function recordColumn(record: RunRecord, deviceLabel?: string): ResultColumn {
  const column: ResultColumn = {
    serial: record.device.serial,
    deviceLabel:
      deviceLabel ??
      (record.device.model === undefined
        ? record.device.serial
        : `${record.device.model} (${record.device.serial})`),
    runId: record.id,
    status: record.status,
    steps: record.steps.map((step) => {
      const view: StepView = { name: step.name, status: step.status };
      if (step.durationMs !== undefined) view.durationMs = step.durationMs;
      if (step.data !== undefined) view.data = step.data;
      if (step.error !== undefined) view.error = stepError(step.error);
      return view;
    }),
    notes: [],
  };
  if (record.screenshot !== undefined) {
    column.screenshot = { widthPx: record.screenshot.widthPx, heightPx: record.screenshot.heightPx };
  }
  if (record.captureCheck !== undefined) column.captureCheck = record.captureCheck;
  if (record.reportedBounds !== undefined) column.reportedBounds = record.reportedBounds;
  if (record.predictedBounds !== undefined) column.predictedBounds = record.predictedBounds;
  if (record.status === 'running')
    column.notes.push('The run record was never finished (the console stopped).');
  if (record.crashes !== undefined) column.crashes = record.crashes;
  if (record.inspection !== undefined) column.inspection = record.inspection;
  return heldColumn(column, record);
}

/** A step's duration so far: its final duration, or the time since it started while it runs. */
export function elapsedMs(step: StepView, now: number): number | undefined {
  if (step.durationMs !== undefined) return step.durationMs;
  if (step.status === 'running' && step.startedAt !== undefined) return Math.max(0, now - step.startedAt);
  return undefined;
}

/** "840 ms", "1.24 s", "12.4 s", "2 min 05 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** "Panel in capture: yes (match 98.2%)" or "... no (match 12.0%)". */
export function captureCheckText(check: CaptureCheck): string {
  return `Panel in capture: ${check.inCapture ? 'yes' : 'no'} (match ${(check.matchRatio * 100).toFixed(1)}%)`;
}
