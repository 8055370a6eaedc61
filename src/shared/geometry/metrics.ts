// Builds DisplayMetrics the way Android derives them from a display's size, density and font scale.
import type { DisplayMetrics, Rect } from './types';

export interface DisplayDescription {
  widthPx: number;
  heightPx: number;
  /** e.g. 420 for a 2.625 density. */
  densityDpi: number;
  /** System font scale; 1 is the default. */
  fontScale: number;
  /** The usable area; defaults to the whole display. */
  usable?: Rect;
}

/** density = densityDpi / 160; scaledDensity = density × fontScale. */
export function displayMetricsFor(display: DisplayDescription): DisplayMetrics {
  const density = display.densityDpi / 160;
  return {
    widthPx: display.widthPx,
    heightPx: display.heightPx,
    density,
    scaledDensity: density * display.fontScale,
    usable: display.usable ?? { left: 0, top: 0, right: display.widthPx, bottom: display.heightPx },
  };
}
