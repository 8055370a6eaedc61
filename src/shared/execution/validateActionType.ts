// Action type normalization (reference section 1): exact on-screen-log names and aliases, forgiving generic types.
import { CLEAR_ON_SCREEN_LOG, SET_ON_SCREEN_LOG, SNAPSHOT, TAKE_SCREENSHOT, type ActionType } from './types';

/** Canonical types in the order error messages list them. */
export const SUPPORTED_ACTION_TYPES: readonly ActionType[] = [
  SET_ON_SCREEN_LOG,
  CLEAR_ON_SCREEN_LOG,
  SNAPSHOT,
  TAKE_SCREENSHOT,
];

// Only these exact strings: no trimming or case folding for the on-screen-log pair.
const EXACT_TYPES: ReadonlyMap<string, ActionType> = new Map([
  [SET_ON_SCREEN_LOG, SET_ON_SCREEN_LOG],
  [CLEAR_ON_SCREEN_LOG, CLEAR_ON_SCREEN_LOG],
  ['on_screen_log_set', SET_ON_SCREEN_LOG],
  ['on_screen_log_clear', CLEAR_ON_SCREEN_LOG],
]);

// Looked up after trim + lower-case.
const GENERIC_TYPES: ReadonlyMap<string, ActionType> = new Map([
  [SNAPSHOT, SNAPSHOT],
  ['snapshot_ui', SNAPSHOT],
  [TAKE_SCREENSHOT, TAKE_SCREENSHOT],
  ['screenshot', TAKE_SCREENSHOT],
  ['capture_screenshot', TAKE_SCREENSHOT],
]);

/** The canonical type for a raw input type, or null when it is not supported. */
export function normalizeActionType(raw: string): ActionType | null {
  return (
    EXACT_TYPES.get(raw) ?? GENERIC_TYPES.get(raw) ?? GENERIC_TYPES.get(raw.trim().toLowerCase()) ?? null
  );
}
