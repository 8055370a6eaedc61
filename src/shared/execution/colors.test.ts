import { describe, expect, it } from 'vitest';
import { colorToArgb, normalizeColor } from './colors';

describe('normalizeColor', () => {
  it.each([
    ['#a1b2c3', '#FFA1B2C3'],
    ['#A1B2C3', '#FFA1B2C3'],
    ['#7f0a0b0c', '#7F0A0B0C'],
    ['#B3000000', '#B3000000'],
    ['#ffffff', '#FFFFFFFF'],
    ['#00000000', '#00000000'],
    ['#aBcDeF', '#FFABCDEF'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeColor(input)).toBe(expected);
  });

  it.each([
    'red',
    '#12345',
    '#1234567',
    '#GG0000',
    '#FFFFFFFFF',
    '',
    '#',
    'FFFFFF',
    ' #FFFFFF',
    '#FFFFFF ',
    '#ff ff ff',
    '0xFFFFFF',
    '#fffffg',
    '#ＦＦＦＦＦＦ',
  ])('rejects %j', (input) => {
    expect(normalizeColor(input)).toBeNull();
  });
});

describe('colorToArgb', () => {
  it('splits canonical and short forms into channels', () => {
    expect(colorToArgb('#B3000000')).toEqual({ alpha: 0xb3, red: 0, green: 0, blue: 0 });
    expect(colorToArgb('#7f0a0b0c')).toEqual({ alpha: 0x7f, red: 0x0a, green: 0x0b, blue: 0x0c });
    expect(colorToArgb('#a1b2c3')).toEqual({ alpha: 255, red: 0xa1, green: 0xb2, blue: 0xc3 });
  });

  it('yields transparent black for an invalid colour', () => {
    expect(colorToArgb('red')).toEqual({ alpha: 0, red: 0, green: 0, blue: 0 });
  });
});
