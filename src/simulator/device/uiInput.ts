// How `input` events reach the simulated apps: a tap goes to the topmost clickable node under the finger, a press
// held in place long-clicks, a swipe scrolls the list it starts on (and flings on when released fast), text goes
// to the focused field. The nodes come from the drawn UI tree, so what reacts is exactly what the screen shows.
import { goBack, navigationOf, runUiAction } from './navigation';
import type { DeviceState } from './state';
import { uiSourceOf, type UiBounds, type UiNode } from './uiTree';

function contains(bounds: UiBounds, x: number, y: number): boolean {
  return x >= bounds.left && x < bounds.right && y >= bounds.top && y < bounds.bottom;
}

/** The deepest node under (x, y) that `accepts`, later-drawn siblings first (they are on top). */
export function nodeAt(
  node: UiNode,
  x: number,
  y: number,
  accepts: (node: UiNode) => boolean,
): UiNode | undefined {
  if (!contains(node.bounds, x, y)) return undefined;
  for (let index = node.children.length - 1; index >= 0; index -= 1) {
    const found = nodeAt(node.children[index] as UiNode, x, y, accepts);
    if (found) return found;
  }
  return accepts(node) ? node : undefined;
}

/** `input tap`: the topmost clickable node under the point runs its action; a tap outside a dialog cancels it. */
export async function tapAt(state: DeviceState, x: number, y: number): Promise<void> {
  const hierarchy = await uiSourceOf(state)?.();
  if (!hierarchy) return;
  const { root } = hierarchy;
  if (!contains(root.bounds, x, y)) {
    if (root.cancelOnTouchOutside) goBack(state);
    return;
  }
  // A touch puts the window in touch mode: D-pad focus (and its highlight) goes.
  navigationOf(state).enterTouchMode(state.foreground.packageName);
  // A disabled clickable view still takes the touch (View.onTouchEvent consumes it) and does nothing.
  const target = nodeAt(root, x, y, (node) => Boolean(node.clickable));
  if (target?.action && target.enabled !== false) runUiAction(state, target.action);
}

/** ViewConfiguration.getLongPressTimeout(): a press held this long without moving is a long press. */
export const LONG_PRESS_TIMEOUT_MS = 400;

/**
 * A press held in place (`input swipe x y x y 800`): the topmost long-clickable node under it runs its long-click
 * handler; a node without one (or a plain clickable one) does nothing, as View.performLongClick returns false.
 */
export async function longPressAt(state: DeviceState, x: number, y: number): Promise<void> {
  const hierarchy = await uiSourceOf(state)?.();
  if (!hierarchy || !contains(hierarchy.root.bounds, x, y)) return;
  navigationOf(state).enterTouchMode(state.foreground.packageName);
  const target = nodeAt(hierarchy.root, x, y, (node) => Boolean(node.longClickable || node.clickable));
  if (target?.longClickable && target.longAction && target.enabled !== false)
    runUiAction(state, target.longAction);
}

// OverScroller's spline fling (frameworks/base/core/java/android/widget/OverScroller.java).
const DECELERATION_RATE = Math.log(0.78) / Math.log(0.9);
const INFLEXION = 0.35;
const SCROLL_FRICTION = 0.015;

/** How far a list keeps moving after a release at `velocity` px/s on a `densityDpi` screen (SplineOverScroller). */
export function flingDistancePx(velocity: number, densityDpi: number): number {
  const physicalCoeff = 9.80665 * 39.37 * densityDpi * 0.84;
  const l = Math.log((INFLEXION * Math.abs(velocity)) / (SCROLL_FRICTION * physicalCoeff));
  return SCROLL_FRICTION * physicalCoeff * Math.exp((DECELERATION_RATE / (DECELERATION_RATE - 1)) * l);
}

/**
 * The release velocity of an `input swipe` (its moves are evenly spaced, so the velocity tracker sees the mean
 * speed), clamped to ViewConfiguration's maximum; 0 below the minimum fling velocity.
 */
export function releaseVelocity(distancePx: number, durationMs: number, densityDpi: number): number {
  const dp = densityDpi / 160;
  const velocity = (distancePx * 1000) / Math.max(1, durationMs);
  if (Math.abs(velocity) < 50 * dp) return 0;
  return Math.sign(velocity) * Math.min(Math.abs(velocity), 8000 * dp);
}

/**
 * `input swipe`: a press that does not move is a tap (short) or a long press (held); a vertical drag on a
 * scrollable list moves its content with the finger and then flings it on by the release velocity.
 */
export async function swipeOn(
  state: DeviceState,
  from: { x: number; y: number },
  to: { x: number; y: number },
  durationMs = 300,
): Promise<void> {
  const { densityDpi } = state.configuration();
  const slop = 8 * (densityDpi / 160);
  if (Math.abs(to.x - from.x) < slop && Math.abs(to.y - from.y) < slop) {
    if (durationMs >= LONG_PRESS_TIMEOUT_MS) await longPressAt(state, from.x, from.y);
    else await tapAt(state, from.x, from.y);
    return;
  }
  const hierarchy = await uiSourceOf(state)?.();
  if (!hierarchy) return;
  const packageName = state.foreground.packageName;
  navigationOf(state).enterTouchMode(packageName);
  if (Math.abs(to.x - from.x) > Math.abs(to.y - from.y)) {
    const pager = nodeAt(hierarchy.root, from.x, from.y, (node) => node.pager !== undefined);
    if (pager?.pager) navigationOf(state).turnPage(packageName, pager.pager, from.x > to.x ? 1 : -1);
    return;
  }
  const list = nodeAt(hierarchy.root, from.x, from.y, (node) => node.scroll !== undefined);
  if (!list?.scroll) return;
  const drag = from.y - to.y;
  const velocity = releaseVelocity(drag, durationMs, densityDpi);
  const fling = velocity === 0 ? 0 : Math.sign(velocity) * flingDistancePx(velocity, densityDpi);
  navigationOf(state).scroll(packageName, list.scroll.key, drag + fling, list.scroll.maxPx);
}

/** `input text`: appended to the focused field of the foreground app (nothing happens without one). */
export function typeText(state: DeviceState, text: string): void {
  navigationOf(state).type(state.foreground.packageName, text);
}
