import { describe, expect, it } from 'vitest';
import { decodeVectorString, readVectorFile } from './conformanceVectors';

describe('decodeVectorString', () => {
  it('passes strings through and expands repeat and concat, nested', () => {
    expect(decodeVectorString('abc')).toBe('abc');
    expect(decodeVectorString({ repeat: 'ab', times: 3 })).toBe('ababab');
    expect(decodeVectorString({ repeat: 'x', times: 0 })).toBe('');
    expect(decodeVectorString({ concat: ['a', { repeat: { concat: ['b', 'c'] }, times: 2 }, 'd'] })).toBe(
      'abcbcd',
    );
  });

  it.each([
    ['a number', 5],
    ['null', null],
    ['an array', ['a']],
    ['a fractional count', { repeat: 'a', times: 1.5 }],
    ['a negative count', { repeat: 'a', times: -1 }],
    ['a huge count', { repeat: 'a', times: 1e7 }],
    ['an extra key', { repeat: 'a', times: 2, x: 1 }],
    ['a bad part', { concat: ['a', 1] }],
    ['concat of a non-array', { concat: 'a' }],
  ])('rejects %s', (_label, value) => {
    expect(decodeVectorString(value)).toBeNull();
  });
});

describe('readVectorFile', () => {
  const file = (cases: unknown[]) => ({ kind: 'k', description: 'd', cases });
  const good = { name: 'a-case', input: 1, expect: 2 };

  it('returns the cases of a well-formed file', () => {
    expect(readVectorFile(file([good]), 'k', 1)).toEqual({
      ok: true,
      value: { description: 'd', cases: [good] },
    });
  });

  it.each([
    ['a wrong kind', { ...file([good]), kind: 'other' }, 'kind'],
    ['no description', { kind: 'k', cases: [good] }, 'description'],
    ['no cases array', { kind: 'k', description: 'd', cases: {} }, 'cases'],
    ['too few cases', file([good]), 'at least 2'],
    ['a duplicate name', file([good, good]), 'duplicate'],
    ['a non-kebab name', file([{ ...good, name: 'Bad_Name' }, good]), 'kebab'],
    ['a missing expect', file([{ name: 'x', input: 1 }, good]), 'lacks'],
  ])('rejects %s', (_label, json, problem) => {
    const read = readVectorFile(json, 'k', 2);
    expect(read.ok ? '' : read.error).toContain(problem);
  });

  it('rejects a non-object file', () => {
    expect(readVectorFile([], 'k', 0).ok).toBe(false);
  });
});
