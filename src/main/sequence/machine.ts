// The sequence run as a pure step function: (state, event) -> { state, effects }. The loop (loop.ts) performs the
// effects through ports and feeds their outcomes back as events; nothing here waits, reads a clock or touches I/O.
import type { PanelTransition } from '../../shared/agent/lease';
import type { ResultEnvelope } from '../../shared/envelope';
import type { AppError, HostFailure, Result } from '../../shared/errors';
import { applyPanelDefaults } from '../../shared/execution/defaults';
import type { Execution, SetOnScreenLogParams } from '../../shared/execution/types';
import { parseBounds } from '../../shared/geometry/bounds';
import type { CaptureCheck, CaptureCheckInput } from '../capture/types';
import type { RunCrashReport, RunLogExcerpt, RunRecord } from '../evidence/types';
import { withHostDetails } from '../execution/hostFailure';
import type { SequencePayloads } from './payloads';
import type { DeviceDescription } from './ports';
import { buildRunRecord, type RecordState } from './runRecord';
import { progressOf, sequenceStatus, stepFinished, stepSkipped, stepStarted } from './steps';
import type { SequenceProgress, SequenceResult, SequenceScreenshot, SequenceStepName } from './types';

export const SKIPPED_SCREENSHOT =
  'The set step failed, so there is no panel to capture. Clear still runs so no partly drawn panel stays on the device.';

/**
 * setting / shooting / clearing: that step is on the device. settling: clear is done, the description or capture
 * check is still out. recording: the final run.json is being flushed. done: the result is out.
 */
export type SequencePhase = 'setting' | 'shooting' | 'clearing' | 'settling' | 'recording' | 'done';

export interface SequenceState {
  phase: SequencePhase;
  serial: string;
  runPath: string;
  payloads: SequencePayloads;
  /** How long hello may take. */
  helloWaitMs: number;
  record: RecordState;
  /** The set step's data (the capture check reads its colours). */
  setData: Record<string, string>;
  screenshot?: SequenceScreenshot;
  describing: 'not_asked' | 'asked' | 'answered';
  checking: boolean;
  /** The device log around the run: read once clear has answered, before the final record. */
  logs: 'not_asked' | 'asked' | 'answered';
  captureCheckError?: AppError;
  evidenceError?: AppError;
}

/** A step's end: the envelope (and the stored screenshot of a screenshot step), or a host failure. */
export type StepOutcome = Result<
  { envelope: ResultEnvelope; panel?: PanelTransition; screenshot?: SequenceScreenshot & { file: string } },
  HostFailure
>;

/** Every event carries the loop's clock reading, so the step function stays pure. */
export type SequenceEvent =
  | { type: 'begin'; atMs: number }
  | { type: 'stepFinished'; step: SequenceStepName; outcome: StepOutcome; atMs: number }
  | { type: 'captured'; png: Uint8Array; appliedScale: number; atMs: number }
  | { type: 'captureChecked'; result: Result<CaptureCheck>; atMs: number }
  | { type: 'described'; description: DeviceDescription; atMs: number }
  | { type: 'logsRead'; excerpt: RunLogExcerpt; crashes?: RunCrashReport; atMs: number }
  | { type: 'recorded'; result: Result<void>; final: boolean; atMs: number }
  | { type: 'interfered'; error: AppError; atMs: number };

/** What the loop does, in the order given; only `send` waits for the device. */
export type SequenceEffect =
  | { type: 'announce'; progress: SequenceProgress }
  | { type: 'lease'; commandId: string }
  | { type: 'send'; step: SequenceStepName; execution: Execution }
  | { type: 'describe'; design: SetOnScreenLogParams; waitMs: number }
  | { type: 'checkCapture'; input: CaptureCheckInput }
  | { type: 'readLogs'; sinceMs: number }
  | { type: 'record'; record: RunRecord; final: boolean }
  | { type: 'finish'; result: SequenceResult };

export interface Transition {
  state: SequenceState;
  effects: SequenceEffect[];
}

function announce(state: SequenceState, name: SequenceStepName): SequenceEffect[] {
  const step = state.record.steps.find((candidate) => candidate.step === name);
  const progress = step === undefined ? null : progressOf(state.record.runId, step);
  return progress === null ? [] : [{ type: 'announce', progress }];
}

function record(state: SequenceState, final = false): SequenceEffect {
  return { type: 'record', record: buildRunRecord(state.record), final };
}

/** Puts `name` on the device: lease, announce, send (and hello right behind take_screenshot). */
function start(state: SequenceState, name: SequenceStepName, atMs: number): Transition {
  const execution = state.payloads[name];
  const next: SequenceState = {
    ...state,
    phase: name === 'set' ? 'setting' : name === 'screenshot' ? 'shooting' : 'clearing',
    record: { ...state.record, steps: stepStarted(state.record.steps, name, execution, atMs) },
  };
  const effects: SequenceEffect[] = [
    { type: 'lease', commandId: execution.commandId },
    ...announce(next, name),
    { type: 'send', step: name, execution },
  ];
  // hello travels on the same stream right behind take_screenshot, while the host captures over its own stream.
  if (name === 'screenshot') return ask(next, effects);
  return { state: next, effects };
}

