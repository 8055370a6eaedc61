import { describe, expect, it } from 'vitest';
import { fitScreen } from './screenFit';

describe('fitScreen', () => {
  it('fits the screen in the box at its aspect ratio', () => {
    expect(fitScreen({ width: 1080, height: 2400 }, { width: 400, height: 480 })).toEqual({
      width: 216,
      height: 480,
      scale: 0.2,
    });
    expect(fitScreen({ width: 2400, height: 1080 }, { width: 480, height: 480 })).toEqual({
      width: 480,
      height: 216,
      scale: 0.2,
    });
  });

  it('is empty for an empty box or screen', () => {
    expect(fitScreen({ width: 1080, height: 2400 }, { width: 0, height: 400 }).scale).toBe(0);
    expect(fitScreen({ width: 0, height: 2400 }, { width: 100, height: 400 }).scale).toBe(0);
  });
});
