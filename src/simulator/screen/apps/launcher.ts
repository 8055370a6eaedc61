// Home screen: wallpaper, date line, a grid of labelled app icons and the search bar above the dock.
import { drawText, fillRoundRect, withShadow } from '../draw';
import { drawGlyph } from '../glyphs';
import { drawAppIcon } from '../icons';
import type { ScreenApp } from '../types';
import { UiBuilder } from '../uiBuilder';
import type { BarTint, Frame } from './frame';

function drawWallpaper(frame: Frame): void {
  const { ctx, widthPx, heightPx } = frame;
  // A vertical gradient keeps every row one colour, which PNG compresses several times faster than a diagonal.
  const gradient = ctx.createLinearGradient(0, 0, 0, heightPx);
  gradient.addColorStop(0, '#1D2B53');
  gradient.addColorStop(0.55, '#3C5A8A');
  gradient.addColorStop(1, '#C9856B');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, widthPx, heightPx);
  // Two soft hills give the wallpaper some shape.
  ctx.fillStyle = 'rgba(20, 30, 60, 0.35)';
  ctx.beginPath();
  ctx.ellipse(widthPx * 0.2, heightPx * 0.98, widthPx * 0.9, heightPx * 0.22, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(10, 18, 40, 0.35)';
  ctx.beginPath();
  ctx.ellipse(widthPx * 0.95, heightPx * 1.02, widthPx * 0.8, heightPx * 0.2, 0, 0, Math.PI * 2);
  ctx.fill();
}

/** Draws the launcher's home screen. */
export function drawLauncher(frame: Frame): BarTint {
  const { ctx, dp, content, ui } = frame;
  drawWallpaper(frame);
  const width = content.right - content.left;
  const side = 20 * dp;
  const workspace = ui.add(
    ui.content,
    'android.widget.ScrollView',
    { x: content.left, y: content.top, width, height: content.bottom - content.top },
    { resourceId: ui.id('workspace'), scrollable: true },
  );
  if (frame.dateText !== undefined) {
    const style = { sizePx: 22 * dp, color: '#FFFFFF' };
    const drawn = drawText(ctx, frame.dateText, content.left + side + 4 * dp, content.top + 48 * dp, style);
    ui.text(
      workspace,
      frame.dateText,
      content.left + side + 4 * dp,
      content.top + 48 * dp,
      {
        width: drawn,
        sizePx: style.sizePx,
      },
      { resourceId: ui.id('date'), clickable: true, focusable: true },
    );
  }
  const apps = frame.homeApps.filter((app) => app.kind !== 'launcher');
  const columns = Math.max(4, Math.min(6, Math.floor(width / dp / 96)));
  const cell = Math.min(width - 2 * side, 96 * dp * columns) / columns;
  const gridLeft = content.left + (width - cell * columns) / 2;
  const searchHeight = 52 * dp;
  const searchTop = content.bottom - 16 * dp - searchHeight;
  const rowHeight = 100 * dp;
  const iconSize = 56 * dp;
  // The workspace is a pager of home pages of at most WORKSPACE_ROWS rows; icons fill the first page first.
  const perPage = columns * WORKSPACE_ROWS;
  const pageCount = Math.max(1, Math.ceil(apps.length / perPage));
  const shownPage = Math.min(frame.page.scroll[WORKSPACE_PAGE] ?? 0, pageCount - 1);
  if (pageCount > 1) workspace.pager = { key: WORKSPACE_PAGE, pages: pageCount };
  const pageApps = apps.slice(shownPage * perPage, (shownPage + 1) * perPage);
  const rows = Math.ceil(pageApps.length / columns);
  pageApps.forEach((app, index) => {
    const row = Math.floor(index / columns);
    const cellLeft = gridLeft + (index % columns) * cell;
    const top = searchTop - 24 * dp - (rows - row) * rowHeight;
    drawAppIcon(ctx, app, cellLeft + (cell - iconSize) / 2, top, iconSize);
    // Launcher3's BubbleTextView: one clickable TextView for the icon and its label.
    ui.add(
      workspace,
      'android.widget.TextView',
      { x: cellLeft, y: top - 8 * dp, width: cell, height: iconSize + 38 * dp },
      {
        text: app.label,
        contentDesc: app.label,
        clickable: true,
        longClickable: true,
        focusable: true,
        action: { kind: 'launch', packageName: app.packageName },
        longAction: { kind: 'open', page: SHORTCUTS_POPUP, item: apps.indexOf(app) },
      },
    );
    drawText(ctx, app.label, cellLeft + cell / 2, top + iconSize + 22 * dp, {
      sizePx: 13 * dp,
      color: '#FFFFFF',
      align: 'center',
      maxWidth: cell - 8 * dp,
    });
  });
  if (pageCount > 1) drawPageIndicator(frame, pageCount, shownPage, searchTop - 12 * dp);
  const searchWidth = Math.min(width - 2 * side, 560 * dp);
  const searchLeft = content.left + (width - searchWidth) / 2;
  withShadow(ctx, 6 * dp, 2 * dp, () =>
    fillRoundRect(ctx, searchLeft, searchTop, searchWidth, searchHeight, searchHeight / 2, '#F1F3F9'),
  );
  const search = ui.add(
    ui.content,
    'android.widget.FrameLayout',
    { x: searchLeft, y: searchTop, width: searchWidth, height: searchHeight },
    {
      resourceId: ui.id('search_container_hotseat'),
      contentDesc: 'Search',
      clickable: true,
      focusable: true,
    },
  );
  const middle = searchTop + searchHeight / 2;
  drawGlyph(ctx, 'search', searchLeft + 28 * dp, middle, 22 * dp, '#44474F');
  drawText(ctx, 'Search', searchLeft + 52 * dp, middle + 6 * dp, { sizePx: 17 * dp, color: '#44474F' });
  drawGlyph(ctx, 'mic', searchLeft + searchWidth - 28 * dp, middle, 22 * dp, '#44474F');
  ui.add(
    search,
    'android.widget.ImageView',
    { x: searchLeft + searchWidth - 52 * dp, y: middle - 24 * dp, width: 48 * dp, height: 48 * dp },
    { resourceId: ui.id('mic_icon'), contentDesc: 'Voice search', clickable: true, focusable: true },
  );
  if (frame.dialog?.name === SHORTCUTS_POPUP) drawShortcuts(frame, apps[frame.dialog.item ?? -1]);
  return { darkStatusIcons: false, darkNavigationIcons: false, statusBarColor: '#1D2B53' };
}

