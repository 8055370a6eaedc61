// Undo/redo over immutable designs. Typing into one field within a short pause is one undo step.
import type { Design } from './design';

export const HISTORY_LIMIT = 200;
/** Edits with the same key closer together than this merge into one undo step. */
export const COALESCE_MS = 800;

export interface DesignHistory {
  past: readonly Design[];
  present: Design;
  future: readonly Design[];
  /** Coalescing key and time of the last commit. */
  lastKey: string | null;
  lastAt: number;
}

export function createHistory(present: Design): DesignHistory {
  return { past: [], present, future: [], lastKey: null, lastAt: 0 };
}

/**
 * Records `next` as the present. A commit with the same `key` as the previous one within COALESCE_MS replaces
 * the present instead of adding an undo step. An unchanged design changes nothing.
 */
export function commit(history: DesignHistory, next: Design, key: string | null, at: number): DesignHistory {
  if (next === history.present) return history;
  const merge = key !== null && key === history.lastKey && at - history.lastAt < COALESCE_MS;
  const past = merge ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: key, lastAt: at };
}

export function undo(history: DesignHistory): DesignHistory {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
    lastAt: 0,
  };
}

export function redo(history: DesignHistory): DesignHistory {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastKey: null, lastAt: 0 };
}
