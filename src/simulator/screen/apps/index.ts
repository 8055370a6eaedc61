// Picks the screen drawn for the foreground app's kind, then marks and draws the node with D-pad focus.
import type { UiNode } from '../../device/uiTree';
import type { AppKind } from '../../profiles/types';
import { fillRoundRect } from '../draw';
import type { BarTint, Frame } from './frame';
import { drawLauncher } from './launcher';
import { drawLeanbackLauncher } from './leanback';
import { drawMail } from './mail';
import { drawMaps } from './maps';
import { drawSettings } from './settings';
import { drawBusyIndicator } from './pages';
import { drawShop } from './shop';
import { drawTvSettings } from './tvSettings';

const SCREENS: Record<AppKind, (frame: Frame) => BarTint> = {
  launcher: (frame) => (frame.television ? drawLeanbackLauncher(frame) : drawLauncher(frame)),
  settings: (frame) => (frame.television ? drawTvSettings(frame) : drawSettings(frame)),
  shop: drawShop,
  mail: drawMail,
  maps: drawMaps,
};

function visit(node: UiNode, each: (node: UiNode) => void): void {
  each(node);
  for (const child of node.children) visit(child, each);
}

/**
 * The node with D-pad focus: the page's focus key, or on a TV (never in touch mode) the window's default node
 * when no key has moved focus yet. It alone is `focused` in the tree; undefined leaves the tree as drawn.
 */
function applyFocus(frame: Frame): UiNode | undefined {
  const page = frame.dialog ?? frame.page;
  const focusables: UiNode[] = [];
  let anyFocused = false;
  visit(frame.ui.root, (node) => {
    if (node.focusable && node.enabled !== false && node.focusKey !== undefined) focusables.push(node);
    if (node.focused) anyFocused = true;
  });
  let target = page.focusKey === undefined ? undefined : focusables.find((n) => n.focusKey === page.focusKey);
  if (target === undefined && frame.television && !anyFocused)
    target = focusables.find((node) => node.defaultFocus) ?? focusables[0];
  if (target === undefined) return undefined;
  visit(frame.ui.root, (node) => {
    if (node.focused) node.focused = false;
  });
  target.focused = true;
  return target;
}

/** The framework's default focus highlight (API 26+): a translucent state layer over the focused view. */
function drawDefaultFocus(frame: Frame, node: UiNode): void {
  const { left, top, right, bottom } = node.bounds;
  fillRoundRect(frame.ctx, left, top, right - left, bottom - top, 4 * frame.dp, 'rgba(26, 115, 232, 0.24)');
}

/** Draws the foreground app's screen over the whole display and returns the tint the system bars need. */
export function drawAppScreen(frame: Frame): BarTint {
  const tint = SCREENS[frame.app.kind](frame);
  const focused = applyFocus(frame);
  if (focused) (frame.drawFocus ?? ((node: UiNode) => drawDefaultFocus(frame, node)))(focused);
  if (frame.animationFrame !== undefined) drawBusyIndicator(frame, frame.animationFrame);
  return tint;
}
