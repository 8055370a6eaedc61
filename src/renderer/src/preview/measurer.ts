// The renderer's one Roboto measurer, shared by the preview and the bounds the runs slice predicts.
import { createCanvasMeasurer, type CachingMeasurer } from '../../../shared/geometry/canvasMeasurer';

let shared: CachingMeasurer | null = null;

/** The shared canvas measurer (created on first use). */
export function previewMeasurer(): CachingMeasurer {
  if (shared === null) {
    const context = document.createElement('canvas').getContext('2d');
    if (context === null) throw new Error('This browser has no 2D canvas');
    shared = createCanvasMeasurer(context);
  }
  return shared;
}
