// The sequence machine's state, events and effects, and the transitions every phase shares (start a step, finish
// it, note interference). machine.ts composes them into the step function; hold.ts adds the held panel. Pure.
import type { PanelTransition } from '../../shared/agent/lease';
import type { HoldEnd, HostForegroundObservation, RunCapture } from '../../shared/api/evidence';
import type { ResultEnvelope } from '../../shared/envelope';
import type { AppError, HostFailure, Result } from '../../shared/errors';
import type { Execution, SetOnScreenLogParams } from '../../shared/execution/types';
import type { CaptureCheck, CaptureCheckInput } from '../capture/types';
import type { RunCrashReport, RunLogExcerpt, RunRecord } from '../evidence/types';
import { withHostDetails } from '../execution/hostFailure';
import { sequenceCommandId, type SequencePayloads } from './payloads';
import type { DeviceDescription } from './ports';
import { buildRunRecord, type RecordState } from './runRecord';
import { progressOf, stepAdded, stepFinished, stepStarted } from './steps';
import type { SequenceProgress, SequenceResult, SequenceScreenshot, SequenceStepName } from './types';

/**
 * setting / shooting / clearing: that step is on the device. holding: the panel stays up between captures.
 * settling: clear is done, the description, capture checks, observations or logs are still out. recording: the
 * final run.json is being flushed. done: the result is out.
 */
export type SequencePhase =
  'setting' | 'shooting' | 'holding' | 'clearing' | 'settling' | 'recording' | 'done';

/** One capture as the machine follows it: what run.json records, and what is still out for it. */
export interface CaptureState extends RunCapture {
  /** Its take_screenshot is on the device or its pixels on their way (not yet in run.json). */
  taking: boolean;
  checking: boolean;
  observing: boolean;
}

/** A held panel: its bounds, when it began and ends, queued capture requests, and why it ended. */
export interface HoldState {
  maxCaptures: number;
  maxMs: number;
  /** waiting: asked for, the first capture not yet in; holding: the panel stays up; ended: clear is next. */
  phase: 'waiting' | 'holding' | 'ended';
  startedAtMs?: number;
  endsAtMs?: number;
  /** Capture requests that arrived while a capture was on its way. */
  queued: number;
  endedBy?: HoldEnd;
  endedAtMs?: number;
  /** The failure that ended the hold. */
  error?: AppError;
}

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
  /** The first capture's check is out. */
  checking: boolean;
  /** The device log around the run: read once clear has answered, before the final record. */
  logs: 'not_asked' | 'asked' | 'answered';
  captureCheckError?: AppError;
  evidenceError?: AppError;
  /** Present when the request asked to hold the panel. */
  hold?: HoldState;
  /** A held run's captures (the first included), in order. */
  captures?: CaptureState[];
}

/** A step's end: the envelope (and the stored screenshot of a screenshot step), or a host failure. */
export type StepOutcome = Result<
  { envelope: ResultEnvelope; panel?: PanelTransition; screenshot?: SequenceScreenshot & { file: string } },
  HostFailure
>;

/** What the user (or the console) asks of a held panel. */
export type HoldCommand = { type: 'capture' } | { type: 'end'; reason: 'user' | 'closed' };

/** Every event carries the loop's clock reading, so the step function stays pure. */
export type SequenceEvent =
  | { type: 'begin'; atMs: number }
  | { type: 'stepFinished'; step: SequenceStepName; outcome: StepOutcome; atMs: number }
  | { type: 'captured'; step: SequenceStepName; png: Uint8Array; appliedScale: number; atMs: number }
  | { type: 'captureChecked'; step: SequenceStepName; result: Result<CaptureCheck>; atMs: number }
  | { type: 'observed'; step: SequenceStepName; observation: HostForegroundObservation; atMs: number }
  | { type: 'described'; description: DeviceDescription; atMs: number }
  | { type: 'logsRead'; excerpt: RunLogExcerpt; crashes?: RunCrashReport; atMs: number }
  | { type: 'hold'; command: HoldCommand; atMs: number }
  | { type: 'holdExpired'; atMs: number }
  | { type: 'deviceLost'; error: AppError; atMs: number }
  | { type: 'recorded'; result: Result<void>; final: boolean; atMs: number }
  | { type: 'interfered'; error: AppError; atMs: number };

