// The geometry every app screen draws into: density and the area left free by system bars and cutout.
import type { Rect } from '../../../shared/geometry/types';
import { isDialogPage, type NavigationPage } from '../../device/navigation';
import type { UiNode } from '../../device/uiTree';
import type { Context } from '../draw';
import type { ScreenApp, ScreenInput } from '../types';
import { UiBuilder } from '../uiBuilder';

export interface Frame {
  ctx: Context;
  widthPx: number;
  heightPx: number;
  /** Pixels per dp. */
  dp: number;
  sdk: number;
  /** The display minus status bar, navigation bar and cutout (edges combined by max). */
  content: Rect;
  app: ScreenApp;
  homeApps: ScreenApp[];
  dateText?: string;
  /** Records the accessibility nodes of what the screen draws (a dialog replaces it with its own window's). */
  ui: UiBuilder;
  /** The page the app window shows (the top page that is not a dialog). */
  page: NavigationPage;
  /** A dialog open over `page`. */
  dialog?: NavigationPage;
  /** The animation frame while the app animates. */
  animationFrame?: number;
  /** Android TV: no touch mode, so a window always has a focused node (its default one until a key moves it). */
  television: boolean;
  /** Draws the focus highlight of `node`; screens with their own look (leanback cards) set it. */
  drawFocus?: (node: UiNode) => void;
}

/** What an app screen tells the system bars about the colours under them. */
export interface BarTint {
  /** Dark status-bar icons and clock (light app background). */
  darkStatusIcons: boolean;
  /** Dark navigation handle/buttons. */
  darkNavigationIcons: boolean;
  /** Opaque #RRGGBB under the status bar; before API 23 the bar is drawn as a darker shade of it. */
  statusBarColor: string;
}

export function contentRect(input: ScreenInput): Rect {
  const { insets } = input.cutout;
  const nav = input.navigationBar;
  return {
    left: Math.max(insets.left, nav.position === 'left' ? nav.sizePx : 0),
    top: Math.max(insets.top, input.statusBarPx),
    right: input.widthPx - Math.max(insets.right, nav.position === 'right' ? nav.sizePx : 0),
    bottom: input.heightPx - Math.max(insets.bottom, nav.position === 'bottom' ? nav.sizePx : 0),
  };
}

export function frameOf(ctx: Context, input: ScreenInput): Frame {
  const content = contentRect(input);
  const frame: Frame = {
    ctx,
    widthPx: input.widthPx,
    heightPx: input.heightPx,
    dp: input.densityDpi / 160,
    sdk: input.sdk,
    content,
    app: input.foregroundApp,
    homeApps: input.homeApps,
    ui: new UiBuilder(input.foregroundApp.packageName, input.widthPx, input.heightPx, content),
    page: { name: 'root', scroll: {}, fields: {} },
    television: input.television === true,
  };
  const pages = input.pages ?? [];
  const top = pages[pages.length - 1];
  if (top !== undefined && isDialogPage(top)) frame.dialog = top;
  const page = [...pages].reverse().find((candidate) => !isDialogPage(candidate));
  if (page !== undefined) frame.page = page;
  if (input.animationFrame !== undefined) frame.animationFrame = input.animationFrame;
  if (input.dateText !== undefined) frame.dateText = input.dateText;
  return frame;
}
