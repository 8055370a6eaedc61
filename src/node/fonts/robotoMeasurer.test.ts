import { describe, expect, it } from 'vitest';
import {
  createCanvasRobotoMeasurer,
  createRobotoMeasurer,
  ROBOTO_ASCENT_PER_EM,
  ROBOTO_DESCENT_PER_EM,
} from './robotoMeasurer';

describe('createRobotoMeasurer', () => {
  const measurer = createRobotoMeasurer();

  it("answers Android's Paint.measureText (528 at 42 px), not the canvas's fractional Roboto (526.33)", () => {
    expect(measurer.measure('FLOW-001: Observe settings', 42)).toBe(528);
    expect(createCanvasRobotoMeasurer().measure('FLOW-001: Observe settings', 42)).toBeCloseTo(526.33, 1);
  });

  it('gives whole pixels, taking glyph advances at the whole pixel size below the text size', () => {
    for (const size of [9.52, 31.5, 36.75, 47.775]) {
      expect(Number.isInteger(measurer.measure('Observe settings', size))).toBe(true);
    }
    // Hinted Roboto at 36.75 px is Roboto at 36 px: "A" is 23 px wide, not 27.4 × 36.75 / 42 = 23.97.
    expect(measurer.measure('A', 36.75)).toBe(measurer.measure('A', 36));
    expect(measurer.measure('A', 36.75)).toBe(23);
  });

  it('uses Roboto for Latin, Cyrillic and Greek text instead of a fallback font', () => {
    expect(measurer.measure('m', 42) / measurer.measure('i', 42)).toBeGreaterThan(2.5);
    expect(measurer.measure('Ж', 42)).toBeGreaterThan(measurer.measure('ж', 42));
    expect(measurer.measure('Ελληνικά', 42)).toBeGreaterThan(100);
  });

  it('measures an emoji sequence as one glyph and CJK as one em per character', () => {
    expect(measurer.measure('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', 42)).toBe(
      measurer.measure('\u{1F600}', 42),
    );
    expect(measurer.measure('中文字', 42)).toBe(126);
  });

  it('returns 0 for empty text and for U+FFFC, whose width the layout supplies', () => {
    expect(measurer.measure('', 42)).toBe(0);
    expect(measurer.measure('\uFFFC', 42)).toBe(0);
  });

  it('gives the same answer from its cache, per font size', () => {
    const first = measurer.measure('cached text', 20);
    expect(measurer.measure('cached text', 20)).toBe(first);
    expect(measurer.measure('cached text', 40)).toBeGreaterThan(first * 1.9);
  });

  it("reports Roboto's hhea metrics as Android's FontMetrics does", () => {
    expect(ROBOTO_ASCENT_PER_EM).toBe(-0.927734375);
    expect(ROBOTO_DESCENT_PER_EM).toBe(0.244140625);
    expect(measurer.fontMetrics(42)).toEqual({ ascent: -38.96484375, descent: 10.25390625 });
    const { ascent, descent } = measurer.fontMetrics(31.5);
    expect(Math.ceil(descent - ascent)).toBe(37);
  });
});
