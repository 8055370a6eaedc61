// The Screen view's geometry: a point on the displayed frame mapped through the displayed scale to device pixels,
// a drag told apart from a click (swipe or tap), and hit-testing the tree's bounds (the smallest node under a point).
import { parseBounds } from '../../../shared/geometry/bounds';
import type { Rect } from '../../../shared/geometry/types';
import type { ScreenAction, ScreenNode } from '../../../shared/api/screenSchemas';

/** How the frame is displayed: its device size and the size of the element showing it (CSS pixels). */
export interface DisplayedFrame {
  widthPx: number;
  heightPx: number;
  displayedWidth: number;
  displayedHeight: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A drag shorter than this (displayed pixels) is a click. */
export const DRAG_THRESHOLD = 8;

/** A displayed point (relative to the frame's top-left) in device pixels; null outside the frame or unsized. */
export function toDevice(frame: DisplayedFrame, point: Point): Point | null {
  if (frame.displayedWidth <= 0 || frame.displayedHeight <= 0) return null;
  if (point.x < 0 || point.y < 0 || point.x > frame.displayedWidth || point.y > frame.displayedHeight)
    return null;
  const x = Math.floor((point.x * frame.widthPx) / frame.displayedWidth);
  const y = Math.floor((point.y * frame.heightPx) / frame.displayedHeight);
  return { x: Math.min(x, frame.widthPx - 1), y: Math.min(y, frame.heightPx - 1) };
}

/** A device rectangle on the displayed frame (for drawing bounds over it). */
export function toDisplayed(frame: DisplayedFrame, rect: Rect): Rect {
  const sx = frame.widthPx > 0 ? frame.displayedWidth / frame.widthPx : 0;
  const sy = frame.heightPx > 0 ? frame.displayedHeight / frame.heightPx : 0;
  return { left: rect.left * sx, top: rect.top * sy, right: rect.right * sx, bottom: rect.bottom * sy };
}

/** A pointer press and release on the frame as the action it means: a tap, a swipe, or none (off the frame). */
export function gestureOf(frame: DisplayedFrame, down: Point, up: Point): ScreenAction | null {
  const start = toDevice(frame, down);
  if (start === null) return null;
  if (Math.hypot(up.x - down.x, up.y - down.y) < DRAG_THRESHOLD)
    return { kind: 'tap', x: start.x, y: start.y };
  const end = toDevice(frame, {
    x: Math.min(Math.max(up.x, 0), frame.displayedWidth),
    y: Math.min(Math.max(up.y, 0), frame.displayedHeight),
  });
  if (end === null) return null;
  return { kind: 'swipe', x: start.x, y: start.y, end_x: end.x, end_y: end.y };
}

/** The node's rectangle; null when it has no bounds or they are empty. */
export function nodeRect(node: ScreenNode): Rect | null {
  if (node.bounds === null) return null;
  const rect = parseBounds(node.bounds);
  if (rect === null || rect.right <= rect.left || rect.bottom <= rect.top) return null;
  return rect;
}

/** The smallest node whose bounds hold the device point (the deepest on a tie); null when none does. */
export function hitTest(nodes: readonly ScreenNode[], point: Point): ScreenNode | null {
  let best: ScreenNode | null = null;
  let bestArea = Infinity;
  for (const node of nodes) {
    const rect = nodeRect(node);
    if (rect === null) continue;
    if (point.x < rect.left || point.x >= rect.right || point.y < rect.top || point.y >= rect.bottom)
      continue;
    const area = (rect.right - rect.left) * (rect.bottom - rect.top);
    if (area < bestArea || (area === bestArea && best !== null && node.depth > best.depth)) {
      best = node;
      bestArea = area;
    }
  }
  return best;
}

/** An attribute as the Screen view shows it: a missing one is unknown, never false. */
export function attributeText(value: boolean | string | null): string {
  if (value === null) return 'unknown';
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : value;
}
