import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError, lineAndColumn } from './errorPosition';

describe('findJsonSyntaxError', () => {
  it.each([
    '0',
    '-0.5e+10',
    '"a\\u00e9\\n"',
    '"\\uD83D\\uDE00 \\u00AF"',
    'true',
    ' null ',
    '[]',
    '{}',
    '[[[[]]]]',
    '[1,[2,{"a":[]}]]',
    '{"a":{"b":"c"},"d":[true,false,null]}',
    ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"], "b": {}} ',
    '\n{ "x" : 1 }\t',
  ])('finds nothing wrong in valid JSON %j, agreeing with JSON.parse', (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(findJsonSyntaxError(text)).toBeNull();
  });

  it.each<[string, number, string]>([
    ['', 0, 'unexpected end of input'],
    ['{', 1, 'unexpected end of input'],
    ['[', 1, 'unexpected end of input'],
    ['{"a":}', 5, 'unexpected character "}"'],
    ['{"a":1,}', 7, 'unexpected character "}"'],
    ['[1,]', 3, 'unexpected character "]"'],
    ['[1 2]', 3, 'unexpected character "2"'],
    ['{"a" 1}', 5, 'unexpected character "1"'],
    ['{a:1}', 1, 'unexpected character "a"'],
    ["{'a':1}", 1, 'unexpected character "\'"'],
    ['[01]', 2, 'unexpected character "1"'],
    ['[1.]', 2, 'unexpected character "."'],
    ['1e', 1, 'unexpected character "e"'],
    ['-', 0, 'unexpected character "-"'],
    ['+1', 0, 'unexpected character "+"'],
    ['tru', 0, 'unexpected character "t"'],
    ['{"a":tru}', 5, 'unexpected character "t"'],
    ['{"a":1}}', 7, 'unexpected character "}"'],
    ['"tab\there"', 4, 'unexpected character "\\t"'],
    ['{"a":"x\n"}', 7, 'unexpected character "\\n"'],
    ['"open', 5, 'unexpected end of input'],
    ['{"a":"open', 10, 'unexpected end of input'],
    ['"a\\x"', 3, 'unexpected character "x"'],
    ['{"a":"\\x"}', 7, 'unexpected character "x"'],
    ['"\\', 2, 'unexpected end of input'],
  ])('locates the error in %j at %i (%s)', (text, position, reason) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(findJsonSyntaxError(text)).toMatchObject({ position, reason });
  });

  // The case the CLI and HTTP copies disagreed on (3 and 2): the first character that is not a hex digit, as V8.
  it.each<[string, number, string]>([
    ['"\\u12G4"', 5, 'unexpected character "G"'],
    ['{"a":"\\u12G4"}', 10, 'unexpected character "G"'],
    ['"\\uZZZZ"', 3, 'unexpected character "Z"'],
    ['"\\u12"', 5, 'unexpected character "\\""'],
    ['"\\u00e', 6, 'unexpected end of input'],
    ['"\\u', 3, 'unexpected end of input'],
  ])('locates a bad \\u escape in %j at %i, where V8 does', (text, position, reason) => {
    expect(findJsonSyntaxError(text)).toMatchObject({ position, reason });
    expect(() => JSON.parse(text)).toThrow(new RegExp(`at position ${position}\\b`));
  });

  it('gives line and column, and survives deep nesting', () => {
    expect(findJsonSyntaxError('{\n  "a": 1,\n  "b": ?\n}')).toEqual({
      position: 19,
      line: 3,
      column: 8,
      reason: 'unexpected character "?"',
    });
    expect(findJsonSyntaxError(`${'['.repeat(50_000)}${']'.repeat(50_000)}`)).toBeNull();
    expect(findJsonSyntaxError(`${'['.repeat(50_000)}}`)?.position).toBe(50_000);
    expect(findJsonSyntaxError('['.repeat(200_000))?.position).toBe(200_000);
  });
});

describe('lineAndColumn', () => {
  it('counts 1-based lines and columns', () => {
    expect(lineAndColumn('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('{\n  "a": }', 9)).toEqual({ line: 2, column: 8 });
  });
});
