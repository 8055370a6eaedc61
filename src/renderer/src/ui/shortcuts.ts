// Keyboard shortcuts: which key press means which command. Pure, so the mapping is tested without a DOM.

export type ShortcutCommand =
  | 'runSequence'
  | 'setPanel'
  | 'clearPanel'
  | 'takeScreenshot'
  | 'undo'
  | 'redo'
  | 'help'
  | 'focusEditor'
  | 'focusDevices';

export interface KeyPress {
  key: string;
  /** KeyboardEvent.code: layout-independent ("KeyS"), so Alt+S works where Alt changes the character (macOS). */
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** Focus is in a text field (typing "?" there types a question mark). */
  inTextField: boolean;
}

export interface Shortcut {
  command: ShortcutCommand;
  /** As shown in the help dialog. */
  keys: string;
  description: string;
}

/** The shortcut list the help dialog shows, in order. */
export function shortcutList(mac: boolean): Shortcut[] {
  const mod = mac ? '\u2318' : 'Ctrl';
  const alt = mac ? '\u2325' : 'Alt';
  return [
    {
      command: 'runSequence',
      keys: `${mod}+Enter`,
      description: 'Run sequence (set \u2192 screenshot \u2192 clear)',
    },
    { command: 'setPanel', keys: `${alt}+S`, description: 'Set panel' },
    { command: 'clearPanel', keys: `${alt}+C`, description: 'Clear panel' },
    { command: 'takeScreenshot', keys: `${alt}+P`, description: 'Take screenshot' },
    { command: 'undo', keys: `${mod}+Z`, description: 'Undo a design change' },
    { command: 'redo', keys: `${mod}+Shift+Z`, description: 'Redo a design change' },
    { command: 'focusEditor', keys: `${alt}+E`, description: 'Focus the panel text / template' },
    { command: 'focusDevices', keys: `${alt}+D`, description: 'Focus the device list' },
    { command: 'help', keys: '?', description: 'Show this list' },
  ];
}

const ALT_COMMANDS: Record<string, ShortcutCommand> = {
  KeyS: 'setPanel',
  KeyC: 'clearPanel',
  KeyP: 'takeScreenshot',
  KeyE: 'focusEditor',
  KeyD: 'focusDevices',
};

/** The command of a key press, or null. `mac` selects Cmd (else Ctrl) as the command modifier. */
export function commandFor(press: KeyPress, mac: boolean): ShortcutCommand | null {
  const mod = mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
  if (mod && !press.altKey && press.key === 'Enter') return 'runSequence';
  if (mod && !press.altKey && press.code === 'KeyZ') return press.shiftKey ? 'redo' : 'undo';
  if (mod && !press.altKey && !mac && !press.shiftKey && press.code === 'KeyY') return 'redo';
  if (press.altKey && !press.ctrlKey && !press.metaKey && !press.shiftKey)
    return ALT_COMMANDS[press.code] ?? null;
  if (press.key === '?' && !press.ctrlKey && !press.metaKey && !press.altKey && !press.inTextField)
    return 'help';
  return null;
}
