// Roboto text measurement on the host, for predicting panel bounds the way the Operator lays them out.
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import type { TextMeasurer } from '../../shared/geometry/types';

/** Roboto's hhea ascender (1900) and descender (500) over 2048 units per em, as Android's FontMetrics reports. */
const ASCENT_PER_EM = -1900 / 2048;
const DESCENT_PER_EM = 500 / 2048;
// Fontsource splits Roboto into unicode-range subsets; one family per subset keeps Skia from picking a subset
// without Latin glyphs for Latin text (the same arrangement the simulator's screen renderer uses).
const SUBSETS = [
  'latin',
  'latin-ext',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
  'vietnamese',
  'symbols',
  'math',
];
const FAMILY_PREFIX = 'Androperator Host Roboto';
const FAMILIES = SUBSETS.map((subset) => `"${FAMILY_PREFIX} ${subset}"`).join(', ');
const CACHE_LIMIT = 20_000;

let registered = false;

function registerRoboto(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  for (const subset of SUBSETS) {
    const path = require.resolve(`@fontsource/roboto/files/roboto-${subset}-400-normal.woff2`);
    if (GlobalFonts.registerFromPath(path, `${FAMILY_PREFIX} ${subset}`) === null)
      throw new Error(`Could not register Roboto font file ${path}`);
  }
  registered = true;
}

/** A canvas-backed Roboto measurer; throws only when the bundled font files are missing (a broken install). */
export function createHostRobotoMeasurer(): TextMeasurer {
  registerRoboto();
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
        context.font = `${fontSizePx}px ${FAMILIES}`;
        currentSize = fontSizePx;
      }
      const width = context.measureText(text).width;
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, width);
      return width;
    },
    fontMetrics: (fontSizePx) => ({
      ascent: ASCENT_PER_EM * fontSizePx,
      descent: DESCENT_PER_EM * fontSizePx,
    }),
  };
}
