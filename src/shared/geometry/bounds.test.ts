import { describe, expect, it } from 'vitest';
import { formatBounds, parseBounds } from './bounds';

describe('formatBounds / parseBounds', () => {
  it('formats as [left,top][right,bottom]', () => {
    expect(formatBounds({ left: 21, top: 157, right: 756, bottom: 236 })).toBe('[21,157][756,236]');
  });

  it('round-trips, negatives included', () => {
    for (const text of ['[0,0][1,1]', '[-5,-10][0,3]', '[313,199][1048,278]']) {
      const rect = parseBounds(text);
      expect(rect).not.toBeNull();
      if (rect !== null) expect(formatBounds(rect)).toBe(text);
    }
  });

  it.each([
    '',
    '[1,2][3]',
    '[1,2] [3,4]',
    '[01,2][3,4]',
    '[1.5,2][3,4]',
    '(1,2)(3,4)',
    '[1,2][3,4]x',
    '[+1,2][3,4]',
    '[-0x1,2][3,4]',
    '[99999999999999999999,0][1,1]',
  ])('rejects %j', (text) => {
    expect(parseBounds(text)).toBeNull();
  });
});
