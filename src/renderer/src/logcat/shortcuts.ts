// The logcat viewer's keys, kept apart from the console's global map (src/renderer/src/ui/shortcuts.ts): Ctrl/Cmd+F
// focuses the query while the viewer is shown (pages may claim it; the browser's find is one Esc away), Space and
// End in the line list resume following, Esc in the query box goes back to the lines. No Alt+letter (browsers own
// those).

export interface LogcatShortcut {
  keys: string;
  description: string;
}

export function logcatShortcutList(mac: boolean): LogcatShortcut[] {
  const mod = mac ? '\u2318' : 'Ctrl';
  return [
    { keys: `${mod}+F`, description: 'Logcat: focus the query box' },
    { keys: 'Space / End', description: 'Logcat (in the lines): resume following at the end' },
    { keys: 'Esc', description: 'Logcat (in the query box): back to the lines' },
  ];
}

/** Whether a key press is the viewer's "focus the query" (Ctrl+F, or Cmd+F on Apple platforms). */
export function isFocusQuery(
  press: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean },
  mac: boolean,
): boolean {
  const mod = mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
  return mod && !press.altKey && !press.shiftKey && press.key.toLowerCase() === 'f';
}
