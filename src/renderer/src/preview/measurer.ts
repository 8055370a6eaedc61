// The renderer's one panel measurer, shared by the preview and the bounds the runs slice predicts: Android's
// Paint.measureText from the generated advance table, with the canvas (Roboto) for code points the table lacks.
import { ANDROID_FONT_TABLE } from '../../../shared/geometry/androidFontTable';
import { createAndroidMeasurer } from '../../../shared/geometry/androidMeasurer';
import { createCanvasMeasurer, type CachingMeasurer } from '../../../shared/geometry/canvasMeasurer';

let shared: CachingMeasurer | null = null;

/** The shared measurer (created on first use). */
export function previewMeasurer(): CachingMeasurer {
  if (shared === null) {
    const context = document.createElement('canvas').getContext('2d');
    if (context === null) throw new Error('This browser has no 2D canvas');
    shared = createAndroidMeasurer(ANDROID_FONT_TABLE, { fallback: createCanvasMeasurer(context) });
  }
  return shared;
}
