import { describe, expect, it } from 'vitest';
import { createFixedAdvanceMeasurer, ROBOTO_LIKE_METRICS } from './fixedMeasurer';

describe('createFixedAdvanceMeasurer', () => {
  const measurer = createFixedAdvanceMeasurer({ advance: 0.5, ascent: -0.75, descent: 0.25 });

  it('advances each UTF-16 unit by the em fraction, so a surrogate pair counts twice', () => {
    expect(measurer.measure('abcd', 10)).toBe(20);
    expect(measurer.measure('\u{1F600}', 10)).toBe(10);
    expect(measurer.measure('', 10)).toBe(0);
  });

  it('scales ascent and descent with the font size', () => {
    expect(measurer.fontMetrics(24)).toEqual({ ascent: -18, descent: 6 });
  });

  it('gives Roboto line height 37 px at 31.5 px', () => {
    const { ascent, descent } = createFixedAdvanceMeasurer(ROBOTO_LIKE_METRICS).fontMetrics(31.5);
    expect(Math.ceil(descent - ascent)).toBe(37);
  });
});
