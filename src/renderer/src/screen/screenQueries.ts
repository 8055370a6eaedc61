// The Screen view's Find and Wait for text, as part of the screen slice (screenSlice.ts spreads them in): Find
// (screen:find) shows the one node found and selects it in the tree it was found in (in a frozen view: in the
// shown tree, when that still has it); Wait (screen:waitText) runs one at a time under a wait_id, and Cancel
// (screen:cancelWait) stops its poll on the main side. Answers of an older find, wait or device are dropped.
import type { ScreenFindAnswer } from '../../../shared/api/screenSchemas';
import type { AppError } from '../../../shared/errors';
import type { ConsoleState, StoreDependencies } from '../store/types';
import { detailNumber, IDLE_WAIT, nodeInTree, type ScreenWait } from './screenTargets';
import type { ScreenViewState } from './screenSlice';

export interface ScreenFind {
  status: 'idle' | 'finding' | 'found' | 'failed';
  answer: ScreenFindAnswer | null;
  error: AppError | null;
  /** Found, and selected in the tree the view shows (false: a frozen tree without that node). */
  selected: boolean;
}

export const IDLE_FIND: ScreenFind = { status: 'idle', answer: null, error: null, selected: false };

export interface ScreenQueryActions {
  screenFind(serial: string, query: { text?: string; bounds?: string }): Promise<void>;
  screenWaitText(serial: string, text: string, timeoutMs: number): Promise<void>;
  /** Cancels the wait in flight (its poll ends on the main side); nothing to do when none runs. */
  screenCancelWait(): Promise<void>;
}

type Get = () => ConsoleState;
type Update = (change: Partial<ScreenViewState>) => void;

export function screenQueryActions(
  { client, now, nonce }: StoreDependencies,
  get: Get,
  update: Update,
): ScreenQueryActions {
  let finds = 0;
  let waits = 0;
  const current = (serial: string): boolean => get().screen.live.serial === serial;
  return {
    async screenFind(serial, query) {
      finds += 1;
      const mine = finds;
      update({ find: { ...IDLE_FIND, status: 'finding' } });
      const answer = await client.call('screen:find', { serial, ...query });
      if (mine !== finds || !current(serial)) return;
      if (!answer.ok) {
        update({ find: { ...IDLE_FIND, status: 'failed', error: answer.error } });
        return;
      }
      const found = answer.value;
      const screen = get().screen;
      if (screen.frozen) {
        // The frozen frame and tree stay: select the node there only if that tree still has it.
        const shown = nodeInTree(screen.tree, found.node);
        update({
          selected: shown?.index ?? screen.selected,
          find: { status: 'found', answer: found, error: null, selected: shown !== null },
        });
        return;
      }
      update({
        tree: found.tree,
        treeError: null,
        selected: found.node.index,
        hovered: null,
        find: { status: 'found', answer: found, error: null, selected: true },
      });
    },
    async screenWaitText(serial, text, timeoutMs) {
      if (get().screen.wait.status === 'waiting') return;
      waits += 1;
      const id = `wait-${nonce()}-${waits}`;
      const startedAt = now();
      update({ wait: { ...IDLE_WAIT, status: 'waiting', id, text, timeoutMs, startedAt } });
      const answer = await client.call('screen:waitText', {
        serial,
        text,
        timeout_ms: timeoutMs,
        wait_id: id,
      });
      if (get().screen.wait.id !== id || !current(serial)) return;
      const measured = now() - startedAt;
      const base: ScreenWait = { ...get().screen.wait, status: 'failed' };
      if (answer.ok) {
        update({
          wait: {
            ...base,
            status: 'found',
            elapsedMs: answer.value.elapsed_ms,
            polls: answer.value.polls,
            node: answer.value.node,
          },
        });
        return;
      }
      const error = answer.error;
      update({
        wait: {
          ...base,
          status: error.code === 'COMMAND_CANCELLED' ? 'cancelled' : 'failed',
          elapsedMs: detailNumber(error, 'elapsed_ms') ?? measured,
          polls: detailNumber(error, 'polls'),
          error,
        },
      });
    },
    async screenCancelWait() {
      const wait = get().screen.wait;
      if (wait.status !== 'waiting' || wait.id === null) return;
      const answer = await client.call('screen:cancelWait', { wait_id: wait.id });
      // The wait had already ended on the main side: its own answer says how.
      if (!answer.ok && get().screen.wait.id === wait.id)
        update({ wait: { ...get().screen.wait, error: answer.error } });
    },
  };
}
