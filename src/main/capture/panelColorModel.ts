// Which capture colours a pixel of the panel can have, when the screen behind it is unknown.
import { colorToArgb, normalizeColor } from '../../shared/execution/colors';
import type { CompositeEstimate } from './types';

type Rgb = [number, number, number];

/** How one captured pixel relates to the panel. */
export type PixelClass = 'background' | 'text' | 'other';

/** A prepared model: the background range, the text colour and its alpha, the tolerance. */
export interface PanelColorModel {
  estimate: CompositeEstimate;
  /** Background range widened by the tolerance, for the fast per-pixel test. */
  low: Rgb;
  high: Rgb;
  /** The same range without tolerance. */
  exactLow: Rgb;
  exactHigh: Rgb;
  text: Rgb;
  /** Text alpha 0..1: the largest share of text colour a pixel can hold. */
  textAlpha: number;
  tolerance: number;
}

function rgbOf(canonical: string): { rgb: Rgb; alpha: number } {
  const argb = colorToArgb(canonical);
  return { rgb: [argb.red, argb.green, argb.blue], alpha: argb.alpha / 255 };
}

function describe(model: CompositeEstimate['model'], alpha: number, low: Rgb, high: Rgb): string {
  const percent = Math.round(alpha * 100);
  if (model === 'opaque') return `opaque background: every panel pixel is rgb(${low.join(',')})`;
  if (model === 'transparent') return 'fully transparent background: any colour is consistent';
  const range = low.map((value, index) => `${value.toFixed(0)}..${(high[index] ?? 0).toFixed(0)}`);
  return `${percent}% background over an unknown screen: each channel within [${range.join(', ')}]`;
}

/** The model for canonical-or-not colours; null when either colour is malformed. */
export function panelColorModel(
  backgroundColor: string,
  textColor: string,
  tolerance: number,
): PanelColorModel | null {
  const background = normalizeColor(backgroundColor);
  const text = normalizeColor(textColor);
  if (background === null || text === null) return null;
  const { rgb, alpha } = rgbOf(background);
  const low = rgb.map((channel) => alpha * channel) as Rgb;
  const high = rgb.map((channel) => alpha * channel + (1 - alpha) * 255) as Rgb;
  const model = alpha === 1 ? 'opaque' : alpha === 0 ? 'transparent' : 'translucent';
  const textRgb = rgbOf(text);
  return {
    estimate: {
      model,
      alpha,
      minRgb: low,
      maxRgb: high,
      textColor: text,
      tolerance,
      description: describe(model, alpha, low, high),
    },
    low: low.map((value) => value - tolerance) as Rgb,
    high: high.map((value) => value + tolerance) as Rgb,
    exactLow: low,
    exactHigh: high,
    text: textRgb.rgb,
    textAlpha: textRgb.alpha,
    tolerance,
  };
}

/**
 * True when some share t in (0, textAlpha] solves P = t·T + (1 − t)·Q (± tolerance) with Q a background pixel:
 * the pixel is text (or its anti-aliased edge) drawn over the panel. Each channel gives two linear bounds on t.
 */
function isTextBlend(model: PanelColorModel, r: number, g: number, b: number): boolean {
  let lowest = 0;
  let highest = model.textAlpha;
  const pixel = [r, g, b];
  const tolerance = model.tolerance;
  for (let c = 0; c < 3; c += 1) {
    const p = pixel[c] ?? 0;
    const ink = model.text[c] ?? 0;
    const low = model.exactLow[c] ?? 0;
    const high = model.exactHigh[c] ?? 0;
    // Each pair is (slope, limit) of slope·t ≤ limit:
    // P − tT ≥ (1 − t)·low − τ  and  P − tT ≤ (1 − t)·high + τ.
    const constraints: Array<[number, number]> = [
      [ink - low, p - low + tolerance],
      [high - ink, high - p + tolerance],
    ];
    for (const [slope, limit] of constraints) {
      if (slope > 0) highest = Math.min(highest, limit / slope);
      else if (slope < 0) lowest = Math.max(lowest, limit / slope);
      else if (limit < 0) return false;
    }
    if (lowest > highest) return false;
  }
  return highest > 0 && lowest <= highest;
}

/** Classifies one captured pixel (8-bit channels). */
export function classifyPixel(model: PanelColorModel, r: number, g: number, b: number): PixelClass {
  const { low, high } = model;
  if (r >= low[0] && r <= high[0] && g >= low[1] && g <= high[1] && b >= low[2] && b <= high[2])
    return 'background';
  if (model.textAlpha > 0 && isTextBlend(model, r, g, b)) return 'text';
  return 'other';
}
