import { describe, expect, it } from 'vitest';
import { closestMatch, didYouMean, similarity } from './didYouMean';

const FLAGS = ['--text', '--template', '--width-dp', '--anchor'];

describe('similarity', () => {
  it('is 1 for equal strings and drops with each edit', () => {
    expect(similarity('--text', '--text')).toBe(1);
    expect(similarity('', '')).toBe(1);
    expect(similarity('--txt', '--text')).toBeCloseTo(5 / 6);
    expect(similarity('abc', 'xyz')).toBe(0);
  });
});

describe('closestMatch', () => {
  it('suggests the nearest candidate above 0.75', () => {
    expect(closestMatch('--widht-dp', FLAGS)).toBe('--width-dp');
    expect(closestMatch('--ancor', FLAGS)).toBe('--anchor');
  });

  it('suggests nothing for distant input', () => {
    expect(closestMatch('--colour', FLAGS)).toBeUndefined();
    expect(closestMatch('--t', FLAGS)).toBeUndefined();
  });
});

describe('didYouMean', () => {
  it('formats a suggestion or nothing', () => {
    expect(didYouMean('--txt', FLAGS)).toBe(' Did you mean --text?');
    expect(didYouMean('--bogus', FLAGS)).toBe('');
  });

  it('explains that values are separate arguments for --flag=value', () => {
    expect(didYouMean('--text=hello', FLAGS)).toBe(
      ' Did you mean --text <value>? Values follow their flag as a separate argument.',
    );
  });
});
