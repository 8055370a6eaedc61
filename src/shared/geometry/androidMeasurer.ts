// Paint.measureText as Android's text stack computes it for the panel paint, rebuilt from the advance table that
// Robolectric generates (conformance/text-stack/font-metrics.json, see its README). The Operator wraps panel text
// with Paint.measureText, so the console predicts line breaks with the same numbers:
// - glyph advances are taken at p = floor(textSize) px: round(a × p / 2048) for a hinted outline font (Roboto, the
//   Noto and CJK fallbacks), a × p / 2048 rounded down to 1/256 px for the colour emoji font; the table's hinting
//   rows name the glyphs and sizes where the hinter moved an advance by a pixel;
// - kerning pairs add k × p / 2048 (rounded to 1/256 px), fi/fl/ffi/ffl are ligatures (one glyph);
// - an emoji sequence (ZWJ family, flag, skin tone) is one glyph, a combining mark adds nothing;
// - measureText is the ceiling of the sum (Paint.measureText rounds up to whole pixels).
// A code point the table does not hold is measured by the fallback measurer.
import type { CachingMeasurer } from './canvasMeasurer';
import type { TextMeasurer } from './types';

/** The generated table (the JSON file's shape; `samples` live in another file). */
export interface AndroidFontTable {
  referencePx: number;
  ppem: { min: number; max: number };
  ligatures: (string | number)[][];
  /** [first, last, advance at referencePx, hinted 0/1] runs, sorted. */
  advances: number[][];
  /** [ppem, code point or ligature, advance]. */
  hinting: (string | number)[][];
  /** [first, second, adjustment at referencePx]. */
  kerning: number[][];
}

/** Roboto's hhea ascender (1900) and descender (500) over 2048 units per em, as Android's FontMetrics reports. */
const ASCENT_PER_EM = -1900 / 2048;
const DESCENT_PER_EM = 500 / 2048;
const ZWJ = 0x200d;
const VARIATION_SELECTOR_16 = 0xfe0f;

interface Glyph {
  key: string | number;
  advance: number;
  hinted: boolean;
}

export interface AndroidMeasurerOptions {
  /** Measures code points the table lacks (the canvas with Roboto); without it they count one em at floor(size). */
  fallback?: TextMeasurer & { reset?: () => void };
}

/** A measurer answering Paint.measureText; `reset` also resets the fallback when it caches (a font finished loading). */
export function createAndroidMeasurer(
  table: AndroidFontTable,
  options: AndroidMeasurerOptions = {},
): CachingMeasurer {
  const runs = table.advances;
  const reference = table.referencePx;
  const ligatures = table.ligatures
    .map(([text, advance]) => ({ text: String(text), advance: Number(advance) }))
    .sort((a, b) => b.text.length - a.text.length);
  const hinting = new Map<string, number>();
  for (const [ppem, key, advance] of table.hinting) hinting.set(`${ppem}:${key}`, Number(advance));
  const kerning = new Map<number, number>();
  for (const [first, second, adjustment] of table.kerning) {
    kerning.set((first ?? 0) * 0x110000 + (second ?? 0), adjustment ?? 0);
  }
  const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
  const cache = new Map<string, number>();

  const glyphOf = (cp: number): Glyph | null => {
    let low = 0;
    let high = runs.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const run = runs[middle] as number[];
      if (cp < (run[0] as number)) high = middle - 1;
      else if (cp > (run[1] as number)) low = middle + 1;
      else return { key: cp, advance: run[2] as number, hinted: run[3] === 1 };
    }
    return null;
  };

  const scaled = (glyph: Glyph, ppem: number): number => {
    const exception = hinting.get(`${ppem}:${glyph.key}`);
    if (exception !== undefined) return exception;
    const value = (glyph.advance * ppem) / reference;
    return glyph.hinted ? Math.floor(value + 0.5) : Math.floor(value * 256) / 256;
  };

  const advanceOf = (text: string, fontSizePx: number): number => {
    const ppem = Math.floor(Math.fround(fontSizePx));
    let total = 0;
    let previous = -1;
    const clusters = Array.from(segmenter.segment(text), (segment) => segment.segment);
    for (let index = 0; index < clusters.length; index += 1) {
      const cluster = clusters[index] as string;
      const ligature = ligatures.find(
        (candidate) => clusters.slice(index, index + candidate.text.length).join('') === candidate.text,
      );
      if (ligature !== undefined) {
        total += scaled({ key: ligature.text, advance: ligature.advance, hinted: true }, ppem);
        index += ligature.text.length - 1;
        previous = -1;
        continue;
      }
      const codePoints = Array.from(cluster, (char) => char.codePointAt(0) as number);
      const first = codePoints[0] as number;
      const glyph = glyphOf(first);
      const single =
        codePoints.length === 1 || (codePoints.length === 2 && codePoints[1] === VARIATION_SELECTOR_16);
      const emojiSequence = !single && glyph !== null && !glyph.hinted;
      const markedBase = !single && glyph !== null && !codePoints.includes(ZWJ);
      if (glyph === null || (!single && !emojiSequence && !markedBase)) {
        total += options.fallback ? options.fallback.measure(cluster, fontSizePx) : ppem;
        previous = -1;
        continue;
      }
      total += scaled(glyph, ppem);
      if (previous >= 0 && single) {
        const adjustment = kerning.get(previous * 0x110000 + first);
        if (adjustment !== undefined) total += Math.round(((adjustment * ppem) / reference) * 256) / 256;
      }
      previous = single ? first : -1;
    }
    return total;
  };

  return {
    measure(text: string, fontSizePx: number): number {
      if (text === '') return 0;
      const key = `${fontSizePx}\u0000${text}`;
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const width = Math.ceil(advanceOf(text, fontSizePx));
      if (cache.size >= 50_000) cache.clear();
      cache.set(key, width);
      return width;
    },
    fontMetrics: (fontSizePx) => ({
      ascent: ASCENT_PER_EM * fontSizePx,
      descent: DESCENT_PER_EM * fontSizePx,
    }),
    reset() {
      cache.clear();
      options.fallback?.reset?.();
    },
    get cacheSize() {
      return cache.size;
    },
  };
}
