import { describe, expect, it } from 'vitest';
import { createFixedAdvanceMeasurer } from '../../../shared/geometry/fixedMeasurer';
import { lineAdvance, type LineFont } from '../../../shared/geometry/wrap';
import { lineRuns } from './lineRuns';

const font: LineFont = {
  measurer: createFixedAdvanceMeasurer({ advance: 0.5, ascent: -1, descent: 0.25 }),
  fontSizePx: 10,
  iconSizePx: 12,
  tabStopPx: 20,
};

describe('lineRuns', () => {
  it('splits text at tabs and icons with the wrap module advances', () => {
    const text = 'ab\tc\uFFFCde';
    expect(lineRuns(text, font)).toEqual([
      { kind: 'text', text: 'ab', x: 0 },
      { kind: 'text', text: 'c', x: 20 },
      { kind: 'icon', x: 25 },
      { kind: 'text', text: 'de', x: 37 },
    ]);
    const last = lineRuns(text, font).at(-1);
    expect(last?.kind === 'text' && last.x + font.measurer.measure(last.text, 10)).toBe(
      lineAdvance(text, font),
    );
  });

  it('handles consecutive tabs, leading icons and an empty line', () => {
    expect(lineRuns('\uFFFC\t\tx', font)).toEqual([
      { kind: 'icon', x: 0 },
      { kind: 'text', text: 'x', x: 40 },
    ]);
    expect(lineRuns('', font)).toEqual([]);
  });

  it('treats a zero tab stop as a zero-width tab', () => {
    expect(lineRuns('a\tb', { ...font, tabStopPx: 0 })).toEqual([
      { kind: 'text', text: 'a', x: 0 },
      { kind: 'text', text: 'b', x: 5 },
    ]);
  });
});
