import { describe, expect, it } from 'vitest';
import { cssColor, isLight, parseColor, shade } from './colors';

describe('colours', () => {
  it('parses #RRGGBB as opaque and #AARRGGBB with its alpha, in either case', () => {
    expect(parseColor('#a1B2c3')).toEqual({ a: 255, r: 0xa1, g: 0xb2, b: 0xc3 });
    expect(parseColor('#B3000000')).toEqual({ a: 0xb3, r: 0, g: 0, b: 0 });
    expect(parseColor('#7f0a0b0c')).toEqual({ a: 0x7f, r: 10, g: 11, b: 12 });
  });

  it.each(['red', '#12345', '#1234567', '#GG0000', '#FFFFFFFFF', ''])('rejects %j', (text) => {
    expect(parseColor(text)).toBeNull();
    expect(() => cssColor(text)).toThrow(`Invalid colour ${text}: expected #RRGGBB or #AARRGGBB`);
  });

  it('writes canvas colours with 8-bit alpha', () => {
    expect(cssColor('#80FF0000')).toBe(`rgba(255, 0, 0, ${128 / 255})`);
  });

  it('shades towards white or black and judges lightness', () => {
    expect(shade('#000000', 1)).toBe('rgba(255, 255, 255, 1)');
    expect(shade('#808080', -0.5)).toBe('rgba(64, 64, 64, 1)');
    expect(isLight('#F3F5FA')).toBe(true);
    expect(isLight('#E65100')).toBe(false);
    expect(isLight('#1D2B53')).toBe(false);
  });
});
