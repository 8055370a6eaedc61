// The panel text measurer of the host and the simulator: Android's Paint.measureText rebuilt from the advance table
// that Robolectric generated (see src/shared/geometry/androidMeasurer.ts), with the canvas and Roboto for code points
// the table lacks. Shared by panel geometry and the screen renderer, so wrapping matches drawing.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { ANDROID_FONT_TABLE } from '../../shared/geometry/androidFontTable';
import { createAndroidMeasurer } from '../../shared/geometry/androidMeasurer';
import { createCanvasMeasurer } from '../../shared/geometry/canvasMeasurer';
import type { TextMeasurer } from '../../shared/geometry/types';
import { ensureRoboto, robotoFont } from './roboto';

export {
  ASCENT_PER_EM as ROBOTO_ASCENT_PER_EM,
  DESCENT_PER_EM as ROBOTO_DESCENT_PER_EM,
} from '../../shared/geometry/canvasMeasurer';

/** Roboto through the canvas text engine that draws the simulated panel (fractional, unhinted advances). */
export function createCanvasRobotoMeasurer(): TextMeasurer {
  ensureRoboto();
  const context: SKRSContext2D = createCanvas(1, 1).getContext('2d');
  return createCanvasMeasurer(context, (fontSizePx) => robotoFont(fontSizePx));
}

/** A TextMeasurer that answers what the Operator's Paint.measureText answers on Android. */
export function createRobotoMeasurer(): TextMeasurer {
  return createAndroidMeasurer(ANDROID_FONT_TABLE, { fallback: createCanvasRobotoMeasurer() });
}

let shared: TextMeasurer | undefined;

/** One process-wide Roboto measurer (its cache is worth sharing between layouts). */
export function sharedRobotoMeasurer(): TextMeasurer {
  shared ??= createRobotoMeasurer();
  return shared;
}
