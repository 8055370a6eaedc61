// The small loop that drives the step function: it performs each effect through the ports and feeds the outcome
// back as an event, one event at a time, until the machine says finish.
import { basename } from 'node:path';
import { fail, hostFailure, ok, type AppError, type Result } from '../../shared/errors';
import type { RunCrashReport, RunLogExcerpt } from '../../shared/api/evidence';
import { CRASHES_NOT_READ } from '../logcat/excerpt';
import type { Execution } from '../../shared/execution/types';
import { envelopeWaitMs } from '../execution/dispatch';
import type { Clock } from '../execution/types';
import { finalizeScreenshots } from '../execution/screenshotSteps';
import { captureFileName } from './adbPorts';
import { holdView } from './hold';
import {
  stepSequence,
  type HoldCommand,
  type SequenceEffect,
  type SequenceEvent,
  type SequenceState,
  type StepOutcome,
} from './machine';
import type { SequencePorts } from './ports';
import type { SequenceHoldState, SequenceProgress, SequenceResult, SequenceStepName } from './types';

/** How often a held panel's device is looked for (adb devices): a device gone ends the hold within this time. */
export const HOLD_PRESENCE_EVERY_MS = 1000;

/** The loop's own needs besides the ports: the clock, the lease, and the progress listener. */
export interface LoopContext {
  clock: Clock;
  /** Records which execution now runs under the run's lease. */
  lease(commandId: string): void;
  /** Called synchronously for every step event; a listener that throws is ignored. */
  onProgress?: (event: SequenceProgress) => void;
  /** Subscribes to what the device reports against the run while it runs (a refused lease renewal). */
  onInterference?: (listener: (error: AppError) => void) => void;
  /** Subscribes to capture and release requests of a held run. */
  onHoldCommand?: (listener: (command: HoldCommand) => void) => void;
  /** Called after every change of a held run (a listener that throws is ignored). */
  onHoldChanged?: (view: SequenceHoldState) => void;
}

/** Runs the machine from `initial` to its result. Effects start in the order the machine lists them. */
export function driveSequence(
  initial: SequenceState,
  ports: SequencePorts,
  context: LoopContext,
): Promise<SequenceResult> {
  return new Promise((resolve) => {
    let state = initial;
    let shownHold = '';
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const post = (event: SequenceEvent): void => {
      const transition = stepSequence(state, event);
      state = transition.state;
      for (const effect of transition.effects) perform(effect);
      tellHold();
    };
    const tellHold = (): void => {
      const view = holdView(state);
      const text = view === null ? '' : JSON.stringify(view);
      if (view === null || text === shownHold) return;
      shownHold = text;
      try {
        context.onHoldChanged?.(view);
      } catch {
        // As for progress: a listener gone away must not stop the run or leave the panel up.
      }
    };
    const later = (delayMs: number, work: () => void): void => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          work();
        },
        Math.max(0, delayMs),
      );
      timers.add(timer);
    };
    // A held panel's device is looked for while nothing else talks to it: unplugged, the hold ends and clear runs.
    const watch = (): void => {
      later(HOLD_PRESENCE_EVERY_MS, () => {
        if (state.phase === 'done' || state.phase === 'recording') return;
        if (state.phase !== 'holding') return watch();
        void attempt(() => ports.presence.state())
          .catch(() => 'unknown')
          .then((adbState) => {
            if (adbState !== 'device' && adbState !== 'unknown' && state.phase === 'holding')
              post({ type: 'deviceLost', error: deviceGone(state, adbState), atMs: at() });
            watch();
          });
      });
    };
    const at = (): number => context.clock.now();
    const perform = (effect: SequenceEffect): void => {
      switch (effect.type) {
        case 'announce':
          try {
            context.onProgress?.(effect.progress);
          } catch {
            // A failing listener (a closed window, a dropped SSE client) must not stop the run or leave a panel.
          }
          return;
        case 'lease':
          context.lease(effect.commandId);
          return;
        case 'send':
          void send(effect.step, effect.execution, ports, post, at).then((outcome) =>
            post({ type: 'stepFinished', step: effect.step, outcome, atMs: at() }),
          );
          return;
        case 'describe':
          void attempt(() => ports.description.describe(effect.design, effect.waitMs))
            .catch(() => ({ device: state.record.device }))
            .then((description) => post({ type: 'described', description, atMs: at() }));
          return;
        case 'checkCapture':
          void attempt(() => ports.captureCheck.check(effect.input))
            .catch((error: unknown) => internal('The capture check failed', error))
            .then((result) => post({ type: 'captureChecked', step: effect.step, result, atMs: at() }));
          return;
        case 'observe':
          void attempt(() => ports.foreground.observe())
            .catch((error: unknown) => ({
              source: 'host_dumpsys' as const,
              observedAt: new Date(at()).toISOString(),
              status: 'failed' as const,
              error: { code: 'INTERNAL_ERROR', message: `The foreground app was not read: ${String(error)}` },
            }))
            .then((observation) => post({ type: 'observed', step: effect.step, observation, atMs: at() }));
          return;
        case 'holdTimer':
          later(effect.atMs - at(), () => post({ type: 'holdExpired', atMs: at() }));
          return;
        case 'readLogs':
          void readLogs(effect.sinceMs, ports).then(({ excerpt, crashes }) =>
            post({ type: 'logsRead', excerpt, crashes, atMs: at() }),
          );
          return;
        case 'record':
          void attempt(() => ports.evidence.writeRecord(effect.record, { durable: effect.final }))
            .catch((error: unknown) => internal('run.json was not written', error))
            .then((result) => post({ type: 'recorded', result, final: effect.final, atMs: at() }));
          return;
        case 'finish':
          for (const timer of timers) clearTimeout(timer);
          timers.clear();
          resolve(effect.result);
          return;
      }
    };
    context.onInterference?.((error) => post({ type: 'interfered', error, atMs: at() }));
    context.onHoldCommand?.((command) => post({ type: 'hold', command, atMs: at() }));
    if (initial.hold !== undefined) watch();
    post({ type: 'begin', atMs: at() });
  });
}

