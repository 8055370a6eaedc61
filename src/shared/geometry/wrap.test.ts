import { describe, expect, it } from 'vitest';
import { createFixedAdvanceMeasurer } from './fixedMeasurer';
import { ellipsizeLine, lineAdvance, trimHangingSpaces, wrapText, type LineFont } from './wrap';

// 10 px per UTF-16 unit, tab stops every 40 px, icons 15 px.
const font: LineFont = {
  measurer: createFixedAdvanceMeasurer({ advance: 0.5, ascent: -0.75, descent: 0.25 }),
  fontSizePx: 20,
  iconSizePx: 15,
  tabStopPx: 40,
};

describe('lineAdvance', () => {
  it('measures text, icons and tabs left to right', () => {
    expect(lineAdvance('ab', font)).toBe(20);
    expect(lineAdvance('a\uFFFCb', font)).toBe(35);
    expect(lineAdvance('\ta', font)).toBe(50);
    expect(lineAdvance('abcd\t', font)).toBe(80);
    expect(lineAdvance('a\t\tb', font)).toBe(90);
  });

  it('treats tabs as zero-width when there is no tab stop', () => {
    expect(lineAdvance('a\tb', { ...font, tabStopPx: 0 })).toBe(20);
  });
});

describe('trimHangingSpaces', () => {
  it('drops only trailing U+0020', () => {
    expect(trimHangingSpaces('  a b  ')).toBe('  a b');
    expect(trimHangingSpaces('a\t')).toBe('a\t');
  });
});

describe('wrapText', () => {
  it('breaks at spaces and lets the spaces hang', () => {
    expect(wrapText('aaa bbb ccc', 70, font, 10)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapText('aaa    bbb', 30, font, 10)).toEqual(['aaa', 'bbb']);
  });

  it('keeps a line that fits exactly', () => {
    expect(wrapText('abcde', 50, font, 10)).toEqual(['abcde']);
    expect(wrapText('abcdef', 50, font, 10)).toEqual(['abcde', 'f']);
  });

  it('splits paragraphs at LF, empty paragraphs included', () => {
    expect(wrapText('a\n\nb\n', 100, font, 10)).toEqual(['a', '', 'b', '']);
  });

  it('breaks an over-long word between code points but never inside a pair', () => {
    expect(wrapText('abcdefgh', 30, font, 10)).toEqual(['abc', 'def', 'gh']);
    expect(wrapText('ab\u{1F600}cd', 30, font, 10)).toEqual(['ab', '\u{1F600}c', 'd']);
  });

  it('puts at least one code point on a line even when it is wider', () => {
    expect(wrapText('\u{1F600}\u{1F600}', 10, font, 10)).toEqual(['\u{1F600}', '\u{1F600}']);
  });

  it('keeps leading spaces with the first word', () => {
    expect(wrapText('  abcdef', 40, font, 10)).toEqual(['  ab', 'cdef']);
  });

  it('continues after a broken word on the same line', () => {
    expect(wrapText('abcdefg hi', 50, font, 10)).toEqual(['abcde', 'fg hi']);
  });

  it('stops once the line limit is reached', () => {
    expect(wrapText('a\nb\nc\nd', 100, font, 2)).toEqual(['a', 'b']);
    expect(wrapText('aaaaaaaaaa', 10, font, 3)).toEqual(['a', 'a', 'a']);
  });

  it('wraps a tab-indented line by its tab position', () => {
    expect(wrapText('\tabc de', 70, font, 10)).toEqual(['\tabc', 'de']);
  });
});

describe('ellipsizeLine', () => {
  it('drops characters until text plus the ellipsis fits', () => {
    expect(ellipsizeLine('abcde', 50, font)).toBe('abcd\u2026');
    expect(ellipsizeLine('abc', 50, font)).toBe('abc\u2026');
  });

  it('drops a surrogate pair whole', () => {
    expect(ellipsizeLine('a\u{1F600}', 20, font)).toBe('a\u2026');
  });

  it('starts from the visible text, not hanging spaces', () => {
    expect(ellipsizeLine('ab   ', 30, font)).toBe('ab\u2026');
  });

  it('falls back to a lone ellipsis', () => {
    expect(ellipsizeLine('abc', 5, font)).toBe('\u2026');
  });
});
