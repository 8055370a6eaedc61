// Android TV Settings (com.android.tv.settings, Google TV style): a side panel over the dimmed home, one list per
// page (Settings → System → About), the focused row drawn light. About → Reset opens ResetActivity, a full-screen
// GuidedStep (guidance on the left, actions on the right): "Factory reset" asks again with "Erase everything", and
// Cancel is focused by default on both steps. The simulator erases nothing: "Erase everything" has no handler.
import type { UiAction, UiNode } from '../../device/uiTree';
import { drawText, fillRect, fillRoundRect } from '../draw';
import { UiBuilder } from '../uiBuilder';
import type { BarTint, Frame } from './frame';
import { drawLeanbackLauncher } from './leanback';

interface Row {
  title: string;
  summary?: string;
  action?: UiAction;
}

interface PanelPage {
  title: string;
  rows: Row[];
}

const open = (page: string, activity?: string): UiAction => ({
  kind: 'open',
  page,
  ...(activity === undefined ? {} : { activity }),
});

/** The panel pages by navigation page name. */
export const TV_SETTINGS_PAGES: Record<string, PanelPage> = {
  root: {
    title: 'Settings',
    rows: [
      { title: 'Accounts & Sign In' },
      { title: 'Privacy' },
      { title: 'Apps' },
      { title: 'Display & Sound' },
      { title: 'Network & Internet', summary: 'SimNet-5G' },
      { title: 'Accessibility' },
      { title: 'System', action: open('tv-system') },
      { title: 'Remotes & Accessories' },
      { title: 'Help & Feedback' },
    ],
  },
  'tv-system': {
    title: 'System',
    rows: [
      { title: 'About', action: open('tv-about') },
      { title: 'Date & time' },
      { title: 'Language' },
      { title: 'Keyboard' },
      { title: 'Storage' },
      { title: 'Ambient mode' },
      { title: 'Power & energy' },
      { title: 'Cast' },
      { title: 'Restart' },
    ],
  },
  'tv-about': {
    title: 'About',
    rows: [
      { title: 'System update' },
      { title: 'Device name', summary: 'Living room TV' },
      { title: 'Reset', action: open('tv-reset', '.device.storage.ResetActivity') },
      { title: 'Status' },
      { title: 'Legal information' },
      { title: 'Build' },
    ],
  },
};

interface GuidedPage {
  title: string;
  description: string[];
  actions: Row[];
}

/** ResetActivity's two steps (ResetFragment, then ResetConfirmFragment). */
export const TV_RESET_PAGES: Record<string, GuidedPage> = {
  'tv-reset': {
    title: 'Factory reset',
    description: [
      "This will erase all data from your device's internal storage,",
      'including: your Google Account, system and app data and',
      'settings, and downloaded apps.',
    ],
    actions: [{ title: 'Factory reset', action: open('tv-reset-confirm') }, { title: 'Cancel' }],
  },
  'tv-reset-confirm': {
    title: 'Factory reset',
    description: [
      'Erase all of your personal information and downloaded apps?',
      "You can't reverse this action!",
    ],
    actions: [{ title: 'Erase everything' }, { title: 'Cancel' }],
  },
};

const SCRIM = 'rgba(0, 0, 0, 0.6)';
const PANEL = '#202124';
const TITLE = '#E8EAED';
const SUMMARY = '#9AA0A6';
const FOCUSED_ROW = '#E8EAED';
const FOCUSED_INK = '#202124';
const FOCUSED_SUMMARY = '#3C4043';
const GUIDANCE = '#263238';
const ACTIONS = '#37474F';

type Painter = (focused: boolean) => void;

/** A focusable row: its node (a LinearLayout with title and summary TextViews) and how to paint it either way. */
function addRow(
  frame: Frame,
  parent: UiNode,
  row: Row,
  box: { x: number; y: number; width: number; height: number },
  ids: { title: string; summary: string },
  isDefault: boolean,
  painters: Map<UiNode, Painter>,
): void {
  const { ctx, dp, ui } = frame;
  const node = ui.add(parent, 'android.widget.LinearLayout', box, {
    clickable: true,
    focusable: true,
    focusKey: `row|${row.title}`,
    ...(isDefault ? { defaultFocus: true } : {}),
    ...(row.action ? { action: row.action } : {}),
  });
  const textLeft = box.x + 20 * dp;
  const maxWidth = box.width - 40 * dp;
  const titleBaseline = box.y + (row.summary === undefined ? box.height / 2 + 6 * dp : 24 * dp);
  const summaryBaseline = titleBaseline + 18 * dp;
  /** Paints the row; returns the drawn widths of its title and summary. */
  const paint = (focused: boolean): [number, number] => {
    if (focused) fillRoundRect(ctx, box.x, box.y, box.width, box.height, 12 * dp, FOCUSED_ROW);
    const ink = focused ? FOCUSED_INK : TITLE;
    const style = { sizePx: 16 * dp, color: ink, weight: 500 as const, maxWidth };
    const titleWidth = drawText(ctx, row.title, textLeft, titleBaseline, style);
    if (row.summary === undefined) return [titleWidth, 0];
    const summaryStyle = { sizePx: 13 * dp, color: focused ? FOCUSED_SUMMARY : SUMMARY, maxWidth };
    return [titleWidth, drawText(ctx, row.summary, textLeft, summaryBaseline, summaryStyle)];
  };
  const [titleWidth, summaryWidth] = paint(false);
  ui.text(
    node,
    row.title,
    textLeft,
    titleBaseline,
    { width: titleWidth, sizePx: 16 * dp },
    { resourceId: ids.title },
  );
  if (row.summary !== undefined)
    ui.text(
      node,
      row.summary,
      textLeft,
      summaryBaseline,
      { width: summaryWidth, sizePx: 13 * dp },
      { resourceId: ids.summary },
    );
  painters.set(node, (focused) => void paint(focused));
}

