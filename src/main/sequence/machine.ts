// The sequence run as a pure step function: (state, event) -> { state, effects }. The loop (loop.ts) performs the
// effects through ports and feeds their outcomes back as events; nothing here waits, reads a clock or touches I/O.
// machineState.ts holds the state and the shared transitions; hold.ts the held panel's.
import type { AppError, Result } from '../../shared/errors';
import { applyPanelDefaults } from '../../shared/execution/defaults';
import { parseBounds } from '../../shared/geometry/bounds';
import type { CaptureCheck, CaptureCheckInput } from '../capture/types';
import {
  captureFinished,
  capturesSettled,
  endHold,
  holdCaptureChecked,
  holdCommand,
  holdObserved,
  takingCapture,
} from './hold';
import {
  announce,
  ask,
  finishStep,
  interfere,
  record,
  recordStateOf,
  start,
  type SequenceEffect,
  type SequenceEvent,
  type SequenceState,
  type StepOutcome,
  type Transition,
} from './machineState';
import type { RecordState } from './runRecord';
import { sequenceStatus, stepSkipped } from './steps';
import type { SequenceResult, SequenceStepName } from './types';

export type {
  CaptureState,
  HoldCommand,
  HoldState,
  SequenceEffect,
  SequenceEvent,
  SequencePhase,
  SequenceState,
  StepOutcome,
  Transition,
} from './machineState';

export const SKIPPED_SCREENSHOT =
  'The set step failed, so there is no panel to capture. Clear still runs so no partly drawn panel stays on the device.';

function onSetFinished(state: SequenceState, outcome: StepOutcome, atMs: number): Transition {
  const { next, effects } = finishStep(state, 'set', outcome, atMs);
  const first = outcome.ok ? outcome.value.envelope.stepResults[0] : undefined;
  const succeeded = outcome.ok && outcome.value.envelope.status === 'success' && first?.success === true;
  if (!succeeded) {
    const skipped: SequenceState = {
      ...next,
      record: { ...next.record, steps: stepSkipped(next.record.steps, 'screenshot', SKIPPED_SCREENSHOT) },
    };
    // A held run whose set failed holds nothing: the hold ends before it began.
    const ended = skipped.hold === undefined ? skipped : endHold(skipped, 'failure', atMs, setError(next));
    // Clear runs whatever happened: a failed set may still have left a panel.
    const clearing = start(ended, 'clear', atMs);
    return {
      state: clearing.state,
      effects: [...effects, ...announce(skipped, 'screenshot'), ...clearing.effects],
    };
  }
  const setData = first?.data ?? {};
  const reported = parseBounds(setData.bounds ?? '');
  const drawn = outcome.value.panel?.after.generation;
  const shooting = start(
    {
      ...next,
      setData,
      record: {
        ...next.record,
        ...(reported === null ? {} : { reportedBounds: reported }),
        ...(drawn === undefined ? {} : { panelGeneration: { set: drawn } }),
      },
      ...(next.captures === undefined ? {} : { captures: [takingCapture('screenshot', 1)] }),
    },
    'screenshot',
    atMs,
  );
  return { state: shooting.state, effects: [...effects, ...shooting.effects] };
}

/** The set step's failure, for a hold that ends before it began. */
function setError(state: SequenceState): AppError | undefined {
  const set = state.record.steps.find((step) => step.step === 'set');
  return set?.error;
}

function onScreenshotFinished(state: SequenceState, outcome: StepOutcome, atMs: number): Transition {
  const written = outcome.ok ? outcome.value.screenshot : undefined;
  let shot = state;
  if (written !== undefined) {
    const { file, ...screenshot } = written;
    shot = {
      ...state,
      screenshot,
      record: {
        ...state.record,
        screenshot: {
          file,
          widthPx: screenshot.widthPx,
          heightPx: screenshot.heightPx,
          capturedAt: new Date(atMs).toISOString(),
        },
      },
    };
  }
  if (shot.hold !== undefined) return captureFinished(shot, 'screenshot', outcome, atMs);
  const { next, effects } = finishStep(shot, 'screenshot', outcome, atMs);
  // A failed capture must not leave the panel on the device either.
  const clearing = start(next, 'clear', atMs);
  return { state: clearing.state, effects: [...effects, ...clearing.effects] };
}

/**
 * The panel clear found must be the one set drew: the capture came between them, so a different generation means
 * the picture may show another panel (another caller's, a redraw, or none), whatever its colours. A held panel's
 * generation at clear vouches for every capture of the hold: generations only grow.
 */
