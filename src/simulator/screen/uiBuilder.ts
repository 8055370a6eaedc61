// Records the accessibility nodes of an app screen while it is drawn, so every node's bounds are the rectangle the
// pixels of that element occupy (uiautomator dump and screencap describe the same frame).
import type { Rect } from '../../shared/geometry/types';
import { ROBOTO_ASCENT_PER_EM, ROBOTO_DESCENT_PER_EM } from '../../node/fonts/robotoMeasurer';
import type { UiBounds, UiNode } from '../device/uiTree';

/** What a node says about itself besides class and bounds. */
export type NodeFacts = Omit<UiNode, 'className' | 'packageName' | 'bounds' | 'drawingOrder' | 'children'>;

/** A drawn rectangle in (fractional) pixels. */
export interface DrawnBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersect(a: UiBounds, b: UiBounds): UiBounds {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

export class UiBuilder {
  /** The window's root: a FrameLayout over the whole display, with `android:id/content` inside it. */
  readonly root: UiNode;
  /** The app's content view (the display minus the system bars). */
  readonly content: UiNode;
  /** How many focusable nodes so far have each focus key base (a repeated base gets a `#n` suffix). */
  private readonly focusKeys = new Map<string, number>();

  constructor(
    readonly packageName: string,
    widthPx: number,
    heightPx: number,
    content: Rect,
    /** The window's bounds when it does not cover the display (a dialog); default the whole display. */
    window?: Rect,
  ) {
    this.root = {
      className: 'android.widget.FrameLayout',
      packageName,
      bounds: window ? { ...window } : { left: 0, top: 0, right: widthPx, bottom: heightPx },
      drawingOrder: 0,
      children: [],
    };
    this.content = this.add(
      this.root,
      'android.widget.FrameLayout',
      {
        x: content.left,
        y: content.top,
        width: content.right - content.left,
        height: content.bottom - content.top,
      },
      { resourceId: 'android:id/content' },
    );
  }

  /** A resource id in the app's package: `com.example:id/name`. */
  id(name: string): string {
    return `${this.packageName}:id/${name}`;
  }

  /**
   * Adds a node for a drawn box under `parent`; bounds are the box rounded to whole pixels and clipped to the
   * parent's (visible bounds, as getVisibleBoundsInScreen reports). A node clipped away entirely is not visible to
   * the user and stays out of the tree.
   */
  add(parent: UiNode, className: string, box: DrawnBox, facts: NodeFacts = {}): UiNode {
    const bounds = intersect(
      {
        left: Math.round(box.x),
        top: Math.round(box.y),
        right: Math.round(box.x + box.width),
        bottom: Math.round(box.y + box.height),
      },
      parent.bounds,
    );
    const node: UiNode = {
      className,
      packageName: this.packageName,
      ...facts,
      bounds,
      drawingOrder: parent.children.length + 1,
      children: [],
    };
    const visible = bounds.right > bounds.left && bounds.bottom > bounds.top;
    if (visible && node.focusable && node.focusKey === undefined) node.focusKey = this.focusKeyOf(node);
    if (visible) parent.children.push(node);
    return node;
  }

  /** What identifies a focusable node from frame to frame: its id or class plus its text or description. */
  private focusKeyOf(node: UiNode): string {
    const base = `${node.resourceId ?? node.className}|${node.text ?? node.contentDesc ?? ''}`;
    const count = this.focusKeys.get(base) ?? 0;
    this.focusKeys.set(base, count + 1);
    return count === 0 ? base : `${base}#${count}`;
  }

  /** A TextView for one line drawn by drawText at baseline `y` (as wide as the drawn text, one line of Roboto tall). */
  text(
    parent: UiNode,
    text: string,
    x: number,
    y: number,
    drawn: { width: number; sizePx: number; align?: 'left' | 'right' | 'center' },
    facts: NodeFacts = {},
  ): UiNode {
    const left =
      drawn.align === 'right' ? x - drawn.width : drawn.align === 'center' ? x - drawn.width / 2 : x;
    // Roboto's ascent is negative (above the baseline), its descent positive.
    const top = y + ROBOTO_ASCENT_PER_EM * drawn.sizePx;
    const height = (ROBOTO_DESCENT_PER_EM - ROBOTO_ASCENT_PER_EM) * drawn.sizePx;
    return this.add(
      parent,
      'android.widget.TextView',
      { x: left, y: top, width: drawn.width, height },
      {
        text,
        ...facts,
      },
    );
  }
}
