// The sequence's step states as pure transitions: (steps, event) => steps. Effects live in runSequence.ts.
import type { ResultEnvelope } from '../../shared/envelope';
import { isErrorCode, type AppError, type Result } from '../../shared/errors';
import type { Execution } from '../../shared/execution/types';
import type {
  SequenceBaseStep,
  SequenceProgress,
  SequenceStatus,
  SequenceStep,
  SequenceStepName,
} from './types';

export const STEP_ORDER: readonly SequenceBaseStep[] = ['set', 'screenshot', 'clear'];

/** All three steps pending. */
export function initialSteps(): SequenceStep[] {
  return STEP_ORDER.map((step) => ({ step, status: 'pending' }));
}

function replace(
  steps: readonly SequenceStep[],
  name: SequenceStepName,
  next: (step: SequenceStep) => SequenceStep,
): SequenceStep[] {
  return steps.map((step) => (step.step === name ? next(step) : step));
}

/** A held panel's later capture `name`, pending, just before clear. */
export function stepAdded(steps: readonly SequenceStep[], name: SequenceStepName): SequenceStep[] {
  const clear = steps.findIndex((step) => step.step === 'clear');
  const at = clear < 0 ? steps.length : clear;
  return [...steps.slice(0, at), { step: name, status: 'pending' }, ...steps.slice(at)];
}

/** The step has been sent. */
export function stepStarted(
  steps: readonly SequenceStep[],
  name: SequenceStepName,
  payload: Execution,
  nowMs: number,
): SequenceStep[] {
  return replace(steps, name, (step) => ({
    step: step.step,
    status: 'running',
    commandId: payload.commandId,
    payload,
    startedAt: new Date(nowMs).toISOString(),
  }));
}

/** The step ended with an envelope (succeeded only when the envelope did) or a host failure. */
export function stepFinished(
  steps: readonly SequenceStep[],
  name: SequenceStepName,
  outcome: Result<ResultEnvelope>,
  nowMs: number,
): SequenceStep[] {
  return replace(steps, name, (step) => {
    const startedMs = step.startedAt === undefined ? nowMs : Date.parse(step.startedAt);
    const ended = {
      ...step,
      completedAt: new Date(nowMs).toISOString(),
      durationMs: Math.max(0, nowMs - startedMs),
    };
    if (outcome.ok)
      return {
        ...ended,
        status: outcome.value.status === 'success' ? 'succeeded' : 'failed',
        envelope: outcome.value,
      };
    return { ...ended, status: 'failed', error: outcome.error };
  });
}

/** The step will not run. */
export function stepSkipped(
  steps: readonly SequenceStep[],
  name: SequenceStepName,
  reason: string,
): SequenceStep[] {
  return replace(steps, name, (step) => ({ step: step.step, status: 'skipped', reason }));
}

/** Succeeded only when all three steps did (and a held panel's every later capture). */
export function sequenceStatus(steps: readonly SequenceStep[]): SequenceStatus {
  const base = STEP_ORDER.every((name) => steps.some((step) => step.step === name));
  return base && steps.every((step) => step.status === 'succeeded') ? 'succeeded' : 'failed';
}

/** The progress event describing a step's current state; data is the step's first result data. */
export function progressOf(
  runId: string,
  step: SequenceStep,
  data?: Record<string, string>,
): SequenceProgress | null {
  if (step.status === 'pending') return null;
  const event: SequenceProgress = { runId, step: step.step, status: step.status };
  if (step.durationMs !== undefined) event.durationMs = step.durationMs;
  const error = step.error ?? envelopeError(step.envelope);
  if (error !== undefined) event.error = error;
  const stepData = data ?? step.envelope?.stepResults[0]?.data;
  if (stepData !== undefined) event.data = stepData;
  return event;
}

/** A failed envelope as an error value, so progress listeners switch on one `error.code`. */
export function envelopeError(envelope: ResultEnvelope | undefined): AppError | undefined {
  if (envelope === undefined || envelope.status === 'success') return undefined;
  const code = isErrorCode(envelope.errorCode) ? envelope.errorCode : 'EXECUTION_FAILED';
  return { code, message: envelope.error ?? 'The execution failed.' };
}
