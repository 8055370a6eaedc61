// D-pad focus as Android's FocusFinder moves it: from the focused node to the nearest focusable node in the key's
// direction (beam first, then weighted distance), never wrapping at an edge. CENTER/ENTER click the focused node.
// The nodes come from the drawn UI tree, and the focus lives on the app's page, so the next frame draws it.
import { navigationOf, runUiAction } from './navigation';
import type { DeviceState } from './state';
import { uiSourceOf, type UiBounds, type UiNode } from './uiTree';

export type FocusDirection = 'up' | 'down' | 'left' | 'right';

/** Every node that can take focus now (focusable, enabled, identified across frames), in tree order. */
export function focusableNodes(root: UiNode): UiNode[] {
  const found: UiNode[] = [];
  const visit = (node: UiNode): void => {
    if (node.focusable && node.enabled !== false && node.focusKey !== undefined) found.push(node);
    node.children.forEach(visit);
  };
  visit(root);
  return found;
}

function findNode(root: UiNode, accepts: (node: UiNode) => boolean): UiNode | undefined {
  if (accepts(root)) return root;
  for (const child of root.children) {
    const found = findNode(child, accepts);
    if (found) return found;
  }
  return undefined;
}

/** The node a window focuses first out of touch mode: android:focusedByDefault, else the first focusable. */
export function defaultFocusOf(root: UiNode): UiNode | undefined {
  const focusables = focusableNodes(root);
  return focusables.find((node) => node.defaultFocus) ?? focusables[0];
}

// FocusFinder's geometry (frameworks/base/core/java/android/view/FocusFinder.java), on visible bounds.

function isCandidate(source: UiBounds, dest: UiBounds, direction: FocusDirection): boolean {
  switch (direction) {
    case 'left':
      return (source.right > dest.right || source.left >= dest.right) && source.left > dest.left;
    case 'right':
      return (source.left < dest.left || source.right <= dest.left) && source.right < dest.right;
    case 'up':
      return (source.bottom > dest.bottom || source.top >= dest.bottom) && source.top > dest.top;
    case 'down':
      return (source.top < dest.top || source.bottom <= dest.top) && source.bottom < dest.bottom;
  }
}

function beamsOverlap(direction: FocusDirection, a: UiBounds, b: UiBounds): boolean {
  return direction === 'left' || direction === 'right'
    ? b.bottom > a.top && b.top < a.bottom
    : b.right > a.left && b.left < a.right;
}

function isToDirectionOf(direction: FocusDirection, source: UiBounds, dest: UiBounds): boolean {
  switch (direction) {
    case 'left':
      return source.left >= dest.right;
    case 'right':
      return source.right <= dest.left;
    case 'up':
      return source.top >= dest.bottom;
    case 'down':
      return source.bottom <= dest.top;
  }
}

function majorAxisDistanceRaw(direction: FocusDirection, source: UiBounds, dest: UiBounds): number {
  switch (direction) {
    case 'left':
      return source.left - dest.right;
    case 'right':
      return dest.left - source.right;
    case 'up':
      return source.top - dest.bottom;
    case 'down':
      return dest.top - source.bottom;
  }
}

function majorAxisDistance(direction: FocusDirection, source: UiBounds, dest: UiBounds): number {
  return Math.max(0, majorAxisDistanceRaw(direction, source, dest));
}

function majorAxisDistanceToFarEdge(direction: FocusDirection, source: UiBounds, dest: UiBounds): number {
  switch (direction) {
    case 'left':
      return Math.max(1, source.left - dest.left);
    case 'right':
      return Math.max(1, dest.right - source.right);
    case 'up':
      return Math.max(1, source.top - dest.top);
    case 'down':
      return Math.max(1, dest.bottom - source.bottom);
  }
}

function minorAxisDistance(direction: FocusDirection, source: UiBounds, dest: UiBounds): number {
  return direction === 'left' || direction === 'right'
    ? Math.abs((source.top + source.bottom) / 2 - (dest.top + dest.bottom) / 2)
    : Math.abs((source.left + source.right) / 2 - (dest.left + dest.right) / 2);
}

function weightedDistance(direction: FocusDirection, source: UiBounds, dest: UiBounds): number {
  const major = majorAxisDistance(direction, source, dest);
  const minor = minorAxisDistance(direction, source, dest);
  return 13 * major * major + minor * minor;
}