function checkGeneration(state: SequenceState, outcome: StepOutcome): SequenceState {
  const drawn = state.record.panelGeneration;
  const found = outcome.ok ? outcome.value.panel?.before : undefined;
  if (drawn === undefined || found === undefined) return state;
  const record = { ...state.record, panelGeneration: { ...drawn, beforeClear: found.generation } };
  if (found.generation === drawn.set) return { ...state, record };
  const interference: AppError = {
    code: 'EVIDENCE_PANEL_REPLACED',
    message:
      `The Operator showed panel generation ${found.generation} when clear began, not generation ${drawn.set} ` +
      'that this run drew: the capture may show another panel (another caller replaced it, a configuration ' +
      'change redrew it, or it expired). Rerun the sequence.',
    details: { drawnGeneration: drawn.set, shownGeneration: found.generation, shownVisible: found.visible },
  };
  return interfere({ ...state, record }, interference);
}

/** Failed when any step failed or the device reported interference. */
function statusOf(record: RecordState): 'succeeded' | 'failed' {
  return record.interference === undefined ? sequenceStatus(record.steps) : 'failed';
}

function onClearFinished(state: SequenceState, outcome: StepOutcome, atMs: number): Transition {
  const { next, effects } = finishStep(checkGeneration(state, outcome), 'clear', outcome, atMs);
  // The device log of the run's window is read now, off the Operator's stream, from shortly before set went out.
  const set = next.record.steps.find((step) => step.step === 'set');
  const sinceMs = set?.startedAt === undefined ? atMs : Date.parse(set.startedAt);
  const settling: SequenceState = { ...next, phase: 'settling', logs: 'asked' };
  const reading: SequenceEffect[] = [...effects, { type: 'readLogs', sinceMs }];
  // Without a screenshot step the description is asked for once the panel is gone.
  const asked =
    settling.describing === 'not_asked' ? ask(settling, reading) : { state: settling, effects: reading };
  const settled = settle(asked.state, atMs);
  return { state: settled.state, effects: [...asked.effects, ...settled.effects] };
}

/** Once clear, the description, the capture checks and the log are all in: the final record, flushed. */
export function settle(state: SequenceState, atMs: number): Transition {
  if (
    state.phase !== 'settling' ||
    state.describing !== 'answered' ||
    state.checking ||
    state.logs !== 'answered' ||
    !capturesSettled(state)
  )
    return { state, effects: [] };
  let next: SequenceState = state;
  if (state.screenshot === undefined) {
    // The check started as the pixels arrived; without a stored screenshot it has nothing to vouch for.
    const { captureCheck: _unstored, ...rest } = state.record;
    const { captureCheckError: _unchecked, ...withoutError } = state;
    next = { ...withoutError, record: rest };
  }
  const status = statusOf(next.record);
  next = {
    ...next,
    phase: 'recording',
    record: { ...next.record, status, finishedAt: new Date(atMs).toISOString() },
  };
  return { state: next, effects: [record(next, true)] };
}

/** The caller's result, from the final state. */
export function resultOf(state: SequenceState): SequenceResult {
  const run = recordStateOf(state);
  return {
    runId: run.runId,
    serial: state.serial,
    runPath: state.runPath,
    status: statusOf(run),
    steps: [...run.steps],
    ...(state.screenshot === undefined ? {} : { screenshot: state.screenshot }),
    ...(run.captureCheck === undefined ? {} : { captureCheck: run.captureCheck }),
    ...(run.reportedBounds === undefined ? {} : { reportedBounds: run.reportedBounds }),
    ...(run.predictedBounds === undefined ? {} : { predictedBounds: run.predictedBounds }),
    ...(state.captureCheckError === undefined ? {} : { captureCheckError: state.captureCheckError }),
    ...(state.evidenceError === undefined ? {} : { evidenceError: state.evidenceError }),
    ...(run.lease === undefined ? {} : { lease: run.lease }),
    ...(run.interference === undefined ? {} : { interference: run.interference }),
    ...(run.panelGeneration === undefined ? {} : { panelGeneration: run.panelGeneration }),
    ...(run.logExcerpt === undefined ? {} : { logExcerpt: run.logExcerpt }),
    ...(run.crashes === undefined ? {} : { crashes: run.crashes }),
    ...(run.hold === undefined ? {} : { hold: run.hold }),
    ...(run.captures === undefined ? {} : { captures: run.captures }),
  };
}

/** The capture check's input for pixels of the run's panel, or null without reported bounds. */
export function checkInput(
  state: SequenceState,
  png: Uint8Array,
  appliedScale: number,
): CaptureCheckInput | null {
  const bounds = state.record.reportedBounds;
  if (bounds === undefined) return null;
  const defaults = applyPanelDefaults(state.record.design);
  return {
    png,
    bounds,
    backgroundColor: state.setData.background_color ?? defaults.backgroundColor,
    textColor: state.setData.text_color ?? defaults.textColor,
    screenScale: appliedScale / 100,
  };
}

