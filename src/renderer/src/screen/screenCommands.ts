// The Screen view's entries in the command palette and the keyboard help: open the live screen of the selected
// device (Diagnostics → Live screen), freeze or resume it (F inside the view), read its UI tree again. The view's
// own keys stay local to it (F only acts while focus is inside the Screen view), as the logcat viewer's do.
import type { ConsoleStore } from '../store/store';

export interface ScreenShortcut {
  keys: string;
  description: string;
}

/** The Screen view's keys as the keyboard help lists them. */
export function screenShortcutList(): ScreenShortcut[] {
  return [{ keys: 'F', description: 'Live screen (in the view): freeze / resume' }];
}

export interface ScreenCommand {
  id: string;
  label: string;
  keys?: string;
  run: (store: ConsoleStore) => void;
}

/** Where the live screen is shown: the Screen view's own element (focusable, so F works once it is there). */
export const SCREEN_VIEW_ID = 'screen-view';

/**
 * Opens the Diagnostics area's "Live screen" panel and focuses the Screen view once React has rendered it. The
 * panel's open state belongs to the Diagnostics view (a <details>): opening the element fires its toggle, which the
 * view follows. Gives up after `maxFrames` animation frames (the area did not render the panel: no device).
 */
export function revealLiveScreen(
  doc: Document = document,
  nextFrame: (run: () => void) => void = (run) => void requestAnimationFrame(run),
  maxFrames = 120,
): void {
  let frames = 0;
  const step = (): void => {
    const details = doc.querySelector<HTMLDetailsElement>('details.screen-panel');
    const view = doc.getElementById(SCREEN_VIEW_ID);
    if (details !== null && !details.open) details.open = true;
    if (view !== null) {
      view.scrollIntoView({ block: 'start' });
      view.focus();
      return;
    }
    frames += 1;
    if (frames < maxFrames) nextFrame(step);
  };
  nextFrame(step);
}

function liveSerial(store: ConsoleStore): string | null {
  return store.getState().screen.live.serial;
}

/** The palette's Screen view entries; `reveal` shows the view once the area is switched (the DOM step). */
export function screenCommands(reveal: () => void = () => revealLiveScreen()): ScreenCommand[] {
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
        reveal();
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
