// The designer's state: the design with its undo/redo history. Every change goes through a pure edit.
import type { SliceCreator } from '../store/types';
import { INITIAL_DESIGN, type Design } from './design';
import { commit, createHistory, redo, undo, type DesignHistory } from './history';

/** A pure designer edit. */
export type DesignEdit<I> = (design: Design, input: I) => Design;

export interface DesignerSlice {
  designHistory: DesignHistory;
  /**
   * Applies `edit(design, input)`. Edits sharing a `coalesceKey` (e.g. typing into one field) within a short pause
   * become one undo step; null makes a step of its own.
   */
  editDesign<I>(edit: DesignEdit<I>, input: I, coalesceKey?: string | null): void;
  undoDesign(): void;
  redoDesign(): void;
}

export function createDesignerSlice(initial: Design = INITIAL_DESIGN): SliceCreator<DesignerSlice> {
  return ({ now }) =>
    (set) => ({
      designHistory: createHistory(initial),
      editDesign(edit, input, coalesceKey = null) {
        set((state) => {
          const next = edit(state.designHistory.present, input);
          const history = commit(state.designHistory, next, coalesceKey, now());
          return history === state.designHistory ? state : { designHistory: history };
        });
      },
      undoDesign() {
        set((state) => ({ designHistory: undo(state.designHistory) }));
      },
      redoDesign() {
        set((state) => ({ designHistory: redo(state.designHistory) }));
      },
    });
}
