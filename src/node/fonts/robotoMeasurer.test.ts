import { describe, expect, it } from 'vitest';
import { createRobotoMeasurer, ROBOTO_ASCENT_PER_EM, ROBOTO_DESCENT_PER_EM } from './robotoMeasurer';

describe('createRobotoMeasurer', () => {
  const measurer = createRobotoMeasurer();

  it('measures Roboto advances (the toolchain reference: 526.33 px at 42 px)', () => {
    expect(measurer.measure('FLOW-001: Observe settings', 42)).toBeCloseTo(526.33, 1);
  });

  it('scales with the font size and adds up over words within kerning error', () => {
    const at42 = measurer.measure('FLOW-001: Observe settings', 42);
    expect(measurer.measure('FLOW-001: Observe settings', 31.5)).toBeCloseTo((at42 * 31.5) / 42, 1);
    const parts =
      measurer.measure('FLOW-001:', 42) +
      measurer.measure(' ', 42) +
      measurer.measure('Observe settings', 42);
    expect(Math.abs(parts - at42)).toBeLessThan(2);
  });

  it('uses Roboto for Latin, Cyrillic and Greek text instead of a fallback font', () => {
    // Roboto's "i" is much narrower than "m"; a monospace or missing-glyph fallback would make them equal.
    expect(measurer.measure('m', 42) / measurer.measure('i', 42)).toBeGreaterThan(2.5);
    expect(measurer.measure('Ж', 42)).toBeGreaterThan(measurer.measure('ж', 42));
    expect(measurer.measure('Ελληνικά', 42)).toBeGreaterThan(100);
  });

  it('returns 0 for empty text and for U+FFFC, whose width the layout supplies', () => {
    expect(measurer.measure('', 42)).toBe(0);
    expect(measurer.measure('\uFFFC', 42)).toBe(0);
  });

  it('gives the same answer from its cache, per font size', () => {
    const first = measurer.measure('cached text', 20);
    expect(measurer.measure('cached text', 20)).toBe(first);
    expect(measurer.measure('cached text', 40)).toBeCloseTo(first * 2, 1);
  });

  it("reports Roboto's hhea metrics as Android's FontMetrics does", () => {
    expect(ROBOTO_ASCENT_PER_EM).toBe(-0.927734375);
    expect(ROBOTO_DESCENT_PER_EM).toBe(0.244140625);
    expect(measurer.fontMetrics(42)).toEqual({ ascent: -38.96484375, descent: 10.25390625 });
    const { ascent, descent } = measurer.fontMetrics(31.5);
    expect(Math.ceil(descent - ascent)).toBe(37);
  });

  it('measures uncached text in well under a millisecond', () => {
    const fresh = createRobotoMeasurer();
    const started = performance.now();
    for (let index = 0; index < 200; index += 1) fresh.measure(`line ${index} of panel text`, 31.5);
    expect((performance.now() - started) / 200).toBeLessThan(1);
  });
});
