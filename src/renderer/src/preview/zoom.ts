// The preview's zoom: fit the box, one device pixel per screen pixel (1:1), or a step in between; remembered for
// the browser session. Scales are in screen pixels per device pixel (so 1:1 is 100% on any pixel ratio). Pure,
// apart from the session storage helpers.

export type PreviewZoom = { mode: 'fit' } | { mode: 'scale'; scale: number };

export const FIT: PreviewZoom = { mode: 'fit' };

/** The zoom steps, screen px per device px; 200% at most (a 1080x2400 canvas at 4x would be ~40 M pixels). */
export const ZOOM_STEPS = [0.1, 0.125, 0.167, 0.25, 0.333, 0.5, 0.667, 0.75, 1, 1.5, 2] as const;

const MIN = ZOOM_STEPS[0];
const MAX = 2;

/** The next step above (`direction` 1) or below (-1) the scale shown now. */
export function zoomStep(current: number, direction: 1 | -1): number {
  if (direction === 1) return ZOOM_STEPS.find((step) => step > current * 1.001) ?? MAX;
  return [...ZOOM_STEPS].reverse().find((step) => step < current * 0.999) ?? MIN;
}

/** "33%", "100%": the scale as a percentage of device pixels. */
export function zoomPercent(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}

/** CSS px per device px for a zoom, given the fit scale (CSS px per device px) and the screen's pixel ratio. */
export function cssScale(zoom: PreviewZoom, fitCssScale: number, pixelRatio: number): number {
  return zoom.mode === 'fit' ? fitCssScale : zoom.scale / pixelRatio;
}

/** A key press's zoom (+, -, 0 fit, 1 for 1:1), or null for other keys. `shown` is the screen-px scale now. */
export function zoomForKey(key: string, shown: number): PreviewZoom | null {
  if (key === '+' || key === '=') return { mode: 'scale', scale: zoomStep(shown, 1) };
  if (key === '-' || key === '_') return { mode: 'scale', scale: zoomStep(shown, -1) };
  if (key === '0') return FIT;
  if (key === '1') return { mode: 'scale', scale: 1 };
  return null;
}

const STORAGE_KEY = 'androperator.previewZoom';

/** The zoom stored for this browser session (fit when nothing valid is stored). */
export function parseZoom(raw: string | null): PreviewZoom {
  if (raw === null) return FIT;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'scale' in value) {
      const scale = (value as { scale: unknown }).scale;
      if (typeof scale === 'number' && scale >= MIN && scale <= MAX) return { mode: 'scale', scale };
    }
  } catch {
    // A damaged entry is the same as none.
  }
  return FIT;
}

export function loadZoom(): PreviewZoom {
  try {
    return parseZoom(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return FIT;
  }
}

export function saveZoom(zoom: PreviewZoom): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(zoom.mode === 'fit' ? { mode: 'fit' } : zoom));
  } catch {
    // Storage refused (private mode): the zoom just is not remembered.
  }
}