function onCaptured(
  state: SequenceState,
  step: SequenceStepName,
  png: Uint8Array,
  appliedScale: number,
): Transition {
  const input = checkInput(state, png, appliedScale);
  // A held run looks at the foreground app as each capture's pixels arrive (a host observation at capture time).
  const held = state.hold !== undefined;
  const observe: SequenceEffect[] = held ? [{ type: 'observe', step }] : [];
  const next: SequenceState = {
    ...state,
    ...(input !== null && step === 'screenshot' ? { checking: true } : {}),
    ...(state.captures === undefined
      ? {}
      : {
          captures: state.captures.map((capture) =>
            capture.step === step ? { ...capture, checking: input !== null, observing: held } : capture,
          ),
        }),
  };
  // The check starts as soon as the pixels are on the host, while the file is written and clear runs.
  const check: SequenceEffect[] = input === null ? [] : [{ type: 'checkCapture', step, input }];
  return { state: next, effects: [...check, ...observe] };
}

function onCaptureChecked(
  state: SequenceState,
  step: SequenceStepName,
  result: Result<CaptureCheck>,
  atMs: number,
): Transition {
  let checked = state;
  if (step === 'screenshot')
    checked = result.ok
      ? { ...state, checking: false, record: { ...state.record, captureCheck: result.value } }
      : { ...state, checking: false, captureCheckError: result.error };
  if (checked.hold === undefined) return settle(checked, atMs);
  return settled(holdCaptureChecked(checked, step, result), atMs);
}

/** `transition`, then the final record if that was the last thing the run waited for. */
function settled(transition: Transition, atMs: number): Transition {
  const next = settle(transition.state, atMs);
  return { state: next.state, effects: [...transition.effects, ...next.effects] };
}

/** The step function: every transition of a run. */
export function stepSequence(state: SequenceState, event: SequenceEvent): Transition {
  switch (event.type) {
    case 'begin': {
      // run.json shows the run (and set on its way) before the device answers.
      const setting = start(state, 'set', event.atMs);
      return { state: setting.state, effects: [record(setting.state), ...setting.effects] };
    }
    case 'stepFinished':
      if (event.step === 'set') return onSetFinished(state, event.outcome, event.atMs);
      if (event.step === 'clear') return onClearFinished(state, event.outcome, event.atMs);
      if (event.step === 'screenshot') return onScreenshotFinished(state, event.outcome, event.atMs);
      return captureFinished(state, event.step, event.outcome, event.atMs);
    case 'captured':
      return onCaptured(state, event.step, event.png, event.appliedScale);
    case 'captureChecked':
      return onCaptureChecked(state, event.step, event.result, event.atMs);
    case 'observed':
      return settled(holdObserved(state, event.step, event.observation), event.atMs);
    case 'described': {
      const { device, context, predictedBounds } = event.description;
      const described: SequenceState = {
        ...state,
        describing: 'answered',
        record: {
          ...state.record,
          device,
          ...(context === undefined ? {} : { context }),
          ...(predictedBounds === undefined ? {} : { predictedBounds }),
        },
      };
      return settle(described, event.atMs);
    }
    case 'logsRead':
      return settle(
        {
          ...state,
          logs: 'answered',
          record: {
            ...state.record,
            logExcerpt: event.excerpt,
            ...(event.crashes === undefined ? {} : { crashes: event.crashes }),
          },
        },
        event.atMs,
      );
    case 'hold':
      return holdCommand(state, event.command, event.atMs);
    case 'holdExpired':
      return holdCommand(state, { type: 'end', reason: 'max_duration' }, event.atMs);
    case 'deviceLost':
      return holdCommand(state, { type: 'end', reason: 'failure', error: event.error }, event.atMs);
    case 'interfered': {
      // After clear the device is free again: what happens then says nothing about this run's evidence.
      if (state.phase === 'settling' || state.phase === 'recording' || state.phase === 'done')
        return { state, effects: [] };
      const interfered = interfere(state, event.error);
      if (interfered.hold !== undefined)
        return holdCommand(
          interfered,
          { type: 'end', reason: 'interference', error: event.error },
          event.atMs,
        );
      return { state: interfered, effects: [record(interfered)] };
    }
    case 'recorded': {
      const noted: SequenceState =
        event.result.ok || state.evidenceError !== undefined
          ? state
          : { ...state, evidenceError: event.result.error };
      if (!event.final) return { state: noted, effects: [] };
      const done: SequenceState = { ...noted, phase: 'done' };
      const result = resultOf(done);
      // Evidence that could not be finalized fails the run, whatever its steps did (issue 13 §7).
      const finished = event.result.ok ? result : { ...result, status: 'failed' as const };
      return { state: done, effects: [{ type: 'finish', result: finished }] };
    }
  }
}
