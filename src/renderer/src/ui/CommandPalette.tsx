// The command palette (Ctrl/Cmd+K): every action with its shortcut, filtered as you type, chosen with the arrow keys
// and Enter. A modal <dialog> (focus stays inside, Esc closes) holding a combobox that drives a listbox.
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useConsole, useConsoleStore } from '../store/context';
import type { ConsoleStore } from '../store/store';
import { Dialog } from './Dialog';
import { screenCommands } from '../screen/screenCommands';
import { shortcutList } from './shortcuts';
import { applyTheme, THEME_CHOICES } from './theme';
import { IS_MAC, runCommand } from './useShortcuts';

export interface PaletteAction {
  id: string;
  label: string;
  /** The shortcut as shown, when the action has one. */
  keys?: string;
  run: (store: ConsoleStore) => void;
}

const THEME_NAMES = {
  system: 'Theme: follow the system',
  light: 'Theme: light',
  dark: 'Theme: dark',
} as const;

/** Every action the console offers from the keyboard, shortcuts first in the help dialog's order. */
export function paletteActions(mac: boolean): PaletteAction[] {
  const shortcuts = shortcutList(mac)
    .filter((shortcut) => shortcut.command !== 'palette')
    .map<PaletteAction>((shortcut) => ({
      id: shortcut.command,
      label: shortcut.description,
      keys: shortcut.keys,
      run: (store) => runCommand(store, shortcut.command),
    }));
  return [
    ...shortcuts,
    ...screenCommands(),
    { id: 'settings', label: 'Open settings', run: (store) => store.getState().setSettingsOpen(true) },
    { id: 'history', label: 'Refresh history', run: (store) => void store.getState().loadHistory() },
    ...THEME_CHOICES.map<PaletteAction>((choice) => ({
      id: `theme-${choice}`,
      label: THEME_NAMES[choice],
      run: () => applyTheme(choice, document.documentElement, window.localStorage),
    })),
  ];
}

/** The actions whose label contains every word of `query` (case-insensitive), in list order. */
export function filterActions(actions: readonly PaletteAction[], query: string): PaletteAction[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return actions.filter((action) => {
    const text = `${action.label} ${action.keys ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

const ACTIONS = paletteActions(IS_MAC);

function PaletteBody(props: { onChoose: (action: PaletteAction) => void }): ReactNode {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const hintId = useId();
  const shown = useMemo(() => filterActions(ACTIONS, query), [query]);
  const current = Math.min(active, shown.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const last = shown.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves && shown.length > 0) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
      document.getElementById(optionId(moves[event.key] ?? 0))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const action = shown[current];
      if (action !== undefined) props.onChoose(action);
    }
  };
  return (
    <>
      <input
        className="palette-input"
        type="text"
        role="combobox"
        aria-label="Search actions"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-describedby={hintId}
        placeholder="Type an action, e.g. screenshot"
        // The DOM attribute, not React's autoFocus: showModal() focuses the element that carries it.
        ref={(input) => input?.setAttribute('autofocus', '')}
        spellCheck={false}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul className="palette-list" role="listbox" id={listId} aria-label="Actions">
        {shown.map((action, index) => (
          <li
            key={action.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={index === current ? 'active' : ''}
            onMouseMove={() => setActive(index)}
            onClick={() => props.onChoose(action)}
          >
            <span>{action.label}</span>
            {action.keys !== undefined && <kbd>{action.keys}</kbd>}
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="hint">No action matches “{query}”.</p>}
      <p className="hint" id={hintId}>
        ↑ ↓ to move, Enter to run, Esc to close.
      </p>
    </>
  );
}

export function CommandPalette(): ReactNode {
  const store = useConsoleStore();
  const open = useConsole((state) => state.paletteOpen);
  const setPaletteOpen = useConsole((state) => state.setPaletteOpen);
  return (
    <Dialog title="Command palette" open={open} onClose={() => setPaletteOpen(false)} className="palette">
      <PaletteBody
        onChoose={(action) => {
          setPaletteOpen(false);
          // After the dialog closed and focus went back where it was, so "Focus the device list" keeps its focus.
          requestAnimationFrame(() => action.run(store));
        }}
      />
    </Dialog>
  );
}
