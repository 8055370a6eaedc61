// The usable display area (reference section 9 "Usable area"): the display minus system bars and cutout,
// each edge inset by the larger of its bar and cutout inset (never both added).
import { fail, ok, type Result } from '../errors';
import type { Rect, UsableAreaInput } from './types';

type Edge = 'left' | 'top' | 'right' | 'bottom';
type Insets = Record<Edge, number>;

function invalid(message: string, input: UsableAreaInput): Result<Rect> {
  return fail('ON_SCREEN_LOG_LAYOUT_INVALID', message, { input });
}

function badNumber(input: UsableAreaInput): string | null {
  if (
    !Number.isFinite(input.widthPx) ||
    !Number.isFinite(input.heightPx) ||
    input.widthPx <= 0 ||
    input.heightPx <= 0
  ) {
    return `the display size ${input.widthPx}×${input.heightPx} px is not positive`;
  }
  const insets = { statusBarPx: input.statusBarPx, navBarPx: input.navBarPx, ...input.cutoutInsets };
  for (const [name, value] of Object.entries(insets)) {
    if (!Number.isFinite(value) || value < 0) return `inset ${name} = ${value} is not a non-negative number`;
  }
  return null;
}

/**
 * The edge the navigation bar sits on. Portrait (width <= height) or a zero-size bar: bottom. Landscape: bottom
 * when the bar cannot move, left at rotation 270, otherwise right. Before API 30 an unknown
 * config_navBarCanMove makes the side unknown (null); from API 30 the window insets name the side, so
 * unknown is treated as "moves".
 */
function navigationBarEdge(input: UsableAreaInput): Edge | null {
  if (input.navBarPx === 0 || input.widthPx <= input.heightPx) return 'bottom';
  if (input.navBarCanMove === false) return 'bottom';
  if (input.navBarCanMove === null && input.apiLevel < 30) return null;
  return input.rotation === 270 ? 'left' : 'right';
}

/** Display bounds minus per-edge max(system bar inset, cutout inset); LAYOUT_INVALID when that is unknowable. */
export function computeUsableArea(input: UsableAreaInput): Result<Rect> {
  const problem = badNumber(input);
  if (problem !== null) return invalid(`The usable area cannot be computed: ${problem}.`, input);
  const bars: Insets = { left: 0, top: input.statusBarPx, right: 0, bottom: 0 };
  const navEdge = navigationBarEdge(input);
  if (navEdge === null) {
    return invalid(
      `The navigation bar side is unknown: the display is landscape on API ${input.apiLevel} and ` +
        'config_navBarCanMove is not available, so the usable area cannot be computed.',
      input,
    );
  }
  bars[navEdge] = Math.max(bars[navEdge], input.navBarPx);

  let cutout: Insets = { left: 0, top: 0, right: 0, bottom: 0 };
  if (input.apiLevel >= 29) {
    cutout = input.cutoutInsets;
  } else if (input.apiLevel === 28 && input.declaresBuiltInCutout) {
    // API 28 has no public display-level cutout API before an overlay is attached: fail closed.
    return invalid(
      'Android 9 (API 28) declares a built-in display cutout, but its safe insets cannot be read before the panel ' +
        'is attached; refusing to place the panel with unknown unsafe geometry.',
      input,
    );
  }

  const area: Rect = {
    left: Math.max(bars.left, cutout.left),
    top: Math.max(bars.top, cutout.top),
    right: input.widthPx - Math.max(bars.right, cutout.right),
    bottom: input.heightPx - Math.max(bars.bottom, cutout.bottom),
  };
  if (area.right <= area.left || area.bottom <= area.top) {
    return invalid(
      `The system bars and display cutout leave no usable area on a ${input.widthPx}×${input.heightPx} px display.`,
      input,
    );
  }
  return ok(area);
}
