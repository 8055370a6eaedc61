// Registers Roboto (from @fontsource/roboto) with the canvas and builds CSS font strings that use it.
import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

// Fontsource splits Roboto into unicode-range subsets. Registering them all under one family lets Skia pick a
// subset that lacks Latin glyphs, so each subset gets its own family and the font string lists them as fallbacks.
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
const WEIGHTS = [400, 500] as const;

export type FontWeight = (typeof WEIGHTS)[number];

function familyOf(subset: string): string {
  return subset === 'latin' ? 'Roboto' : `Roboto ${subset}`;
}

/** The CSS family list: Roboto first, then its other subsets. */
export const ROBOTO_FAMILIES = SUBSETS.map((subset) => `"${familyOf(subset)}"`).join(', ');

let registered = false;

/** Registers the Roboto subsets once per process; throws if the font files cannot be found (broken install). */
export function ensureRoboto(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  for (const weight of WEIGHTS) {
    for (const subset of SUBSETS) {
      const path = require.resolve(`@fontsource/roboto/files/roboto-${subset}-${weight}-normal.woff2`);
      if (GlobalFonts.registerFromPath(path, familyOf(subset)) === null) {
        throw new Error(`Could not register Roboto font file ${path}`);
      }
    }
  }
  registered = true;
}

/** A canvas `font` value for Roboto at `sizePx` (fractional sizes are kept). */
export function robotoFont(sizePx: number, weight: FontWeight = 400): string {
  return `${weight === 400 ? '' : `${weight} `}${sizePx}px ${ROBOTO_FAMILIES}`;
}
