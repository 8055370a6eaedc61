// Where the capture check looks: the panel's inside (edges excluded) and a ring just outside it, on a grid.
import type { Rect } from '../../shared/geometry/types';

/** Half-open pixel box [x0, x1) × [y0, y1) in capture pixels. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

// Capture pixels skipped at the panel's edge: scaling blends the border pixels with the screen around it.
const EDGE_MARGIN = 1;
// Gap between the panel and its surrounding ring, so the ring never holds a blended border pixel.
const RING_GAP = 2;
const MIN_RING_WIDTH = 3;
const MAX_RING_WIDTH = 24;

/** The pixels a panel at device-pixel `bounds` covers wholly in a capture scaled by `scale`. */
export function insideBox(bounds: Rect, scale: number): PixelBox {
  return {
    x0: Math.ceil(bounds.left * scale) + EDGE_MARGIN,
    y0: Math.ceil(bounds.top * scale) + EDGE_MARGIN,
    x1: Math.floor(bounds.right * scale) - EDGE_MARGIN,
    y1: Math.floor(bounds.bottom * scale) - EDGE_MARGIN,
  };
}

/** The pixels the panel touches at all, and the outer edge of the ring around it (not clipped). */
export function ringBoxes(bounds: Rect, scale: number): { inner: PixelBox; outer: PixelBox } {
  const touched = {
    x0: Math.floor(bounds.left * scale),
    y0: Math.floor(bounds.top * scale),
    x1: Math.ceil(bounds.right * scale),
    y1: Math.ceil(bounds.bottom * scale),
  };
  const shortSide = Math.min(touched.x1 - touched.x0, touched.y1 - touched.y0);
  const width = Math.min(MAX_RING_WIDTH, Math.max(MIN_RING_WIDTH, Math.round(shortSide / 4)));
  const grow = (box: PixelBox, by: number): PixelBox => ({
    x0: box.x0 - by,
    y0: box.y0 - by,
    x1: box.x1 + by,
    y1: box.y1 + by,
  });
  return { inner: grow(touched, RING_GAP), outer: grow(touched, RING_GAP + width) };
}

/** Grid step so that about `maxSamples` points cover an area of `area` pixels. */
export function gridStride(area: number, maxSamples: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(area / maxSamples)));
}

/** Calls `visit` for every grid point of `box` clipped to the image, skipping points inside `hole`. */
export function forEachGridPoint(
  box: PixelBox,
  image: { width: number; height: number },
  stride: number,
  visit: (x: number, y: number) => void,
  hole?: PixelBox,
): void {
  const x0 = Math.max(0, box.x0);
  const y0 = Math.max(0, box.y0);
  const x1 = Math.min(image.width, box.x1);
  const y1 = Math.min(image.height, box.y1);
  for (let y = y0; y < y1; y += stride) {
    const rowInHole = hole !== undefined && y >= hole.y0 && y < hole.y1;
    for (let x = x0; x < x1; x += stride) {
      if (rowInHole && x >= hole.x0 && x < hole.x1) continue;
      visit(x, y);
    }
  }
}
