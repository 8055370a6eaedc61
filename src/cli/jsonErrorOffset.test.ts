import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineAndColumn } from './jsonErrorOffset';

describe('jsonErrorOffset', () => {
  it.each([
    '{}',
    '[]',
    ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"], "b": {}} ',
    '"text"',
    '0',
    '[[[[]]]]',
    '{"a":{"b":{"c":[]}}}',
  ])('finds no error in valid JSON %j', (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(jsonErrorOffset(text)).toBe(-1);
  });

  it.each([
    ['{"a":}', 5],
    ['{"a":1,}', 7],
    ['{', 1],
    ['{"a" 1}', 5],
    ['', 0],
    ['{"a":"x\n"}', 7],
    ['[1 2]', 3],
    ['{"a":1}}', 7],
    ['{a:1}', 1],
    ['[01]', 2],
    ['{"a":"\\x"}', 7],
    ['{"a":"\\u12G4"}', 8],
    ['{"a":"open', 10],
    ['[1,]', 3],
    ["{'a':1}", 1],
    ['{"a":tru}', 5],
    ['[', 1],
  ])('locates the error in %j at %d', (text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it('handles deep nesting without recursion', () => {
    expect(jsonErrorOffset('['.repeat(200000))).toBe(200000);
  });
});

describe('lineAndColumn', () => {
  it('counts 1-based lines and columns', () => {
    expect(lineAndColumn('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('{\n  "a": }', 9)).toEqual({ line: 2, column: 8 });
  });
});
