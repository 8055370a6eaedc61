import { describe, expect, it } from 'vitest';
import { INITIAL_DESIGN, setField } from './design';
import { readStoredDesign, storeDesign, type KeyValueStorage } from './persist';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('design persistence', () => {
  it('stores and reads back a design', () => {
    const storage = memoryStorage();
    const design = setField(INITIAL_DESIGN, { field: 'widthDp', value: '12px' });
    storeDesign(storage, design);
    expect(readStoredDesign(storage)).toEqual(design);
  });

  it('ignores missing, broken and foreign values', () => {
    const storage = memoryStorage();
    expect(readStoredDesign(storage)).toBeNull();
    storage.data.set('androperator.design.v1', '{oops');
    expect(readStoredDesign(storage)).toBeNull();
    storage.data.set('androperator.design.v1', '{"mode":"x"}');
    expect(readStoredDesign(storage)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readStoredDesign(broken)).toBeNull();
    expect(() => storeDesign(broken, INITIAL_DESIGN)).not.toThrow();
  });
});
