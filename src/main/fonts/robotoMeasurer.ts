// The Roboto text measurer shared by panel geometry and the screen renderer, so wrapping matches drawing.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { TextMeasurer } from '../../shared/geometry/types';
import { ensureRoboto, robotoFont } from './roboto';

/** Roboto's hhea ascender (1900) and descender (500) over 2048 units per em, as Android's FontMetrics reports. */
export const ROBOTO_ASCENT_PER_EM = -1900 / 2048;
export const ROBOTO_DESCENT_PER_EM = 500 / 2048;

// An uncached canvas measurement costs about 50 µs; layout re-measures growing prefixes, so results are cached.
const CACHE_LIMIT = 20_000;

/** A TextMeasurer backed by the same canvas text engine that draws the panel. */
export function createRobotoMeasurer(): TextMeasurer {
  ensureRoboto();
  const context: SKRSContext2D = createCanvas(1, 1).getContext('2d');
  const cache = new Map<string, number>();
  let currentSize = Number.NaN;
  return {
    measure(text: string, fontSizePx: number): number {
      if (text === '') return 0;
      const key = `${fontSizePx}\u0000${text}`;
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      if (fontSizePx !== currentSize) {
        context.font = robotoFont(fontSizePx);
        currentSize = fontSizePx;
      }
      const width = context.measureText(text).width;
      // Dropping the whole cache when full is simpler than LRU and still bounds memory.
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, width);
      return width;
    },
    fontMetrics(fontSizePx: number): { ascent: number; descent: number } {
      return { ascent: ROBOTO_ASCENT_PER_EM * fontSizePx, descent: ROBOTO_DESCENT_PER_EM * fontSizePx };
    },
  };
}

let shared: TextMeasurer | undefined;

/** One process-wide Roboto measurer (its cache is worth sharing between layouts). */
export function sharedRobotoMeasurer(): TextMeasurer {
  shared ??= createRobotoMeasurer();
  return shared;
}
