// A TextMeasurer on any 2D canvas context (the browser's, or @napi-rs/canvas on the host and in the simulator) with
// Roboto, caching every measured run (a keystroke or a growing layout prefix re-measures only new text).
import type { TextMeasurer } from './types';

/** Roboto's hhea ascender (1900) and descender (500) over 2048 units per em, as Android's FontMetrics reports. */
export const ASCENT_PER_EM = -1900 / 2048;
export const DESCENT_PER_EM = 500 / 2048;
export const PREVIEW_FONT_FAMILY = 'Roboto';
const CACHE_LIMIT = 50_000;

/** The canvas context features measuring needs. */
export interface MeasuringContext {
  font: string;
  measureText(text: string): { width: number };
}

export interface CachingMeasurer extends TextMeasurer {
  /** Forgets cached widths (after a font file finished loading). */
  reset(): void;
  readonly cacheSize: number;
}

/** `font` shorthand for a pixel size of the preview font. */
export function previewFont(fontSizePx: number): string {
  return `${fontSizePx}px ${PREVIEW_FONT_FAMILY}`;
}

/** `font` decides the CSS font of a pixel size (default: the preview's Roboto family). */
export function createCanvasMeasurer(
  context: MeasuringContext,
  font: (fontSizePx: number) => string = previewFont,
): CachingMeasurer {
  const cache = new Map<string, number>();
  let currentSize = Number.NaN;
  return {
    measure(text: string, fontSizePx: number): number {
      if (text === '') return 0;
      const key = `${fontSizePx}\u0000${text}`;
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      if (fontSizePx !== currentSize) {
        context.font = font(fontSizePx);
        currentSize = fontSizePx;
      }
      const width = context.measureText(text).width;
      // Why clear instead of evicting one entry: a full cache means the text changed wholesale; old runs are dead.
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, width);
      return width;
    },
    fontMetrics: (fontSizePx) => ({
      ascent: ASCENT_PER_EM * fontSizePx,
      descent: DESCENT_PER_EM * fontSizePx,
    }),
    reset() {
      cache.clear();
      currentSize = Number.NaN;
    },
    get cacheSize() {
      return cache.size;
    },
  };
}
