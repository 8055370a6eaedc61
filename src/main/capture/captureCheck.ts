// Does a host screenshot show the on-screen log panel? A draw acknowledgement alone does not prove it.
//
// Rule. The background B (colour C, alpha a) is composited over an unknown screen U: P = a·C + (1 − a)·U.
// Solving for U = (P − a·C)/(1 − a), a pixel is background-consistent iff U lies in [0, 255] in every channel,
// i.e. P lies in [a·C, a·C + (1 − a)·255] ± tolerance (for an opaque background: P ≈ C). A pixel is
// text-consistent iff it is a blend t·T + (1 − t)·Q with Q background-consistent and 0 < t ≤ text alpha.
// Sampling a grid inside the bounds (one capture pixel in from each edge) and a ring just outside them:
//   1. matchRatio (background or text) must reach 0.9;
//   2. backgroundRatio (background alone) must reach 0.6, since text cannot fill most of a panel and a light
//      screen passes as anti-aliased white text;
//   3. contrast: the inside's background share among non-text pixels minus the share of ring pixels that would
//      pass as background too must reach 0.5. A panel over a screen that already looks like it (70% black over
//      a dark app) is not proven: the answer is "cannot tell".
import { fail, ok, type Result } from '../../shared/errors';
import { PANEL_DEFAULTS } from '../../shared/execution/limits';
import type { Rect } from '../../shared/geometry/types';
import { classifyPixel, panelColorModel, type PanelColorModel } from './panelColorModel';
import { decodePngRows, decodePngRowsAsync, type DecodedRows } from './pngRows';
import { forEachGridPoint, gridStride, insideBox, ringBoxes, type PixelBox } from './sampling';
import type { CaptureCheck, CaptureCheckInput } from './types';

export const MATCH_THRESHOLD = 0.9;
export const MIN_BACKGROUND_RATIO = 0.6;
export const MIN_CONTRAST = 0.5;
export const DEFAULT_TOLERANCE = 8;
// 4000 grid samples inside the bounds decide as well as 20000 did on every test screen, at a fifth of the pixels read.
const MAX_SAMPLES = 4000;
const MIN_RING_SAMPLES = 16;

interface Counts {
  sampled: number;
  background: number;
  text: number;
}

function count(
  png: DecodedRows,
  box: PixelBox,
  stride: number,
  model: PanelColorModel,
  hole?: PixelBox,
): Counts {
  const counts: Counts = { sampled: 0, background: 0, text: 0 };
  const data = png.data;
  forEachGridPoint(
    box,
    // Only the decoded rows may be sampled.
    { width: png.width, height: png.rows },
    stride,
    (x, y) => {
      const offset = png.offset(x, y);
      const kind = classifyPixel(model, data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0);
      counts.sampled += 1;
      if (kind === 'background') counts.background += 1;
      else if (kind === 'text') counts.text += 1;
    },
    hole,
  );
  return counts;
}

function percent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

function checkArguments(input: CaptureCheckInput, scale: number, tolerance: number): string | null {
  const { left, top, right, bottom } = input.bounds;
  if (![left, top, right, bottom].every(Number.isFinite) || right <= left || bottom <= top)
    return 'bounds must be finite with right > left and bottom > top';
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1) return 'screenScale must be in (0, 1]';
  if (!Number.isFinite(tolerance) || tolerance < 0 || tolerance > 255) return 'tolerance must be in 0..255';
  return null;
}

// One capture pixel of slack: a scaled capture's size is rounded (1081 px at 0.5 may become 540 or 541).
function outsideCapture(bounds: Rect, scale: number, png: { width: number; height: number }): boolean {
  return (
    bounds.left < 0 ||
    bounds.top < 0 ||
    bounds.right * scale > png.width + 1 ||
    bounds.bottom * scale > png.height + 1
  );
}