/** What the loop does, in the order given; only `send` waits for the device. */
export type SequenceEffect =
  | { type: 'announce'; progress: SequenceProgress }
  | { type: 'lease'; commandId: string }
  | { type: 'send'; step: SequenceStepName; execution: Execution }
  | { type: 'describe'; design: SetOnScreenLogParams; waitMs: number }
  | { type: 'checkCapture'; step: SequenceStepName; input: CaptureCheckInput }
  | { type: 'observe'; step: SequenceStepName }
  | { type: 'readLogs'; sinceMs: number }
  | { type: 'holdTimer'; atMs: number }
  | { type: 'record'; record: RunRecord; final: boolean }
  | { type: 'finish'; result: SequenceResult };

export interface Transition {
  state: SequenceState;
  effects: SequenceEffect[];
}

/** The run.json form of a held run's captures: finished ones, without what the machine follows. */
export function runCapturesOf(captures: readonly CaptureState[] | undefined): RunCapture[] {
  return (captures ?? [])
    .filter((capture) => !capture.taking)
    .map(({ taking: _taking, checking: _checking, observing: _observing, ...capture }) => capture);
}

/** The run.json content of a state: the record plus a held run's hold and captures. */
export function recordStateOf(state: SequenceState): RecordState {
  const { hold } = state;
  if (hold === undefined) return state.record;
  const iso = (ms: number | undefined): string | undefined =>
    ms === undefined ? undefined : new Date(ms).toISOString();
  const startedAt = iso(hold.startedAtMs);
  const endedAt = iso(hold.endedAtMs);
  return {
    ...state.record,
    hold: {
      maxCaptures: hold.maxCaptures,
      maxMs: hold.maxMs,
      ...(startedAt === undefined ? {} : { startedAt }),
      ...(endedAt === undefined ? {} : { endedAt }),
      ...(hold.endedBy === undefined ? {} : { endedBy: hold.endedBy }),
      ...(hold.error === undefined ? {} : { error: runErrorOf(hold.error) }),
    },
    captures: runCapturesOf(state.captures),
  };
}

/** An error as run.json keeps it. */
export function runErrorOf(error: AppError): {
  code: string;
  message: string;
  details?: Record<string, unknown>;
} {
  return {
    code: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}

export function announce(state: SequenceState, name: SequenceStepName): SequenceEffect[] {
  const step = state.record.steps.find((candidate) => candidate.step === name);
  const progress = step === undefined ? null : progressOf(state.record.runId, step);
  return progress === null ? [] : [{ type: 'announce', progress }];
}

export function record(state: SequenceState, final = false): SequenceEffect {
  return { type: 'record', record: buildRunRecord(recordStateOf(state)), final };
}

/** The execution of step `name`: a held panel's later captures repeat take_screenshot under their own commandId. */
export function executionOf(state: SequenceState, name: SequenceStepName): Execution {
  if (name === 'set' || name === 'screenshot' || name === 'clear') return state.payloads[name];
  return { ...state.payloads.screenshot, commandId: sequenceCommandId(state.record.runId, name) };
}

function phaseOf(name: SequenceStepName): SequencePhase {
  return name === 'set' ? 'setting' : name === 'clear' ? 'clearing' : 'shooting';
}

/** Puts `name` on the device: lease, announce, send (and hello right behind the first take_screenshot). */
export function start(state: SequenceState, name: SequenceStepName, atMs: number): Transition {
  const execution = executionOf(state, name);
  const steps = state.record.steps.some((step) => step.step === name)
    ? state.record.steps
    : stepAdded(state.record.steps, name);
  const next: SequenceState = {
    ...state,
    phase: phaseOf(name),
    record: { ...state.record, steps: stepStarted(steps, name, execution, atMs) },
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

export function ask(state: SequenceState, effects: SequenceEffect[]): Transition {
  return {
    state: { ...state, describing: 'asked' },
    effects: [...effects, { type: 'describe', design: state.record.design, waitMs: state.helloWaitMs }],
  };
}

/** Records a step's end (its envelope or the host failure with the run's details) and announces it. */
export function finishStep(
  state: SequenceState,
  name: SequenceStepName,
  outcome: StepOutcome,
  atMs: number,
): { next: SequenceState; effects: SequenceEffect[] } {
  const step = state.record.steps.find((candidate) => candidate.step === name);
  const execution = executionOf(state, name);
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

/** Notes the first interference the device reported; the run will be failed. */
export function interfere(state: SequenceState, error: AppError): SequenceState {
  return state.record.interference === undefined
    ? { ...state, record: { ...state.record, interference: error } }
    : state;
}

/** Replaces capture `step`'s state. */
export function updateCapture(
  state: SequenceState,
  step: SequenceStepName,
  update: (capture: CaptureState) => CaptureState,
): SequenceState {
  if (state.captures === undefined) return state;
  return {
    ...state,
    captures: state.captures.map((capture) => (capture.step === step ? update(capture) : capture)),
  };
}