/** The focused row is repainted light (Google TV's focus); another node gets a light outline. */
function setFocusPainter(frame: Frame, painters: Map<UiNode, Painter>): void {
  frame.drawFocus = (node) => {
    const painter = painters.get(node);
    if (painter) return painter(true);
    const { left, top, right, bottom } = node.bounds;
    fillRoundRect(frame.ctx, left, top, right - left, bottom - top, 8 * frame.dp, 'rgba(232, 234, 237, 0.3)');
  };
}

function drawPanel(frame: Frame, page: PanelPage): void {
  const { ctx, dp, content, ui } = frame;
  // The home stays behind the translucent settings activity, dimmed; its nodes belong to another window.
  const behind = new UiBuilder(frame.app.packageName, frame.widthPx, frame.heightPx, content);
  drawLeanbackLauncher({ ...frame, ui: behind });
  fillRect(ctx, 0, 0, frame.widthPx, frame.heightPx, SCRIM);
  const width = Math.round((content.right - content.left) * 0.36);
  const left = content.right - width;
  fillRect(ctx, left, content.top, width, content.bottom - content.top, PANEL);
  const panel = ui.add(
    ui.content,
    'android.widget.FrameLayout',
    { x: left, y: content.top, width, height: content.bottom - content.top },
    { resourceId: ui.id('two_panel_settings_fragment') },
  );
  const titleSize = 24 * dp;
  const titleWidth = drawText(ctx, page.title, left + 32 * dp, content.top + 52 * dp, {
    sizePx: titleSize,
    color: TITLE,
  });
  ui.text(
    panel,
    page.title,
    left + 32 * dp,
    content.top + 52 * dp,
    { width: titleWidth, sizePx: titleSize },
    { resourceId: 'android:id/title' },
  );
  const listTop = content.top + 80 * dp;
  const list = ui.add(
    panel,
    'androidx.leanback.widget.VerticalGridView',
    { x: left, y: listTop, width, height: content.bottom - listTop },
    { resourceId: ui.id('list') },
  );
  const painters = new Map<UiNode, Painter>();
  let y = listTop;
  for (const row of page.rows) {
    const height = (row.summary === undefined ? 48 : 56) * dp;
    const box = { x: left + 12 * dp, y, width: width - 24 * dp, height };
    addRow(
      frame,
      list,
      row,
      box,
      { title: 'android:id/title', summary: 'android:id/summary' },
      false,
      painters,
    );
    y += height;
  }
  setFocusPainter(frame, painters);
}

function drawGuidedStep(frame: Frame, page: GuidedPage): void {
  const { ctx, dp, content, ui } = frame;
  const split = content.left + Math.round((content.right - content.left) * 0.58);
  fillRect(ctx, 0, 0, split, frame.heightPx, GUIDANCE);
  fillRect(ctx, split, 0, frame.widthPx - split, frame.heightPx, ACTIONS);
  const guidance = ui.add(
    ui.content,
    'android.widget.RelativeLayout',
    { x: content.left, y: content.top, width: split - content.left, height: content.bottom - content.top },
    { resourceId: ui.id('guidance_container') },
  );
  const left = content.left + 64 * dp;
  const titleSize = 34 * dp;
  const titleBaseline = content.top + 200 * dp;
  const titleWidth = drawText(ctx, page.title, left, titleBaseline, { sizePx: titleSize, color: '#FFFFFF' });
  ui.text(
    guidance,
    page.title,
    left,
    titleBaseline,
    { width: titleWidth, sizePx: titleSize },
    { resourceId: ui.id('guidance_title') },
  );
  page.description.forEach((line, index) => {
    const baseline = titleBaseline + 40 * dp + index * 22 * dp;
    const drawn = drawText(ctx, line, left, baseline, { sizePx: 15 * dp, color: '#CFD8DC' });
    ui.text(
      guidance,
      line,
      left,
      baseline,
      { width: drawn, sizePx: 15 * dp },
      { resourceId: ui.id('guidance_description') },
    );
  });
  const list = ui.add(
    ui.content,
    'androidx.leanback.widget.VerticalGridView',
    { x: split, y: content.top, width: content.right - split, height: content.bottom - content.top },
    { resourceId: ui.id('guidedactions_list') },
  );
  const painters = new Map<UiNode, Painter>();
  const actionsTop = titleBaseline - 40 * dp;
  page.actions.forEach((action, index) => {
    const box = {
      x: split + 24 * dp,
      y: actionsTop + index * 56 * dp,
      width: content.right - split - 48 * dp,
      height: 48 * dp,
    };
    // Cancel: the step's safe action, focused when the step opens (Back also cancels).
    const cancel = action.title === 'Cancel';
    const row: Row = cancel ? { ...action, action: { kind: 'back' } } : action;
    addRow(
      frame,
      list,
      row,
      box,
      { title: ui.id('guidedactions_item_title'), summary: ui.id('guidedactions_item_description') },
      cancel,
      painters,
    );
  });
  setFocusPainter(frame, painters);
}

/** Draws the TV Settings page on top of the app's stack. */
export function drawTvSettings(frame: Frame): BarTint {
  const guided = TV_RESET_PAGES[frame.page.name];
  if (guided !== undefined) drawGuidedStep(frame, guided);
  else drawPanel(frame, TV_SETTINGS_PAGES[frame.page.name] ?? (TV_SETTINGS_PAGES.root as PanelPage));
  return { darkStatusIcons: false, darkNavigationIcons: false, statusBarColor: PANEL };
}
