import { describe, expect, it } from 'vitest';
import { applyTheme, readTheme } from './theme';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('theme switch', () => {
  it('pins light or dark on the document and forgets the pin for system; remembers the choice', () => {
    const storage = memoryStorage();
    const root = { dataset: {} as DOMStringMap };
    expect(readTheme(storage)).toBe('system');
    applyTheme('dark', root, storage);
    expect(root.dataset.theme).toBe('dark');
    expect(readTheme(storage)).toBe('dark');
    applyTheme('system', root, storage);
    expect(root.dataset.theme).toBeUndefined();
    expect(readTheme(storage)).toBe('system');
  });

  it('ignores a stored value it does not know', () => {
    const storage = memoryStorage();
    storage.setItem('androperator.theme', 'sepia');
    expect(readTheme(storage)).toBe('system');
  });
});
