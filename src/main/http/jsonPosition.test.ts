import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from './jsonPosition';

describe('findJsonSyntaxError', () => {
  it('finds nothing wrong in valid JSON, agreeing with JSON.parse', () => {
    const valid = [
      '0',
      '-0.5e+10',
      '"a\\u00e9\\n"',
      'true',
      ' null ',
      '[]',
      '{}',
      '[1,[2,{"a":[]}]]',
      '{"a":{"b":"c"},"d":[true,false,null]}',
      '\n{ "x" : 1 }\t',
    ];
    for (const text of valid) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(findJsonSyntaxError(text)).toBeNull();
    }
  });

  it('reports the offending position for invalid JSON, agreeing with JSON.parse', () => {
    const cases: Array<[string, number, string]> = [
      ['', 0, 'unexpected end of input'],
      ['{"a":1,}', 7, 'unexpected character "}"'],
      ['[1 2]', 3, 'unexpected character "2"'],
      ['{"a" 1}', 5, 'unexpected character "1"'],
      ['{a:1}', 1, 'unexpected character "a"'],
      ['[01]', 2, 'unexpected character "1"'],
      ['[1.]', 2, 'unexpected character "."'],
      ['-', 0, 'unexpected character "-"'],
      ['+1', 0, 'unexpected character "+"'],
      ['"a\\x"', 3, 'unexpected character "x"'],
      ['"\\u12G4"', 2, 'unexpected character "u"'],
      ['"tab\there"', 4, 'unexpected character "\\t"'],
      ['"open', 5, 'unexpected end of input'],
      ['[1,2', 4, 'unexpected end of input'],
      ['{"a":1}}', 7, 'unexpected character "}"'],
      ['tru', 0, 'unexpected character "t"'],
      ["{'a':1}", 1, 'unexpected character "\'"'],
    ];
    for (const [text, position, reason] of cases) {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      expect(findJsonSyntaxError(text)).toMatchObject({ position, reason });
    }
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
  });
});
