// Hold mode's transitions: after the first capture the panel stays up, each capture request takes another
// take_screenshot + host capture under the run's lease, and release (or a bound, a failure, interference) clears it.
// Pure, like the rest of the machine; machine.ts settles the run after each of these.
import type { HoldEnd, HostForegroundObservation } from '../../shared/api/evidence';
import type { AppError, Result } from '../../shared/errors';
import type { CaptureCheck } from '../capture/types';
import {
  finishStep,
  record,
  runCapturesOf,
  runErrorOf,
  start,
  updateCapture,
  type CaptureState,
  type HoldCommand,
  type SequenceEffect,
  type SequenceState,
  type StepOutcome,
  type Transition,
} from './machineState';
import { envelopeError } from './steps';
import { captureStepName, holdEndText, type SequenceHoldState, type SequenceStepName } from './types';

/** What ends a hold besides the user: a bound, a failure (the device gone), interference. */
export type HoldEndRequest = { type: 'end'; reason: HoldEnd; error?: AppError };

/** A capture just sent to the device. */
export function takingCapture(step: SequenceStepName, index: number): CaptureState {
  return { step, index, status: 'failed', taking: true, checking: false, observing: false };
}

/** The hold marked ended (clear is next once no capture is on its way); the first reason stays. */
export function endHold(
  state: SequenceState,
  reason: HoldEnd,
  atMs: number,
  error?: AppError,
): SequenceState {
  const hold = state.hold;
  if (hold === undefined || hold.phase === 'ended') return state;
  return {
    ...state,
    hold: {
      ...hold,
      phase: 'ended',
      queued: 0,
      endedBy: reason,
      endedAtMs: atMs,
      ...(error === undefined ? {} : { error }),
    },
  };
}

/** Whether every capture is in, checked and observed. */
export function capturesSettled(state: SequenceState): boolean {
  return !(state.captures ?? []).some((capture) => capture.taking || capture.checking || capture.observing);
}

function nextCapture(state: SequenceState, atMs: number): Transition {
  const captures = state.captures ?? [];
  const index = captures.length + 1;
  const name = captureStepName(index);
  return start({ ...state, captures: [...captures, takingCapture(name, index)] }, name, atMs);
}

function clearNow(state: SequenceState, effects: SequenceEffect[], atMs: number): Transition {
  const clearing = start(state, 'clear', atMs);
  return { state: clearing.state, effects: [...effects, ...clearing.effects] };
}

/**
 * A held run's capture ended. A failed one ends the hold (the captures before it stay); the first one starts the
 * hold's clock; the last one allowed ends it; a request queued meanwhile is taken now.
 */
export function captureFinished(
  state: SequenceState,
  step: SequenceStepName,
  outcome: StepOutcome,
  atMs: number,
): Transition {
  const written = outcome.ok ? outcome.value.screenshot : undefined;
  const succeeded = outcome.ok && outcome.value.envelope.status === 'success' && written !== undefined;
  const updated = updateCapture(state, step, (capture) => ({
    ...capture,
    taking: false,
    status: succeeded ? 'succeeded' : 'failed',
    ...(written === undefined
      ? {}
      : {
          file: written.file,
          widthPx: written.widthPx,
          heightPx: written.heightPx,
          capturedAt: new Date(atMs).toISOString(),
        }),
  }));
  const { next, effects } = finishStep(updated, step, outcome, atMs);
  const hold = next.hold;
  if (hold === undefined) return clearNow(next, effects, atMs);
  let held: SequenceState = next;
  const timer: SequenceEffect[] = [];
  if (!succeeded) {
    const failed = next.record.steps.find((candidate) => candidate.step === step);
    held = endHold(next, 'failure', atMs, failed?.error ?? envelopeError(failed?.envelope));
  } else if (hold.phase === 'waiting') {
    const endsAtMs = atMs + hold.maxMs;
    held = { ...next, hold: { ...hold, phase: 'holding', startedAtMs: atMs, endsAtMs } };
    timer.push({ type: 'holdTimer', atMs: endsAtMs });
  }
  if ((held.captures ?? []).length >= (held.hold?.maxCaptures ?? 0))
    held = endHold(held, 'max_captures', atMs);
  if (held.hold?.phase === 'ended') return clearNow(held, [...effects, ...timer], atMs);
  const queued = held.hold?.queued ?? 0;
  if (held.hold !== undefined && queued > 0) {
    const taking = nextCapture({ ...held, hold: { ...held.hold, queued: queued - 1 } }, atMs);
    return { state: taking.state, effects: [...effects, ...timer, ...taking.effects] };
  }
  return { state: { ...held, phase: 'holding' }, effects: [...effects, ...timer] };
}

