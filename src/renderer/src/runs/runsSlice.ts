// Runs and results: Set panel / Clear panel (execution:run), Take screenshot (screenshot:capture), Run sequence
// (sequence:run on one or several devices, followed live through run:progress), Run and hold (the same, the panel
// kept up for more captures through sequence:capture until sequence:release, followed through run:hold), and
// reopened history runs.
import type { ApiResult, ConsoleEvents } from '../../../shared/api/contract';
import type { RunAttachment, RunAttachmentInput } from '../../../shared/api/evidence';
import type { AppError } from '../../../shared/errors';
import type { Rect } from '../../../shared/geometry/types';
import { checkDesign } from '../designer/params';
import { panelExecution, type PanelAction } from '../designer/payload';
import { deviceLabel, runSerials } from '../devices/devicesSlice';
import type { ConsoleState, SliceCreator } from '../store/types';
import { createBackgroundSlice, type BackgroundSlice } from '../preview/backgroundSlice';
import type { ForecastProblem } from './forecast';
import { forecastOf } from './forecastState';
import { evidenceActions } from './evidenceActions';
import { holdActions } from './holdActions';
import { defaultRunLabel, runBlocker, type RunAction } from './runGate';
import {
  applyProgress,
  failedColumn,
  outcomeColumn,
  pendingColumn,
  recordColumn,
  sequenceColumn,
  startStep,
  type ResultColumn,
} from './runModel';

export type RunKind = RunAction | 'history';

export interface RunView {
  id: number;
  kind: RunKind;
  title: string;
  status: 'running' | 'finished';
  startedAt: number;
  columns: ResultColumn[];
}

export interface RunsSlice extends BackgroundSlice {
  /** The run the Results region shows (a live run, or one reopened from the history). */
  activeRun: RunView | null;
  /** A run is executing (it may not be the one shown). */
  runBusy: boolean;
  /** The latest screenshot run of each device (the preview's background). */
  lastScreenshotRun: Record<string, string>;
  /** Bounds each device last reported for a panel it still shows (Clear panel forgets them). */
  lastReportedBounds: Record<string, Rect>;
  /** The bounds the main side predicted for that same panel, when it could. */
  lastPredictedBounds: Record<string, Rect>;
  runLabel: string;
  /** A run the preview says will fail, waiting for "Run anyway" or "Cancel". */
  runConfirm: { action: RunAction; problems: ForecastProblem[]; hold?: boolean } | null;
  /** A "Run and hold" is up: Capture and Release act on its devices. */
  holdActive: boolean;
  setRunLabel(label: string): void;
  /** Each run action asks first when the preview knows it will fail, unless `anyway` (the user confirmed). */
  runSequence(options?: RunOptions): Promise<void>;
  /** Run sequence, the panel held after the first capture until releaseHeld() (or a bound of the hold). */
  holdSequence(options?: RunOptions): Promise<void>;
  /** Another capture on every held device. */
  captureHeld(): Promise<void>;
  /** Clears the held panels; the run then finishes. */
  releaseHeld(): Promise<void>;
  runHold(event: ConsoleEvents['run:hold']): void;
  setPanel(options?: RunOptions): Promise<void>;
  clearPanel(options?: RunOptions): Promise<void>;
  takeScreenshot(): Promise<void>;
  /** Runs the action waiting in runConfirm anyway. */
  confirmRun(): Promise<void>;
  cancelRun(): void;
  runProgress(event: ConsoleEvents['run:progress']): void;
  reopenRun(runId: string): Promise<void>;
  saveScreenshot(runId: string, destination: string): Promise<boolean>;
  /** Stores a view's answer with a run (evidence:attach); History is reloaded so Results lists it. */
  attachToRun(input: RunAttachmentInput): Promise<ApiResult<RunAttachment>>;
}

export interface RunOptions {
  /** The user chose "Run anyway" over the preview's forecast. */
  anyway?: boolean;
}

/** Why `action` cannot run in this state, or null. */
export function blockerOf(state: ConsoleState, action: RunAction): string | null {
  return runBlocker({
    action,
    serials: runSerials(state),
    devices: state.devices,
    check: checkDesign(state.designHistory.present),
    running: state.runBusy,
  });
}

const SEQUENCE_STEPS = ['set', 'screenshot', 'clear'] as const;
const NO_RESULT: AppError = {
  code: 'INTERNAL_ERROR',
  message: 'The console returned no result for this device.',
};

