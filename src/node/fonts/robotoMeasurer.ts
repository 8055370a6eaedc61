// The Roboto text measurer shared by panel geometry and the screen renderer, so wrapping matches drawing.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { createCanvasMeasurer } from '../../shared/geometry/canvasMeasurer';
import type { TextMeasurer } from '../../shared/geometry/types';
import { ensureRoboto, robotoFont } from './roboto';

export {
  ASCENT_PER_EM as ROBOTO_ASCENT_PER_EM,
  DESCENT_PER_EM as ROBOTO_DESCENT_PER_EM,
} from '../../shared/geometry/canvasMeasurer';

/** A TextMeasurer backed by the same canvas text engine that draws the simulated panel. */
export function createRobotoMeasurer(): TextMeasurer {
  ensureRoboto();
  const context: SKRSContext2D = createCanvas(1, 1).getContext('2d');
  return createCanvasMeasurer(context, (fontSizePx) => robotoFont(fontSizePx));
}

let shared: TextMeasurer | undefined;

/** One process-wide Roboto measurer (its cache is worth sharing between layouts). */
export function sharedRobotoMeasurer(): TextMeasurer {
  shared ??= createRobotoMeasurer();
  return shared;
}