/** The log excerpt, stored in the run folder when it has entries; a port that throws leaves a failed excerpt. */
async function readLogs(
  sinceMs: number,
  ports: SequencePorts,
): Promise<{ excerpt: RunLogExcerpt; crashes: RunCrashReport }> {
  try {
    const { excerpt, text, crashes = CRASHES_NOT_READ } = await ports.logs.read(sinceMs);
    if (text === '') return { excerpt, crashes };
    const written = await ports.evidence.writeLogExcerpt(text);
    if (written.ok) return { excerpt: { ...excerpt, file: written.value.file }, crashes };
    const { code, message, details } = written.error;
    return {
      crashes,
      excerpt: {
        ...excerpt,
        status: 'failed',
        error: { code, message, ...(details === undefined ? {} : { details }) },
      },
    };
  } catch (error) {
    return {
      crashes: CRASHES_NOT_READ,
      excerpt: {
        status: 'failed',
        entries: 0,
        limitReached: false,
        redactions: 0,
        error: {
          code: 'INTERNAL_ERROR',
          message: `The device log was not read: ${error instanceof Error ? error.message : String(error)}`,
        },
        caveats: [],
      },
    };
  }
}

/** DEVICE_OFFLINE for a held panel's device that adb no longer lists as a device. */
function deviceGone(state: SequenceState, adbState: string): AppError {
  const kept = (state.captures ?? []).filter((capture) => capture.status === 'succeeded').length;
  return {
    code: 'DEVICE_OFFLINE',
    message:
      `${state.serial} went ${adbState === 'absent' ? 'away' : adbState} while the panel was held: the hold ended ` +
      `and ${kept} capture${kept === 1 ? ' is' : 's are'} kept in ${state.runPath}. Reconnect the device; the ` +
      'panel expires by itself at its ttlMs if clear could not reach it.',
    details: { serial: state.serial, adbState, reason: 'device_lost', capturesKept: kept },
  };
}

/** Calls `work` now; a port that throws synchronously rejects instead of breaking the loop. */
function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function internal(what: string, error: unknown): Result<never> {
  return fail('INTERNAL_ERROR', `${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * One execution on the device; a take_screenshot step is then captured by the host, its pixels announced as they
 * arrive (the capture check starts on them), and stored in the run folder (flushed: it is evidence).
 */
async function send(
  step: SequenceStepName,
  execution: Execution,
  ports: SequencePorts,
  post: (event: SequenceEvent) => void,
  at: () => number,
): Promise<StepOutcome> {
  // One budget per execution, from its start: the Operator's answer and the host capture share timeoutMs + 5000.
  const deadlineMs = Date.now() + envelopeWaitMs(execution);
  const remainingMs = (): number => Math.max(0, deadlineMs - Date.now());
  try {
    const dispatched = await ports.operator.execute(execution);
    if (!dispatched.ok) return dispatched;
    const { envelope, panel } = dispatched.value;
    const finalized = await finalizeScreenshots(envelope, execution, {
      capture: (scale) => ports.screen.capture(scale, Math.min(execution.timeoutMs, remainingMs())),
      persist: async (capture) => {
        post({ type: 'captured', step, png: capture.png, appliedScale: capture.appliedScale, atMs: at() });
        const written = await ports.evidence.writeScreenshot(capture.png, captureFileName(step));
        return written.ok ? ok({ path: written.value.path, persistedAtMs: at() }) : written;
      },
    });
    const shot = finalized.screenshot;
    return ok({
      envelope: finalized.envelope,
      ...(panel === undefined ? {} : { panel }),
      ...(shot === undefined
        ? {}
        : {
            screenshot: {
              path: shot.path,
              file: basename(shot.path),
              widthPx: shot.capture.widthPx,
              heightPx: shot.capture.heightPx,
            },
          }),
    });
  } catch (error) {
    // A port that throws (it should answer with a value) still ends the step, so clear runs.
    return {
      ok: false,
      error: hostFailure(
        'INTERNAL_ERROR',
        `The ${execution.actions[0]?.type ?? 'execution'} step failed on the host: ${error instanceof Error ? error.message : String(error)}`,
        { phase: 'dispatch', dispatchState: 'unknown' },
      ),
    };
  }
}
