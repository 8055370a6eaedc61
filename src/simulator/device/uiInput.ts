// How `input` events reach the simulated apps: a tap goes to the topmost clickable node under the finger, a swipe
// scrolls the list it starts on, text goes to the focused field. The nodes come from the drawn UI tree, so what
// reacts is exactly what the screen shows.
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
  // A disabled clickable view still takes the touch (View.onTouchEvent consumes it) and does nothing.
  const target = nodeAt(root, x, y, (node) => Boolean(node.clickable));
  if (target?.action && target.enabled !== false) runUiAction(state, target.action);
}

/** `input swipe`: a vertical drag on a scrollable list moves its content with the finger (no fling). */
export async function swipeOn(
  state: DeviceState,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  const hierarchy = await uiSourceOf(state)?.();
  if (!hierarchy) return;
  const list = nodeAt(hierarchy.root, from.x, from.y, (node) => node.scroll !== undefined);
  if (!list?.scroll) return;
  navigationOf(state).scroll(state.foreground.packageName, list.scroll.key, from.y - to.y, list.scroll.maxPx);
}

/** `input text`: appended to the focused field of the foreground app (nothing happens without one). */
export function typeText(state: DeviceState, text: string): void {
  navigationOf(state).type(state.foreground.packageName, text);
}
