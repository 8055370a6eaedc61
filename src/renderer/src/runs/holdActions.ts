// The run slice's actions on a held run: Capture, Release (only while a "Run and hold" is up) and run:hold events
// into the shown run's columns.
import type { ConsoleEvents } from '../../../shared/api/contract';
import type { ConsoleState, StoreDependencies } from '../store/types';
import { applyHold } from './holdModel';
import type { RunsSlice } from './runsSlice';

type Get = () => ConsoleState;
type Set = (update: (state: ConsoleState) => Partial<ConsoleState> | ConsoleState) => void;

export function holdActions(
  client: StoreDependencies['client'],
  get: Get,
  set: Set,
): Pick<RunsSlice, 'captureHeld' | 'releaseHeld' | 'runHold'> {
  return {
    async captureHeld() {
      if (!get().holdActive) return;
      const result = await client.call('sequence:capture', {});
      if (!result.ok) get().notify(`Capture not taken: ${result.error.message}`, 'error');
    },

    async releaseHeld() {
      if (!get().holdActive) return;
      const result = await client.call('sequence:release', {});
      if (!result.ok) get().notify(`Not released: ${result.error.message}`, 'error');
    },

    runHold(event: ConsoleEvents['run:hold']) {
      // A hold the user did not end (a bound, a failure, the device gone) says why where the user is looking.
      const column = get().activeRun?.columns.find((candidate) => candidate.serial === event.serial);
      if (
        event.status === 'ended' &&
        event.endedBy !== 'user' &&
        event.endedReason !== undefined &&
        column?.hold?.status !== 'ended'
      )
        get().notify(
          `${column?.deviceLabel ?? event.serial}: ${event.endedReason}`,
          event.error ? 'error' : 'info',
        );
      set((state) => {
        const run = state.activeRun;
        if (run === null || run.kind !== 'sequence' || run.status !== 'running') return state;
        const columns = run.columns.map((column) =>
          column.serial === event.serial && (column.runId === undefined || column.runId === event.runId)
            ? applyHold(column, event)
            : column,
        );
        return { activeRun: { ...run, columns } };
      });
    },
  };
}
