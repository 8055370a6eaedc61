// The Screen view's store slice: the live frames of the selected device (a FramePoller), the tree beside them
// (screen:tree) with hover and selection, the user's actions on the live screen (screen:act) with their results,
// Find and Wait for text (screenQueries.ts), and whether Diagnostics shows the Live screen panel (the palette's
// "Open live screen" opens it and asks the view to take the focus).
import type { ScreenAction, ScreenActAnswer, ScreenTreeAnswer } from '../../../shared/api/screenSchemas';
import type { AppError } from '../../../shared/errors';
import type { SliceCreator } from '../store/types';
import { FramePoller, type PollerState } from './framePoller';
import { IDLE_FIND, screenQueryActions, type ScreenFind, type ScreenQueryActions } from './screenQueries';
import { IDLE_WAIT, nodeInTree, type ScreenWait } from './screenTargets';

export interface ScreenVerification {
  verify_change?: boolean;
  expected_package?: string;
  text_present?: string;
  text_absent?: string;
  timeout_ms?: number;
}

export interface ScreenViewState {
  live: PollerState;
  frozen: boolean;
  tree: ScreenTreeAnswer | null;
  treeError: AppError | null;
  treeLoading: boolean;
  hovered: number | null;
  selected: number | null;
  acting: boolean;
  lastAction: ScreenActAnswer | null;
  actionError: AppError | null;
  find: ScreenFind;
  wait: ScreenWait;
  /** Diagnostics shows the Live screen panel open (the view mounts, and captures frames, only then). */
  panelOpen: boolean;
  /** The view takes the focus once it is shown ("Open live screen"), then clears this. */
  focusPending: boolean;
}

export interface ScreenSlice extends ScreenQueryActions {
  screen: ScreenViewState;
  /** Follows `serial` while `visible` (null: stop). */
  screenFollow(serial: string | null, visible: boolean): void;
  screenDeviceListed(listed: boolean): void;
  screenFreeze(frozen: boolean): void;
  screenLoadTree(serial: string): Promise<void>;
  screenHover(index: number | null): void;
  screenSelect(index: number | null): void;
  screenAct(serial: string, action: ScreenAction, verification?: ScreenVerification): Promise<void>;
  screenSetPanelOpen(open: boolean): void;
  /** Opens the Live screen panel and asks the view to take the focus once it is shown. */
  screenReveal(): void;
  screenFocusTaken(): void;
}

const INITIAL_LIVE: PollerState = {
  serial: null,
  status: 'idle',
  frame: null,
  fps: null,
  error: null,
  frames: 0,
};

export const createScreenSlice: SliceCreator<ScreenSlice> = (dependencies) => (set, get) => {
  const { client, now } = dependencies;
  const update = (change: Partial<ScreenViewState>): void => set({ screen: { ...get().screen, ...change } });
  const poller = new FramePoller({
    fetchFrame: (serial) => client.call('screen:frame', { serial }),
    now,
    schedule: (run, delayMs) => {
      const timer = setTimeout(run, delayMs);
      return () => clearTimeout(timer);
    },
    onChange: (live) => update({ live }),
  });
  return {
    screen: {
      live: INITIAL_LIVE,
      frozen: false,
      tree: null,
      treeError: null,
      treeLoading: false,
      hovered: null,
      selected: null,
      acting: false,
      lastAction: null,
      actionError: null,
      find: IDLE_FIND,
      wait: IDLE_WAIT,
      panelOpen: false,
      focusPending: false,
    },
    ...screenQueryActions(dependencies, get, update),
    screenFollow(serial, visible) {
      if (serial !== get().screen.live.serial) {
        // A wait of the device the view leaves stops polling it.
        void get().screenCancelWait();
        update({
          tree: null,
          treeError: null,
          hovered: null,
          selected: null,
          lastAction: null,
          actionError: null,
          find: IDLE_FIND,
          wait: IDLE_WAIT,
        });
      }
      poller.setVisible(visible);
      poller.setDevice(serial);
    },
    screenDeviceListed(listed) {
      poller.setConnected(listed);
    },
    screenFreeze(frozen) {
      update({ frozen });
      poller.setFrozen(frozen);
    },
    async screenLoadTree(serial) {
      if (get().screen.frozen) return;
      update({ treeLoading: true });
      const answer = await client.call('screen:tree', { serial });
      if (get().screen.live.serial !== serial) return;
      if (answer.ok) {
        // The selection follows its node, not its index: on a changed screen the same index is another node, and
        // Tap node / Inject must never aim at that.
        const { tree, selected } = get().screen;
        const previous = tree?.nodes.find((node) => node.index === selected) ?? null;
        const kept = previous === null ? null : (nodeInTree(answer.value, previous)?.index ?? null);
        update({ tree: answer.value, treeError: null, treeLoading: false, selected: kept });
      } else update({ treeError: answer.error, treeLoading: false });
    },
    screenHover(index) {
      update({ hovered: index });
    },
    screenSelect(index) {
      update({ selected: index });
    },
    async screenAct(serial, action, verification) {
      if (get().screen.acting) return;
      // An action changes the screen: a Find answered before it no longer describes it.
      update({ acting: true, actionError: null, find: IDLE_FIND });
      const answer = await client.call('screen:act', {
        serial,
        action,
        ...(verification !== undefined && Object.keys(verification).length > 0 ? { verification } : {}),
      });
      if (answer.ok) update({ acting: false, lastAction: answer.value });
      else update({ acting: false, actionError: answer.error, lastAction: null });
      if (!get().screen.frozen) void get().screenLoadTree(serial);
    },
    screenSetPanelOpen(open) {
      if (open !== get().screen.panelOpen) update({ panelOpen: open });
    },
    screenReveal() {
      update({ panelOpen: true, focusPending: true });
    },
    screenFocusTaken() {
      if (get().screen.focusPending) update({ focusPending: false });
    },
  };
};