function verdict(inside: Counts, ring: Counts): { inCapture: boolean; reason: string } {
  const matchRatio = (inside.background + inside.text) / inside.sampled;
  const backgroundRatio = inside.background / inside.sampled;
  if (matchRatio < MATCH_THRESHOLD)
    return {
      inCapture: false,
      reason: `only ${percent(matchRatio)} of the pixels inside the bounds match the panel`,
    };
  if (backgroundRatio < MIN_BACKGROUND_RATIO)
    return {
      inCapture: false,
      reason: `only ${percent(backgroundRatio)} of the pixels inside the bounds show the panel background`,
    };
  if (ring.sampled < MIN_RING_SAMPLES)
    return { inCapture: false, reason: 'cannot tell: no screen around the bounds to compare with' };
  const ringRatio = ring.background / ring.sampled;
  const nonText = inside.sampled - inside.text;
  if (inside.background / nonText - ringRatio < MIN_CONTRAST)
    return {
      inCapture: false,
      reason: `cannot tell: panel background indistinguishable from the screen behind it (${percent(ringRatio)} of the surrounding pixels match it too)`,
    };
  return {
    inCapture: true,
    reason: `${percent(matchRatio)} of the pixels inside the bounds match the panel, ${percent(ringRatio)} of the surrounding pixels do`,
  };
}

interface CheckPlan {
  scale: number;
  model: PanelColorModel;
  box: PixelBox;
  rings: { inner: PixelBox; outer: PixelBox };
  stride: number;
}

/** Validates the input and decides what to sample; everything but the pixels. */
function planCheck(input: CaptureCheckInput): Result<CheckPlan> {
  const scale = input.screenScale ?? 1;
  const tolerance = input.tolerance ?? DEFAULT_TOLERANCE;
  const problem = checkArguments(input, scale, tolerance);
  if (problem !== null) return fail('EXECUTION_VALIDATION_FAILED', `Capture check: ${problem}`);
  const model = panelColorModel(
    input.backgroundColor,
    input.textColor ?? PANEL_DEFAULTS.textColor,
    tolerance,
  );
  if (model === null)
    return fail('EXECUTION_VALIDATION_FAILED', 'Capture check: colours must be #RRGGBB or #AARRGGBB', {
      backgroundColor: input.backgroundColor,
      textColor: input.textColor,
    });
  // The ring just below the panel is the lowest row the check reads.
  const rings = ringBoxes(input.bounds, scale);
  const box = insideBox(input.bounds, scale);
  const area = Math.max(0, box.x1 - box.x0) * Math.max(0, box.y1 - box.y0);
  return ok({ scale, model, box, rings, stride: gridStride(area, MAX_SAMPLES) });
}

function evaluate(input: CaptureCheckInput, plan: CheckPlan, png: DecodedRows | null): Result<CaptureCheck> {
  const { scale, model, box, rings, stride } = plan;
  if (png === null)
    return fail('EVIDENCE_CAPTURE_FAILED', 'The screenshot is not a readable PNG', {
      reason: 'png_unreadable',
    });
  if (outsideCapture(input.bounds, scale, png))
    return fail('CAPTURE_BOUNDS_MISMATCH', 'The panel bounds lie outside the screenshot', {
      reason: 'bounds_outside_capture',
      bounds: input.bounds,
      screenScale: scale,
      captureWidthPx: png.width,
      captureHeightPx: png.height,
    });
  const inside = count(png, box, stride, model);
  const ring = count(png, rings.outer, stride, model, rings.inner);
  const result: CaptureCheck = {
    inCapture: false,
    matchRatio: inside.sampled === 0 ? 0 : (inside.background + inside.text) / inside.sampled,
    sampledPixels: inside.sampled,
    threshold: MATCH_THRESHOLD,
    expected: model.estimate,
    backgroundRatio: inside.sampled === 0 ? 0 : inside.background / inside.sampled,
    surroundingRatio: ring.sampled === 0 ? 0 : ring.background / ring.sampled,
    surroundingPixels: ring.sampled,
    reason: 'cannot tell: the panel is too small in this capture to sample',
  };
  if (inside.sampled === 0) return ok(result);
  return ok({ ...result, ...verdict(inside, ring) });
}

/** Checks that the panel at `bounds` (device pixels) is visible in the screenshot `png`. */
export function checkPanelInCapture(input: CaptureCheckInput): Result<CaptureCheck> {
  const plan = planCheck(input);
  if (!plan.ok) return plan;
  return evaluate(input, plan.value, decodePngRows(input.png, plan.value.rings.outer.y1));
}

/** checkPanelInCapture with the PNG inflated on libuv's thread pool, off the event loop (same answers). */
export async function checkPanelInCaptureAsync(input: CaptureCheckInput): Promise<Result<CaptureCheck>> {
  const plan = planCheck(input);
  if (!plan.ok) return plan;
  return evaluate(input, plan.value, await decodePngRowsAsync(input.png, plan.value.rings.outer.y1));
}
