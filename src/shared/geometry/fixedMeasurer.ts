// A font-free TextMeasurer: every UTF-16 unit advances by the same fraction of the font size.
// The conformance vectors use it so the TypeScript and Kotlin layouts can be compared number for number.
import type { TextMeasurer } from './types';

export interface FixedAdvanceOptions {
  /** Advance of one UTF-16 unit, as a fraction of the font size (em). */
  advance: number;
  /** Ascent as an em fraction (negative: above the baseline). */
  ascent: number;
  /** Descent as an em fraction (positive). */
  descent: number;
}

/**
 * measure(text, size) = text.length * advance * size, evaluated left to right in IEEE doubles;
 * fontMetrics(size) = { ascent: ascent * size, descent: descent * size }.
 */
export function createFixedAdvanceMeasurer(options: FixedAdvanceOptions): TextMeasurer {
  const { advance, ascent, descent } = options;
  return {
    measure: (text, fontSizePx) => text.length * advance * fontSizePx,
    fontMetrics: (fontSizePx) => ({ ascent: ascent * fontSizePx, descent: descent * fontSizePx }),
  };
}

/** Roboto's vertical metrics (ascent 1900/2048, descent 500/2048) with a half-em advance. */
export const ROBOTO_LIKE_METRICS: FixedAdvanceOptions = {
  advance: 0.5,
  ascent: -0.927734375,
  descent: 0.244140625,
};
