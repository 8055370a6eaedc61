// The "Keyboard shortcuts" dialog (opened with ? or the top bar button).
import type { ReactNode } from 'react';
import { useConsole } from '../store/context';
import { Dialog } from './Dialog';
import { shortcutList } from './shortcuts';
import { IS_MAC } from './useShortcuts';
import { logcatShortcutList } from '../logcat/shortcuts';
import { screenShortcutList } from '../screen/screenCommands';

const SHORTCUTS = shortcutList(IS_MAC);
const LOGCAT_SHORTCUTS = logcatShortcutList(IS_MAC);
const SCREEN_SHORTCUTS = screenShortcutList();

export function HelpDialog(): ReactNode {
  const open = useConsole((state) => state.helpOpen);
  const setHelpOpen = useConsole((state) => state.setHelpOpen);
  return (
    <Dialog title="Keyboard shortcuts" open={open} onClose={() => setHelpOpen(false)} className="help-dialog">
      <table className="shortcut-table">
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.command}>
              <td>
                <kbd>{shortcut.keys}</kbd>
              </td>
              <td>{shortcut.description}</td>
            </tr>
          ))}
          {LOGCAT_SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.keys}>
              <td>
                <kbd>{shortcut.keys}</kbd>
              </td>
              <td>{shortcut.description}</td>
            </tr>
          ))}
          {SCREEN_SHORTCUTS.map((shortcut) => (
            <tr key={`screen-${shortcut.keys}`}>
              <td>
                <kbd>{shortcut.keys}</kbd>
              </td>
              <td>{shortcut.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">Undo and redo act on the panel design; Esc closes a dialog.</p>
    </Dialog>
  );
}
