import { describe, expect, it } from 'vitest';
import { findForbiddenControl, isWhitespaceCode, isWhitespaceOnly, utf16Length } from './text';

const WHITESPACE = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
];

describe('isWhitespaceCode / isWhitespaceOnly', () => {
  it.each(WHITESPACE.map((code) => [code.toString(16).padStart(4, '0'), code] as const))(
    'U+%s is whitespace on its own and repeated',
    (_hex, code) => {
      const char = String.fromCharCode(code);
      expect(isWhitespaceCode(code)).toBe(true);
      expect(isWhitespaceOnly(char)).toBe(true);
      expect(isWhitespaceOnly(char.repeat(3))).toBe(true);
      expect(isWhitespaceOnly(`${char}x${char}`)).toBe(false);
    },
  );

  it('matches the ECMAScript trim set for every BMP code unit', () => {
    const mismatches: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (isWhitespaceCode(code) !== (String.fromCharCode(code).trim() === '')) mismatches.push(code);
    }
    expect(mismatches).toEqual([]);
  });

  it('does not count look-alikes (zero-width space, Mongolian vowel separator, NEL) as whitespace', () => {
    expect(isWhitespaceOnly('\u200b')).toBe(false);
    expect(isWhitespaceOnly('\u180e')).toBe(false);
    expect(isWhitespaceOnly('\u0085')).toBe(false);
  });

  it('treats the empty string as whitespace-only', () => {
    expect(isWhitespaceOnly('')).toBe(true);
  });
});

describe('findForbiddenControl', () => {
  it.each(
    [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x0d, 0x0e, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f].map(
      (code) => [code.toString(16), code] as const,
    ),
  )('finds U+%s and reports its index', (_hex, code) => {
    expect(findForbiddenControl(`ab${String.fromCharCode(code)}c`)).toBe(2);
  });

  it('allows LF, TAB and the neighbours of the forbidden ranges', () => {
    expect(findForbiddenControl('one\n\ttwo')).toBe(-1);
    expect(findForbiddenControl('\u0020\u007e\u00a0\u00ff\u{1f600}')).toBe(-1);
    expect(findForbiddenControl('')).toBe(-1);
  });

  it('reports the first of several', () => {
    expect(findForbiddenControl('x\ty\r\u0000')).toBe(3);
  });

  it('agrees with a per-code-unit definition for every code unit below U+0100', () => {
    for (let code = 0; code < 0x100; code++) {
      const forbidden = (code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
      expect(findForbiddenControl(`a${String.fromCharCode(code)}`), `U+${code.toString(16)}`).toBe(
        forbidden ? 1 : -1,
      );
    }
  });
});

describe('utf16Length', () => {
  it('counts UTF-16 code units, so an astral character counts two', () => {
    expect(utf16Length('abc')).toBe(3);
    expect(utf16Length('\u{1f600}')).toBe(2);
    expect(utf16Length('é')).toBe(1);
  });
});