export const createRunsSlice: SliceCreator<RunsSlice> = (dependencies) => (set, get, store) => {
  const { client, now, nonce } = dependencies;
  let nextRunId = 1;

  const begin = (kind: RunKind, title: string, columns: ResultColumn[]): number => {
    const id = nextRunId;
    nextRunId += 1;
    set({ activeRun: { id, kind, title, status: 'running', startedAt: now(), columns }, runBusy: true });
    return id;
  };

  const updateColumn = (id: number, serial: string, update: (column: ResultColumn) => ResultColumn): void => {
    set((state) => {
      const run = state.activeRun;
      if (run === null || run.id !== id) return state;
      return {
        activeRun: {
          ...run,
          columns: run.columns.map((column) => (column.serial === serial ? update(column) : column)),
        },
      };
    });
  };

  /** Marks the run finished, remembers screenshots and bounds, fetches images and refreshes the history. */
  const finish = (id: number, columns: ResultColumn[], title: string): void => {
    const shown = get().activeRun?.id === id;
    set((state) => {
      const lastScreenshotRun = { ...state.lastScreenshotRun };
      for (const column of columns) {
        if (column.runId !== undefined && column.screenshot !== undefined)
          lastScreenshotRun[column.serial] = column.runId;
      }
      const activeRun =
        shown && state.activeRun !== null
          ? { ...state.activeRun, status: 'finished' as const, columns }
          : state.activeRun;
      return { activeRun, lastScreenshotRun, runBusy: false };
    });
    for (const column of columns) {
      if (column.runId !== undefined && column.screenshot !== undefined)
        void get().loadImage(column.runId, 'screenshot');
    }
    if (!shown) {
      const failed = columns.filter((column) => column.status === 'failed').length;
      get().notify(`Run \u201c${title}\u201d finished: ${failed === 0 ? 'succeeded' : `${failed} failed`}`);
    }
    void get().loadHistory();
  };

  /** Keeps (or, for a column without bounds, forgets) the bounds of the panel a device now shows. */
  const rememberBounds = (serial: string, column: ResultColumn | undefined): void => {
    set((state) => {
      const lastReportedBounds = { ...state.lastReportedBounds };
      const lastPredictedBounds = { ...state.lastPredictedBounds };
      delete lastReportedBounds[serial];
      delete lastPredictedBounds[serial];
      if (column?.reportedBounds !== undefined) lastReportedBounds[serial] = column.reportedBounds;
      if (column?.reportedBounds !== undefined && column.predictedBounds !== undefined)
        lastPredictedBounds[serial] = column.predictedBounds;
      return { lastReportedBounds, lastPredictedBounds };
    });
  };

  /** False (and the question asked) when the preview says `action` will fail and the user has not confirmed. */
  const mayRun = (action: RunAction, options: RunOptions | undefined, hold = false): boolean => {
    const state = get();
    if (blockerOf(state, action) !== null) return false;
    if (options?.anyway === true) {
      set({ runConfirm: null });
      return true;
    }
    const problems = forecastOf(state, action);
    if (problems.length === 0) return true;
    set({ runConfirm: { action, problems, ...(hold ? { hold } : {}) } });
    return false;
  };

  const runPanelAction = async (action: PanelAction, options: RunOptions | undefined): Promise<void> => {
    if (!mayRun(action, options)) return;
    const state = get();
    const params = action === 'set' ? checkDesign(state.designHistory.present).params : null;
    const serials = runSerials(state);
    const title = action === 'set' ? 'Set panel' : 'Clear panel';
    const id = begin(
      action,
      title,
      serials.map((serial) => pendingColumn(serial, deviceLabel(state.devices, serial), [action])),
    );
    const timeoutMs = state.appInfo?.settings.timeoutMs;
    const columns = await Promise.all(
      serials.map(async (serial) => {
        const started = now();
        let column = startStep(
          pendingColumn(serial, deviceLabel(state.devices, serial), [action]),
          action,
          started,
        );
        updateColumn(id, serial, () => column);
        const execution = panelExecution(action, params, {
          now: started,
          nonce: nonce(),
          ...(timeoutMs ? { timeoutMs } : {}),
        });
        const result = execution.ok
          ? await client.call('execution:run', { serial, execution: execution.value })
          : execution;
        column = result.ok
          ? outcomeColumn(column, result.value, now() - started)
          : failedColumn(column, result.error, now());
        if (column.status === 'succeeded') rememberBounds(serial, action === 'set' ? column : undefined);
        const done = column;
        updateColumn(id, serial, () => done);
        return done;
      }),
    );
    finish(id, columns, title);
  };

  /** Run sequence, held (hold) or not: one column per device, filled by run:progress and run:hold. */
  const sequence = async (options: RunOptions | undefined, hold: boolean): Promise<void> => {
    if (!mayRun('sequence', options, hold)) return;
    const state = get();
    const design = state.designHistory.present;
    const params = checkDesign(design).params;
    if (params === null) return;
    const serials = runSerials(state);
    const label = state.runLabel.trim() || defaultRunLabel(design.content);
    const pending = serials.map((serial) =>
      pendingColumn(serial, deviceLabel(state.devices, serial), SEQUENCE_STEPS),
    );
    const id = begin('sequence', label, pending);
    if (hold) set({ holdActive: true });
    const result = await client.call('sequence:run', {
      serials,
      design: params,
      ...(label ? { label } : {}),
      ...(hold ? { hold: {} } : {}),
    });
    const current = get().activeRun?.id === id ? (get().activeRun?.columns ?? pending) : pending;
    // Each device's column shows exactly what the main side sent for it (predicted bounds included).
    const columns = current.map((column) => {
      if (!result.ok) return failedColumn(column, result.error, now());
      const outcome = result.value.find((candidate) => candidate.serial === column.serial);
      if (outcome === undefined) return failedColumn(column, NO_RESULT, now());
      return outcome.result.ok
        ? sequenceColumn(column.serial, column.deviceLabel, outcome.result.value)
        : failedColumn(column, outcome.result.error, now());
    });
    for (const column of columns) {
      if (column.steps.find((step) => step.name === 'clear')?.status === 'succeeded')
        rememberBounds(column.serial, undefined);
    }
    if (hold) set({ holdActive: false });
    finish(id, columns, label || 'Run sequence');
  };

  return {
    ...createBackgroundSlice(dependencies)(set, get, store),
    activeRun: null,
    runBusy: false,
    lastScreenshotRun: {},
    lastReportedBounds: {},
    lastPredictedBounds: {},
    runLabel: '',
    runConfirm: null,
    holdActive: false,

    setRunLabel(runLabel) {
      set({ runLabel });
    },

    async confirmRun() {
      const pending = get().runConfirm;
      if (pending === null) return;
      set({ runConfirm: null });
      const options = { anyway: true };
      if (pending.action === 'sequence' && pending.hold === true) await get().holdSequence(options);
      else if (pending.action === 'sequence') await get().runSequence(options);
      else if (pending.action === 'set') await get().setPanel(options);
      else if (pending.action === 'clear') await get().clearPanel(options);
      else await get().takeScreenshot();
    },

    cancelRun() {
      set({ runConfirm: null });
    },

    runSequence: (options) => sequence(options, false),
    holdSequence: (options) => sequence(options, true),

    ...holdActions(client, get, set),
    ...evidenceActions(client, get),

    setPanel: (options) => runPanelAction('set', options),
    clearPanel: (options) => runPanelAction('clear', options),

    async takeScreenshot() {
      const state = get();
      if (blockerOf(state, 'screenshot') !== null) return;
      const serials = runSerials(state);
      // A manual capture is not about the design: it is named by the run label, else just "Screenshot".
      const label = state.runLabel.trim() || 'Screenshot';
      const id = begin(
        'screenshot',
        'Take screenshot',
        serials.map((serial) => pendingColumn(serial, deviceLabel(state.devices, serial), ['screenshot'])),
      );
      const columns = await Promise.all(
        serials.map(async (serial) => {
          const started = now();
          updateColumn(id, serial, (column) => startStep(column, 'screenshot', started));
          const result = await client.call('screenshot:capture', { serial, label });
          const base = startStep(
            pendingColumn(serial, deviceLabel(state.devices, serial), ['screenshot']),
            'screenshot',
            started,
          );
          let column: ResultColumn;
          if (!result.ok) {
            column = failedColumn(base, result.error, now());
          } else {
            const capture = result.value;
            // The step as the main side recorded it in run.json; nothing is made up here.
            column = {
              ...base,
              status: 'succeeded',
              runId: capture.runId,
              screenshot: { widthPx: capture.widthPx, heightPx: capture.heightPx },
              steps: [
                {
                  name: 'screenshot',
                  status: 'succeeded',
                  durationMs: capture.step.durationMs ?? now() - started,
                  ...(capture.step.data === undefined ? {} : { data: capture.step.data }),
                },
              ],
            };
            // The panel on screen is the one the last Set panel drew: its reported and predicted bounds.
            const reported = get().lastReportedBounds[serial];
            const predicted = get().lastPredictedBounds[serial];
            if (reported !== undefined) column.reportedBounds = reported;
            if (reported !== undefined && predicted !== undefined) column.predictedBounds = predicted;
          }
          updateColumn(id, serial, () => column);
          return column;
        }),
      );
      finish(id, columns, 'Take screenshot');
    },

    runProgress(event) {
      set((state) => {
        const run = state.activeRun;
        if (run === null || run.kind !== 'sequence' || run.status !== 'running') return state;
        const columns = run.columns.map((column) =>
          column.serial === event.serial && (column.runId === undefined || column.runId === event.runId)
            ? applyProgress(column, event, now())
            : column,
        );
        return { activeRun: { ...run, columns } };
      });
    },

    async reopenRun(runId) {
      const result = await client.call('evidence:get', { id: runId });
      if (!result.ok) {
        get().notify(`Run not opened: ${result.error.message}`, 'error');
        return;
      }
      const column = recordColumn(result.value);
      const id = nextRunId;
      nextRunId += 1;
      set({
        activeRun: {
          id,
          kind: 'history',
          title: result.value.label ?? runId,
          status: 'finished',
          startedAt: Number.isNaN(Date.parse(result.value.startedAt))
            ? now()
            : Date.parse(result.value.startedAt),
          columns: [column],
        },
      });
      if (column.screenshot !== undefined) void get().loadImage(runId, 'screenshot');
    },
  };
};
