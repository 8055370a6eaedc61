// Zoom and pan of the screenshot viewer: screen point = image point × scale + offset. Pure.
import type { Rect } from '../../../shared/geometry/types';

export interface Viewport {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_SCALE = 0.02;
export const MAX_SCALE = 32;

function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** The whole image, centred, as large as the view allows. */
export function fitViewport(image: Size, view: Size): Viewport {
  if (image.width <= 0 || image.height <= 0 || view.width <= 0 || view.height <= 0)
    return { scale: 1, x: 0, y: 0 };
  const scale = clampScale(Math.min(view.width / image.width, view.height / image.height));
  return { scale, x: (view.width - image.width * scale) / 2, y: (view.height - image.height * scale) / 2 };
}

/** 1:1 pixels, keeping the image point under the view centre (or centring the image when it fits). */
export function actualSize(viewport: Viewport, view: Size): Viewport {
  return zoomAt(viewport, 1 / viewport.scale, { x: view.width / 2, y: view.height / 2 });
}

/** Zooms by `factor` keeping the image point under `point` (view coordinates) where it is. */
export function zoomAt(viewport: Viewport, factor: number, point: { x: number; y: number }): Viewport {
  const scale = clampScale(viewport.scale * factor);
  const applied = scale / viewport.scale;
  return {
    scale,
    x: point.x - (point.x - viewport.x) * applied,
    y: point.y - (point.y - viewport.y) * applied,
  };
}

export function panBy(viewport: Viewport, dx: number, dy: number): Viewport {
  return { ...viewport, x: viewport.x + dx, y: viewport.y + dy };
}

/** Keeps at least `margin` px of the image inside the view so it cannot be lost off screen. */
export function clampToView(viewport: Viewport, image: Size, view: Size, margin = 32): Viewport {
  const width = image.width * viewport.scale;
  const height = image.height * viewport.scale;
  const x = Math.min(
    view.width - Math.min(margin, width),
    Math.max(Math.min(margin, width) - width, viewport.x),
  );
  const y = Math.min(
    view.height - Math.min(margin, height),
    Math.max(Math.min(margin, height) - height, viewport.y),
  );
  return { ...viewport, x, y };
}

/** The zoom factor of one wheel event (pixel deltas; a line is about 16 px). */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-pixels * 0.0015);
}

/** An image rectangle in view coordinates. */
export function rectToView(
  rect: Rect,
  viewport: Viewport,
): { x: number; y: number; width: number; height: number } {
  return {
    x: rect.left * viewport.scale + viewport.x,
    y: rect.top * viewport.scale + viewport.y,
    width: (rect.right - rect.left) * viewport.scale,
    height: (rect.bottom - rect.top) * viewport.scale,
  };
}
