// Wires the keyboard shortcuts (and the palette's choices) to the store on window keydown.
import { useEffect } from 'react';
import type { ConsoleStore } from '../store/store';
import { useConsoleStore } from '../store/context';
import { commandFor, type ShortcutCommand } from './shortcuts';

/** True on Apple platforms, where Cmd is the command modifier. */
export const IS_MAC = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export const EDITOR_ID = 'panel-content';
export const DEVICES_ID = 'device-list';

/** Where a letter key types or chooses (a <select> picks the option starting with it): no single-key shortcuts. */
function isTextField(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'color'].includes(target.type)
  );
}

/** Carries out one command, from a key press or the palette. */
export function runCommand(store: ConsoleStore, command: ShortcutCommand): void {
  const state = store.getState();
  switch (command) {
    case 'runSequence':
      return void state.runSequence();
    case 'holdSequence':
      return void state.holdSequence();
    case 'captureHeld':
      return void state.captureHeld();
    case 'releaseHeld':
      return void state.releaseHeld();
    case 'setPanel':
      return void state.setPanel();
    case 'clearPanel':
      return void state.clearPanel();
    case 'takeScreenshot':
      return void state.takeScreenshot();
    case 'undo':
      return state.undoDesign();
    case 'redo':
      return state.redoDesign();
    case 'palette':
      return state.setPaletteOpen(!state.paletteOpen);
    case 'help':
      return state.setHelpOpen(!state.helpOpen);
    case 'focusEditor':
      return document.getElementById(EDITOR_ID)?.focus();
    case 'focusDevices':
      // Below 1200 px the list lives in a drawer: open it, then focus once it is shown.
      state.setSidebarOpen(true);
      return void requestAnimationFrame(() =>
        document.getElementById(DEVICES_ID)?.querySelector<HTMLElement>('input')?.focus(),
      );
    case 'switchBackground':
      return state.cyclePreviewBackground();
  }
}

export function useShortcuts(): void {
  const store = useConsoleStore();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing) return;
      const inTextField = isTextField(event.target);
      const holding = store.getState().holdActive;
      const command = commandFor({ ...pick(event), inTextField, holding }, IS_MAC);
      if (command === null) return;
      // Undo in a text box outside the designer (run label, a path) stays the browser's own undo.
      const inDesigner =
        event.target instanceof HTMLElement && event.target.closest('[data-designer]') !== null;
      if ((command === 'undo' || command === 'redo') && inTextField && !inDesigner) return;
      // While a dialog is open only its own keys count: Ctrl/Cmd+K closes the palette, ? the help.
      const state = store.getState();
      const ownDialog = command === 'palette' ? state.paletteOpen : command === 'help' && !state.paletteOpen;
      if (document.querySelector('dialog[open]') !== null && !ownDialog) return;
      event.preventDefault();
      runCommand(store, command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}

function pick(event: KeyboardEvent) {
  const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event;
  return { key, code, ctrlKey, metaKey, altKey, shiftKey };
}
