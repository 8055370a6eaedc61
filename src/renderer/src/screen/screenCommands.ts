// The Screen view's entries in the command palette and the keyboard help: open the live screen of the selected
// device (Diagnostics → Live screen, through the screen slice's panel flag), freeze or resume it (F inside the
// view), read its UI tree again; / inside the view focuses Find. The view's own keys stay local to it (F and / only
// act while focus is inside the Screen view), as the logcat viewer's do.
import type { ConsoleStore } from '../store/store';

export interface ScreenShortcut {
  keys: string;
  description: string;
}

/** The Screen view's keys as the keyboard help lists them. */
export function screenShortcutList(): ScreenShortcut[] {
  return [
    { keys: 'F', description: 'Live screen (in the view): freeze / resume' },
    { keys: '/', description: 'Live screen (in the view): focus the Find field' },
  ];
}

export interface ScreenCommand {
  id: string;
  label: string;
  keys?: string;
  run: (store: ConsoleStore) => void;
}

/** Where the live screen is shown: the Screen view's own element (focusable, so F works once it is there). */
export const SCREEN_VIEW_ID = 'screen-view';

function liveSerial(store: ConsoleStore): string | null {
  return store.getState().screen.live.serial;
}

/** The palette's Screen view entries. */
export function screenCommands(): ScreenCommand[] {
  return [
    {
      id: 'screen-open',
      label: 'Open live screen',
      run: (store) => {
        const state = store.getState();
        if (state.targetSerial === null) {
          state.notify('Select a device first: the live screen shows the selected device.', 'error');
          return;
        }
        state.setArea('diagnostics');
        // The store opens Diagnostics' Live screen panel; the view takes the focus once it is shown.
        state.screenReveal();
      },
    },
    {
      id: 'screen-freeze',
      label: 'Freeze / resume live screen',
      keys: 'F',
      run: (store) => {
        const state = store.getState();
        if (liveSerial(store) === null) {
          state.notify(
            'Open the live screen first (Open live screen, or Diagnostics → Live screen).',
            'error',
          );
          return;
        }
        state.screenFreeze(!state.screen.frozen);
      },
    },
    {
      id: 'screen-refresh-tree',
      label: 'Refresh the live screen UI tree',
      run: (store) => {
        const state = store.getState();
        const serial = liveSerial(store);
        if (serial === null) {
          state.notify(
            'Open the live screen first (Open live screen, or Diagnostics → Live screen).',
            'error',
          );
          return;
        }
        if (state.screen.frozen) {
          state.notify('The live screen is frozen: resume it (F) to read the tree again.');
          return;
        }
        void state.screenLoadTree(serial);
      },
    },
  ];
}