/** A capture request or an end of the hold (the user, the console, a bound, the device gone, interference). */
export function holdCommand(
  state: SequenceState,
  command: HoldCommand | HoldEndRequest,
  atMs: number,
): Transition {
  const hold = state.hold;
  if (hold === undefined || hold.phase === 'ended') return { state, effects: [] };
  if (command.type === 'capture') {
    const taken = (state.captures ?? []).length;
    // Within the bound only: a request beyond the last capture allowed is not queued.
    if (taken + hold.queued >= hold.maxCaptures) return { state, effects: [] };
    if (state.phase !== 'holding')
      return { state: { ...state, hold: { ...hold, queued: hold.queued + 1 } }, effects: [] };
    return nextCapture(state, atMs);
  }
  const ended = endHold(state, command.reason, atMs, 'error' in command ? command.error : undefined);
  // Mid-capture (or before the first one is in) clear waits for the capture to end.
  if (state.phase !== 'holding') return { state: ended, effects: [record(ended)] };
  return clearNow(ended, [], atMs);
}

/** Whether run.json should be written now: not once clear is done (the final record comes next). */
function recording(state: SequenceState): SequenceEffect[] {
  return state.phase === 'settling' || state.phase === 'recording' || state.phase === 'done'
    ? []
    : [record(state)];
}

/** A held capture's check came back. */
export function holdCaptureChecked(
  state: SequenceState,
  step: SequenceStepName,
  result: Result<CaptureCheck>,
): Transition {
  const next = updateCapture(state, step, (capture) => {
    const { captureCheck: _old, captureCheckError: _oldError, ...rest } = capture;
    return result.ok
      ? { ...rest, checking: false, captureCheck: result.value }
      : { ...rest, checking: false, captureCheckError: runErrorOf(result.error) };
  });
  return { state: next, effects: recording(next) };
}

/** The host's look at the foreground app at a held capture came back. */
export function holdObserved(
  state: SequenceState,
  step: SequenceStepName,
  observation: HostForegroundObservation,
): Transition {
  const next = updateCapture(state, step, (capture) => ({
    ...capture,
    observing: false,
    foreground: observation,
  }));
  return { state: next, effects: recording(next) };
}

/** The run:hold view of a held run, or null for a run that does not hold. */
export function holdView(state: SequenceState): SequenceHoldState | null {
  const hold = state.hold;
  if (hold === undefined) return null;
  const iso = (ms: number | undefined): string | undefined =>
    ms === undefined ? undefined : new Date(ms).toISOString();
  const startedAt = iso(hold.startedAtMs);
  const endsAt = iso(hold.endsAtMs);
  const reason =
    hold.endedBy === undefined
      ? undefined
      : holdEndText(hold.endedBy, hold.maxCaptures, hold.maxMs, hold.error);
  return {
    runId: state.record.runId,
    status: hold.phase,
    maxCaptures: hold.maxCaptures,
    maxMs: hold.maxMs,
    ...(startedAt === undefined ? {} : { startedAt }),
    ...(endsAt === undefined ? {} : { endsAt }),
    capturing: (state.captures ?? []).some((capture) => capture.taking),
    queued: hold.queued,
    captures: runCapturesOf(state.captures),
    ...(hold.endedBy === undefined ? {} : { endedBy: hold.endedBy }),
    ...(reason === undefined ? {} : { endedReason: reason }),
    ...(hold.error === undefined ? {} : { error: hold.error }),
  };
}
