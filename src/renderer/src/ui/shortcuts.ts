// Keyboard shortcuts: which key press means which command. Pure, so the mapping is tested without a DOM.
//
// Browser-safe by design (issue 14 defect 10): in the browser console Alt+D, Alt+E, Alt+F... belong to the browser
// (address bar, menus), and Ctrl+Shift+C/P to its tools. So the console uses only what pages may claim:
// Ctrl/Cmd+Enter, Ctrl/Cmd+K (the command palette) and Ctrl/Cmd+Z anywhere, and single keys (S, P, C, E, D, ?)
// when focus is not in a text field, as GitHub and Gmail do. Every action is also in the palette.
// While a panel is held ("Run and hold"), Space captures again and Esc releases: C is Clear panel, and neither
// key means anything else then (Space would otherwise press the focused button or scroll).

export type ShortcutCommand =
  | 'runSequence'
  | 'holdSequence'
  | 'captureHeld'
  | 'releaseHeld'
  | 'setPanel'
  | 'clearPanel'
  | 'takeScreenshot'
  | 'undo'
  | 'redo'
  | 'palette'
  | 'help'
  | 'focusEditor'
  | 'focusDevices'
  | 'switchBackground';

export interface KeyPress {
  key: string;
  /** KeyboardEvent.code: layout-independent ("KeyS"), so a layout that types another letter there still works. */
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** Focus is in a text field or a select (typing "s" there types, or picks an option). */
  inTextField: boolean;
  /** A "Run and hold" keeps a panel up: Space and Esc are its keys. */
  holding?: boolean;
}

export interface Shortcut {
  command: ShortcutCommand;
  /** As shown in the help dialog and the palette. */
  keys: string;
  /** The aria-keyshortcuts value ("Control+Enter", "S"). */
  aria: string;
  description: string;
}

/** The shortcut list the help dialog and the palette show, in order. */
export function shortcutList(mac: boolean): Shortcut[] {
  const mod = mac ? '\u2318' : 'Ctrl';
  const ariaMod = mac ? 'Meta' : 'Control';
  return [
    {
      command: 'runSequence',
      keys: `${mod}+Enter`,
      aria: `${ariaMod}+Enter`,
      description: 'Run sequence (set \u2192 screenshot \u2192 clear)',
    },
    {
      command: 'holdSequence',
      keys: `${mod}+Shift+Enter`,
      aria: `${ariaMod}+Shift+Enter`,
      description: 'Run and hold (set \u2192 capture, more captures on demand \u2192 clear on release)',
    },
    { command: 'captureHeld', keys: 'Space', aria: 'Space', description: 'Capture again (while held)' },
    { command: 'releaseHeld', keys: 'Esc', aria: 'Escape', description: 'Release the held panel (clear)' },
    { command: 'setPanel', keys: 'S', aria: 'S', description: 'Set panel' },
    { command: 'takeScreenshot', keys: 'P', aria: 'P', description: 'Take screenshot' },
    { command: 'clearPanel', keys: 'C', aria: 'C', description: 'Clear panel' },
    { command: 'undo', keys: `${mod}+Z`, aria: `${ariaMod}+Z`, description: 'Undo a design change' },
    {
      command: 'redo',
      keys: `${mod}+Shift+Z`,
      aria: `${ariaMod}+Shift+Z`,
      description: 'Redo a design change',
    },
    { command: 'focusEditor', keys: 'E', aria: 'E', description: 'Focus the panel text / template' },
    { command: 'focusDevices', keys: 'D', aria: 'D', description: 'Focus the device list' },
    {
      command: 'switchBackground',
      keys: 'B',
      aria: 'B',
      description: 'Switch the preview background (without panel, live screen, neutral)',
    },
    { command: 'palette', keys: `${mod}+K`, aria: `${ariaMod}+K`, description: 'Command palette' },
    { command: 'help', keys: '?', aria: 'Shift+?', description: 'Keyboard shortcuts' },
  ];
}

/** The shortcut of one command. */
export function shortcutOf(command: ShortcutCommand, mac: boolean): Shortcut {
  const found = shortcutList(mac).find((shortcut) => shortcut.command === command);
  if (found === undefined) throw new Error(`no shortcut for ${command}`);
  return found;
}

/** Single keys, outside text fields and without modifiers. */
const KEY_COMMANDS: Record<string, ShortcutCommand> = {
  KeyS: 'setPanel',
  KeyC: 'clearPanel',
  KeyP: 'takeScreenshot',
  KeyE: 'focusEditor',
  KeyD: 'focusDevices',
  KeyB: 'switchBackground',
};

/** The command of a key press, or null. `mac` selects Cmd (else Ctrl) as the command modifier. */
export function commandFor(press: KeyPress, mac: boolean): ShortcutCommand | null {
  const mod = mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
  if (mod && !press.altKey && press.shiftKey && press.key === 'Enter') return 'holdSequence';
  if (mod && !press.altKey && press.key === 'Enter') return 'runSequence';
  if (press.holding === true && !press.ctrlKey && !press.metaKey && !press.altKey) {
    if (press.key === 'Escape') return 'releaseHeld';
    if (press.code === 'Space' && !press.inTextField && !press.shiftKey) return 'captureHeld';
  }
  if (mod && !press.altKey && !press.shiftKey && press.code === 'KeyK') return 'palette';
  if (mod && !press.altKey && press.code === 'KeyZ') return press.shiftKey ? 'redo' : 'undo';
  if (mod && !press.altKey && !mac && !press.shiftKey && press.code === 'KeyY') return 'redo';
  if (press.ctrlKey || press.metaKey || press.altKey || press.inTextField) return null;
  if (press.key === '?') return 'help';
  return press.shiftKey ? null : (KEY_COMMANDS[press.code] ?? null);
}
