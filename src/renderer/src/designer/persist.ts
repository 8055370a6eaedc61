// Keeps the current design across restarts (local storage; a broken or foreign value is ignored).
import { parseDesign, type Design } from './design';

const KEY = 'androperator.design.v1';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The stored design, or null. */
export function readStoredDesign(storage: KeyValueStorage): Design | null {
  try {
    const text = storage.getItem(KEY);
    return text === null ? null : parseDesign(JSON.parse(text));
  } catch {
    return null;
  }
}

export function storeDesign(storage: KeyValueStorage, design: Design): void {
  try {
    storage.setItem(KEY, JSON.stringify(design));
  } catch {
    // Storage full or disabled (private mode): the design simply is not remembered.
  }
}
