// The accessibility tree of a simulated device's screen (what `uiautomator dump` serializes), and where a device
// gets it from: the screen renderer registers a source that derives the tree from the model it draws.
import type { DeviceState } from './state';

export interface UiBounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** One AccessibilityNodeInfo as uiautomator reads it; flags default to false, `enabled` to true. */
export interface UiNode {
  className: string;
  packageName: string;
  text?: string;
  resourceId?: string;
  contentDesc?: string;
  /** Hint of an editable field (API 26+). */
  hint?: string;
  checkable?: boolean;
  checked?: boolean;
  clickable?: boolean;
  enabled?: boolean;
  focusable?: boolean;
  focused?: boolean;
  scrollable?: boolean;
  longClickable?: boolean;
  password?: boolean;
  selected?: boolean;
  /** Visible bounds on the display, in pixels. */
  bounds: UiBounds;
  /** Position among its siblings when drawn (0 for a window root). */
  drawingOrder: number;
  children: UiNode[];
  /** What a tap on this node does (the simulated app's click handler); not part of the dump. */
  action?: UiAction;
  /** What a long press does (a long-click handler; needs `longClickable`); not dumped. */
  longAction?: UiAction;
  /** Identifies a focusable node across redraws, so D-pad focus survives a new frame; not dumped. */
  focusKey?: string;
  /** A leanback row (HorizontalGridView, focusOutFront/End false): LEFT/RIGHT never move focus out of it. */
  keepsHorizontalFocus?: boolean;
  /** Takes focus when the window has none and the device is not in touch mode (android:focusedByDefault). */
  defaultFocus?: boolean;
  /** A horizontal pager (the launcher's workspace): its page index's key on the page and its page count. */
  pager?: { key: string; pages: number };
  /** A scrollable list: its scroll position's key on the page and how far it can scroll (px); not dumped. */
  scroll?: { key: string; maxPx: number };
  /** A dialog window's root: a tap outside it cancels the dialog (setCanceledOnTouchOutside). */
  cancelOnTouchOutside?: boolean;
}

/** A simulated click handler: launch an app, open a page of the foreground app, go back, focus a field. */
export type UiAction =
  | { kind: 'launch'; packageName: string }
  | {
      kind: 'open';
      page: string;
      item?: number;
      replace?: boolean;
      /** The page is a new activity of the app's task (`.MessageActivity`); without it the page is a fragment or
       * dialog of the activity below. */
      activity?: string;
      /** The editable field that takes input focus when the page opens (an activity's first EditText). */
      focused?: string;
    }
  | { kind: 'back' }
  | { kind: 'focus'; field: string };

/** The tree of the active window plus the display rotation (0, 1, 2, 3 as Surface.ROTATION_*). */
export interface UiHierarchy {
  rotation: number;
  root: UiNode;
}

/** Yields the current hierarchy; undefined when no window has focus (uiautomator's "null root node"). */
export type UiSource = () => Promise<UiHierarchy | undefined>;

const sources = new WeakMap<DeviceState, UiSource>();

/** Registers how this device's screen describes itself (the simulated Android's screen model does). */
export function setUiSource(state: DeviceState, source: UiSource): void {
  sources.set(state, source);
}

export function uiSourceOf(state: DeviceState): UiSource | undefined {
  return sources.get(state);
}

const dumpDelays = new WeakMap<DeviceState, number>();

/** A slow `uiautomator dump` (simctl fault uiautomator delay MS): real busy screens take 1-15 s. 0 clears it. */
export function setDumpDelay(state: DeviceState, delayMs: number): void {
  if (delayMs > 0) dumpDelays.set(state, delayMs);
  else dumpDelays.delete(state);
}

export function dumpDelayOf(state: DeviceState): number {
  return dumpDelays.get(state) ?? 0;
}