function beamBeats(direction: FocusDirection, source: UiBounds, a: UiBounds, b: UiBounds): boolean {
  const aInBeam = beamsOverlap(direction, source, a);
  const bInBeam = beamsOverlap(direction, source, b);
  if (bInBeam || !aInBeam) return false;
  if (!isToDirectionOf(direction, source, b)) return true;
  if (direction === 'left' || direction === 'right') return true;
  return majorAxisDistance(direction, source, a) < majorAxisDistanceToFarEdge(direction, source, b);
}

function isBetterCandidate(direction: FocusDirection, source: UiBounds, a: UiBounds, b: UiBounds): boolean {
  if (!isCandidate(source, a, direction)) return false;
  if (!isCandidate(source, b, direction)) return true;
  if (beamBeats(direction, source, a, b)) return true;
  if (beamBeats(direction, source, b, a)) return false;
  return weightedDistance(direction, source, a) < weightedDistance(direction, source, b);
}

/** The node FocusFinder picks from `from` in `direction` among `candidates`; undefined at an edge. */
export function nextFocus(
  from: UiNode,
  candidates: readonly UiNode[],
  direction: FocusDirection,
): UiNode | undefined {
  const source = from.bounds;
  const width = source.right - source.left + 1;
  const height = source.bottom - source.top + 1;
  // The initial "best" is the source moved one size against the direction, so only real candidates beat it.
  let best: UiBounds = { ...source };
  if (direction === 'left') best = { ...source, left: source.left + width, right: source.right + width };
  if (direction === 'right') best = { ...source, left: source.left - width, right: source.right - width };
  if (direction === 'up') best = { ...source, top: source.top + height, bottom: source.bottom + height };
  if (direction === 'down') best = { ...source, top: source.top - height, bottom: source.bottom - height };
  let chosen: UiNode | undefined;
  for (const candidate of candidates) {
    if (candidate === from) continue;
    if (isBetterCandidate(direction, source, candidate.bounds, best)) {
      best = candidate.bounds;
      chosen = candidate;
    }
  }
  return chosen;
}

/** The nodes from the root down to `target` (empty when it is not in the tree). */
function pathTo(root: UiNode, target: UiNode): UiNode[] {
  if (root === target) return [root];
  for (const child of root.children) {
    const path = pathTo(child, target);
    if (path.length > 0) return [root, ...path];
  }
  return [];
}

/** Where focus may go from `focused`: a leanback row keeps LEFT/RIGHT inside itself (no jump to the next row). */
function candidatesFrom(root: UiNode, focused: UiNode, direction: FocusDirection): UiNode[] {
  const horizontal = direction === 'left' || direction === 'right';
  const row = horizontal ? pathTo(root, focused).findLast((node) => node.keepsHorizontalFocus) : undefined;
  return focusableNodes(row ?? root);
}

function fieldOf(node: UiNode): string | undefined {
  return node.action?.kind === 'focus' ? node.action.field : undefined;
}

async function currentRoot(state: DeviceState): Promise<UiNode | undefined> {
  return (await uiSourceOf(state)?.())?.root;
}

/**
 * KEYCODE_DPAD_UP/DOWN/LEFT/RIGHT: focus moves to the nearest focusable node that way; at an edge it stays. With
 * nothing focused (touch mode) the first key focuses the window's default node, as ViewRootImpl does.
 */
export async function moveFocus(state: DeviceState, direction: FocusDirection): Promise<void> {
  const root = await currentRoot(state);
  if (!root) return;
  const focused = findNode(root, (node) => Boolean(node.focused));
  const target = focused
    ? nextFocus(focused, candidatesFrom(root, focused, direction), direction)
    : defaultFocusOf(root);
  if (target?.focusKey === undefined) return;
  navigationOf(state).setFocus(state.foreground.packageName, target.focusKey, fieldOf(target));
}

/** KEYCODE_DPAD_CENTER/ENTER: the focused node is clicked (a long press runs its long-click handler). */
export async function activateFocus(
  state: DeviceState,
  options: { longPress?: boolean } = {},
): Promise<void> {
  const root = await currentRoot(state);
  if (!root) return;
  const focused = findNode(root, (node) => Boolean(node.focused));
  if (!focused || focused.enabled === false) return;
  const action = options.longPress && focused.longClickable ? focused.longAction : focused.action;
  if (action) runUiAction(state, action);
}