/** The workspace pager's page index, kept with the launcher page's scroll offsets. */
const WORKSPACE_PAGE = 'workspace_page';
/** Icon rows per home page (Pixel Launcher's 4x5 grid on a phone). */
const WORKSPACE_ROWS = 5;
/** The long-press popup of a home-screen icon (an app's shortcuts). */
const SHORTCUTS_POPUP = 'dialog:shortcuts';

/** PageIndicatorDots: one dot per home page, the shown one opaque. */
function drawPageIndicator(frame: Frame, pages: number, shown: number, middle: number): void {
  const { ctx, dp, content } = frame;
  const spacing = 14 * dp;
  const first = (content.left + content.right) / 2 - ((pages - 1) * spacing) / 2;
  for (let index = 0; index < pages; index += 1) {
    ctx.fillStyle = index === shown ? '#FFFFFF' : 'rgba(255, 255, 255, 0.45)';
    ctx.beginPath();
    ctx.arc(first + index * spacing, middle, 3 * dp, 0, Math.PI * 2);
    ctx.fill();
  }
  frame.ui.add(
    frame.ui.content,
    'android.view.View',
    { x: first - spacing / 2, y: middle - 6 * dp, width: pages * spacing, height: 12 * dp },
    { resourceId: frame.ui.id('page_indicator'), contentDesc: `Page ${shown + 1} of ${pages}` },
  );
}

/**
 * The shortcuts popup a long press on an icon opens: its own window (the tree describes it, a tap outside or Back
 * closes it) with "App info", which opens Settings.
 */
function drawShortcuts(frame: Frame, app: ScreenApp | undefined): void {
  if (app === undefined) return;
  const { ctx, dp, content } = frame;
  const width = 200 * dp;
  const itemHeight = 48 * dp;
  const left = Math.round(content.left + (content.right - content.left - width) / 2);
  const top = Math.round(content.top + (content.bottom - content.top) / 2 - itemHeight);
  const window = { left, top, right: Math.round(left + width), bottom: Math.round(top + 2 * itemHeight) };
  withShadow(ctx, 8 * dp, 2 * dp, () =>
    fillRoundRect(ctx, left, top, width, 2 * itemHeight, 24 * dp, '#F1F3F9'),
  );
  const ui = new UiBuilder(frame.app.packageName, frame.widthPx, frame.heightPx, window, window);
  ui.root.cancelOnTouchOutside = true;
  frame.ui = ui;
  const container = ui.add(
    ui.content,
    'android.widget.LinearLayout',
    { x: left, y: top, width, height: 2 * itemHeight },
    { resourceId: ui.id('popup_container') },
  );
  ui.text(container, app.label, left + 20 * dp, top + 30 * dp, {
    width: drawText(ctx, app.label, left + 20 * dp, top + 30 * dp, { sizePx: 14 * dp, color: '#44474F' }),
    sizePx: 14 * dp,
  });
  const settings = frame.homeApps.find((candidate) => candidate.kind === 'settings');
  const itemTop = top + itemHeight;
  drawGlyph(ctx, 'info', left + 32 * dp, itemTop + itemHeight / 2, 20 * dp, '#1F1F1F');
  drawText(ctx, 'App info', left + 56 * dp, itemTop + 30 * dp, { sizePx: 15 * dp, color: '#1F1F1F' });
  ui.add(
    container,
    'android.widget.TextView',
    { x: left, y: itemTop, width, height: itemHeight },
    {
      text: 'App info',
      resourceId: ui.id('bubble_text'),
      clickable: true,
      focusable: true,
      ...(settings ? { action: { kind: 'launch' as const, packageName: settings.packageName } } : {}),
    },
  );
}
