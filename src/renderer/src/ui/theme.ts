// The theme switch: follow the system (default), or pin light or dark. A preference of this window's storage, not a
// console setting: two people on one console may want different themes.

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const STORAGE_KEY = 'androperator.theme';

export function readTheme(storage: Pick<Storage, 'getItem'>): ThemeChoice {
  const stored = storage.getItem(STORAGE_KEY);
  return THEME_CHOICES.includes(stored as ThemeChoice) ? (stored as ThemeChoice) : 'system';
}

/** Pins the theme on the document (`data-theme`, read by theme.css) and remembers it. */
export function applyTheme(
  choice: ThemeChoice,
  root: Pick<HTMLElement, 'dataset'>,
  storage?: Pick<Storage, 'setItem'>,
): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  storage?.setItem(STORAGE_KEY, choice);
}
