import { describe, expect, it } from 'vitest';
import { parseNumericToken } from './numericToken';

describe('parseNumericToken', () => {
  it.each([
    ['0', 0],
    ['0.0', 0],
    ['12.0', 12],
    ['2.8e2', 280],
    ['1e3', 1000],
    ['1E3', 1000],
    ['1e+3', 1000],
    ['1.5e1', 15],
    ['-5', -5],
    ['600', 600],
  ])('accepts %j as %d', (token, value) => {
    expect(parseNumericToken(token)).toBe(value);
  });

  it('turns -0 and -0.0 into a positive zero', () => {
    expect(Object.is(parseNumericToken('-0'), 0)).toBe(true);
    expect(Object.is(parseNumericToken('-0.0'), 0)).toBe(true);
  });

  it.each([
    '',
    ' ',
    ' 1',
    '1 ',
    '0x10',
    '12px',
    '1.5',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '1e-3',
    '012',
    '+5',
  ])('rejects %j', (token) => {
    expect(parseNumericToken(token)).toBeNull();
  });

  it.each(['-', '.', '1.', '.5', '1e', '1e+', '--1', '1_000', '1,000', '\u0661', '١٢'])(
    'rejects malformed %j',
    (token) => {
      expect(parseNumericToken(token)).toBeNull();
    },
  );
});