function ask(state: SequenceState, effects: SequenceEffect[]): Transition {
  return {
    state: { ...state, describing: 'asked' },
    effects: [...effects, { type: 'describe', design: state.record.design, waitMs: state.helloWaitMs }],
  };
}

function finishStep(state: SequenceState, name: SequenceStepName, outcome: StepOutcome, atMs: number) {
  const step = state.record.steps.find((candidate) => candidate.step === name);
  const execution = state.payloads[name];
  const startedAtMs = step?.startedAt === undefined ? atMs : Date.parse(step.startedAt);
  const finished: Result<ResultEnvelope> = outcome.ok
    ? { ok: true, value: outcome.value.envelope }
    : {
        ok: false,
        error: withHostDetails(outcome.error, {
          commandId: execution.commandId,
          taskId: execution.taskId,
          deviceId: state.serial,
          startedAtMs,
          clock: { now: () => atMs },
        }),
      };
  const next: SequenceState = {
    ...state,
    record: { ...state.record, steps: stepFinished(state.record.steps, name, finished, atMs) },
  };
  return { next, effects: [...announce(next, name), record(next)] };
}

function onSetFinished(state: SequenceState, outcome: StepOutcome, atMs: number): Transition {
  const { next, effects } = finishStep(state, 'set', outcome, atMs);
  const first = outcome.ok ? outcome.value.envelope.stepResults[0] : undefined;
  const succeeded = outcome.ok && outcome.value.envelope.status === 'success' && first?.success === true;
  if (!succeeded) {
    const skipped: SequenceState = {
      ...next,
      record: { ...next.record, steps: stepSkipped(next.record.steps, 'screenshot', SKIPPED_SCREENSHOT) },
    };
    // Clear runs whatever happened: a failed set may still have left a panel.
    const clearing = start(skipped, 'clear', atMs);
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
    },
    'screenshot',
    atMs,
  );
  return { state: shooting.state, effects: [...effects, ...shooting.effects] };
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
  const { next, effects } = finishStep(shot, 'screenshot', outcome, atMs);
  // A failed capture must not leave the panel on the device either.
  const clearing = start(next, 'clear', atMs);
  return { state: clearing.state, effects: [...effects, ...clearing.effects] };
}

/**
 * The panel clear found must be the one set drew: the capture came between them, so a different generation means
 * the picture may show another panel (another caller's, a redraw, or none), whatever its colours.
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

/** Notes the first interference the device reported; the run will be failed. */
function interfere(state: SequenceState, error: AppError): SequenceState {
  return state.record.interference === undefined
    ? { ...state, record: { ...state.record, interference: error } }
    : state;
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

/** Once clear, the description, the capture check and the log are all in: the final record, flushed. */
function settle(state: SequenceState, atMs: number): Transition {
  if (
    state.phase !== 'settling' ||
    state.describing !== 'answered' ||
    state.checking ||
    state.logs !== 'answered'
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
  const { record: run } = state;
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
  };
}

function onCaptured(state: SequenceState, png: Uint8Array, appliedScale: number): Transition {
  const bounds = state.record.reportedBounds;
  if (bounds === undefined) return { state, effects: [] };
  const defaults = applyPanelDefaults(state.record.design);
  const input: CaptureCheckInput = {
    png,
    bounds,
    backgroundColor: state.setData.background_color ?? defaults.backgroundColor,
    textColor: state.setData.text_color ?? defaults.textColor,
    screenScale: appliedScale / 100,
  };
  // The check starts as soon as the pixels are on the host, while the file is written and clear runs.
  return { state: { ...state, checking: true }, effects: [{ type: 'checkCapture', input }] };
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
      if (event.step === 'screenshot') return onScreenshotFinished(state, event.outcome, event.atMs);
      return onClearFinished(state, event.outcome, event.atMs);
    case 'captured':
      return onCaptured(state, event.png, event.appliedScale);
    case 'captureChecked': {
      const checked: SequenceState = event.result.ok
        ? { ...state, checking: false, record: { ...state.record, captureCheck: event.result.value } }
        : { ...state, checking: false, captureCheckError: event.result.error };
      return settle(checked, event.atMs);
    }
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
    case 'interfered':
      // After clear the device is free again: what happens then says nothing about this run's evidence.
      if (state.phase === 'settling' || state.phase === 'recording' || state.phase === 'done')
        return { state, effects: [] };
      return { state: interfere(state, event.error), effects: [record(interfere(state, event.error))] };
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
