// The "[left,top][right,bottom]" form of a pixel rectangle, as reported in set_on_screen_log step data.
import type { Rect } from './types';

/** Formats a rectangle as "[left,top][right,bottom]". */
export function formatBounds(rect: Rect): string {
  return `[${rect.left},${rect.top}][${rect.right},${rect.bottom}]`;
}

const INTEGER = '(-?(?:0|[1-9][0-9]*))';
const BOUNDS_PATTERN = new RegExp(`^\\[${INTEGER},${INTEGER}\\]\\[${INTEGER},${INTEGER}\\]$`);

/** Parses "[left,top][right,bottom]" (integers, no spaces, no leading zeros); null for anything else. */
export function parseBounds(text: string): Rect | null {
  const match = BOUNDS_PATTERN.exec(text);
  if (match === null) return null;
  const [left, top, right, bottom] = match.slice(1, 5).map(Number);
  if (left === undefined || top === undefined || right === undefined || bottom === undefined) return null;
  if (![left, top, right, bottom].every(Number.isSafeInteger)) return null;
  return { left, top, right, bottom };
}
