// Settings home (Android 14 style): large title, search pill, coloured category rows; two panes on tablets.
import { drawText, fillCircle, fillRect, fillRoundRect } from '../draw';
import { drawGlyph, type GlyphName } from '../glyphs';
import type { UiNode } from '../../device/uiTree';
import type { BarTint, Frame } from './frame';
import { drawToolbar } from './pages';

const ROWS: ReadonlyArray<readonly [string, string, GlyphName, string]> = [
  ['Network & internet', 'Mobile, Wi\u2011Fi, hotspot', 'wifi', '#3F6FD8'],
  ['Connected devices', 'Bluetooth, pairing', 'devices', '#0B8A7A'],
  ['Apps', 'Recent apps, default apps', 'grid', '#E8710A'],
  ['Notifications', 'Notification history, conversations', 'bell', '#5B6BC0'],
  ['Battery', '82% \u00B7 Should last until about 11:30\u202FPM', 'batteryFull', '#1E8E3E'],
  ['Storage', '41% used \u00B7 75.5 GB free', 'storage', '#8E53C7'],
  ['Sound & vibration', 'Volume, haptics, Do Not Disturb', 'speaker', '#C2185B'],
  ['Display', 'Dark theme, font size, brightness', 'sun', '#D98E04'],
  ['Wallpaper & style', 'Colours, themed icons, app grid', 'palette', '#D93025'],
  ['Accessibility', 'Display, interaction, audio', 'person', '#0097A7'],
  ['Security & privacy', 'App security, device lock, permissions', 'lock', '#3C8D40'],
  ['Location', 'On \u00B7 7 apps have access to location', 'pin', '#1A73E8'],
  ['System', 'Languages, gestures, time, backup', 'gear', '#5F6368'],
  ['About phone', 'Device name, model, Android version', 'info', '#5F6368'],
];

const NETWORK_ITEMS = [
  ['Internet', 'SimNet-5G'],
  ['Calls & SMS', 'Carrier'],
  ['SIMs', 'Carrier'],
  ['Airplane mode', 'Off'],
  ['Hotspot & tethering', 'Off'],
  ['Data Saver', 'Off'],
  ['VPN', 'None'],
  ['Private DNS', 'Automatic'],
] as const;

const BACKGROUND = '#F3F5FA';
const TITLE = '#1B1B1F';
const SUMMARY = '#45474F';

function drawRows(frame: Frame, left: number, right: number, top: number, selected: number): void {
  const { ctx, dp, content, ui } = frame;
  const rowHeight = 76 * dp;
  const offset = frame.page.scroll.list ?? 0;
  const list = ui.add(
    ui.content,
    'androidx.recyclerview.widget.RecyclerView',
    { x: left, y: top, width: right - left, height: content.bottom - top },
    {
      resourceId: ui.id('recycler_view'),
      scrollable: true,
      focusable: true,
      scroll: { key: 'list', maxPx: Math.max(0, ROWS.length * rowHeight - (content.bottom - top)) },
    },
  );
  ROWS.forEach(([title, summary, glyph, color], index) => {
    const rowTop = top + index * rowHeight - offset;
    if (rowTop > content.bottom || rowTop + rowHeight < top) return;
    const row = ui.add(
      list,
      'android.widget.LinearLayout',
      { x: left, y: rowTop, width: right - left, height: rowHeight },
      {
        clickable: true,
        focusable: true,
        selected: index === selected,
        action: { kind: 'open', page: 'category', item: index, activity: '.SubSettings' },
      },
    );
    if (index === selected)
      fillRoundRect(
        ctx,
        left + 8 * dp,
        rowTop + 4 * dp,
        right - left - 16 * dp,
        rowHeight - 8 * dp,
        28 * dp,
        '#DCE2F9',
      );
    const middle = rowTop + rowHeight / 2;
    fillCircle(ctx, left + 44 * dp, middle, 20 * dp, color);
    drawGlyph(ctx, glyph, left + 44 * dp, middle, 22 * dp, '#FFFFFF');
    const textLeft = left + 84 * dp;
    const maxWidth = right - textLeft - 16 * dp;
    labelled(
      frame,
      row,
      title,
      textLeft,
      middle - 3 * dp,
      { sizePx: 18 * dp, color: TITLE, maxWidth },
      'title',
    );
    labelled(
      frame,
      row,
      summary,
      textLeft,
      middle + 19 * dp,
      { sizePx: 14 * dp, color: SUMMARY, maxWidth },
      'summary',
    );
  });
}

/** Draws one line of text and records it as an `android:id/<id>` TextView. */
function labelled(
  frame: Frame,
  parent: UiNode,
  text: string,
  x: number,
  y: number,
  style: Parameters<typeof drawText>[4],
  id?: string,
): void {
  const width = drawText(frame.ctx, text, x, y, style);
  frame.ui.text(
    parent,
    text,
    x,
    y,
    { width, sizePx: style.sizePx },
    id ? { resourceId: `android:id/${id}` } : {},
  );
}

function drawDetailPane(frame: Frame, left: number, right: number): void {
  const { ctx, dp, content } = frame;
  fillRoundRect(
    ctx,
    left,
    content.top + 12 * dp,
    right - left,
    content.bottom - content.top - 24 * dp,
    24 * dp,
    '#FFFFFF',
  );
  const pane = frame.ui.add(
    frame.ui.content,
    'android.widget.FrameLayout',
    {
      x: left,
      y: content.top + 12 * dp,
      width: right - left,
      height: content.bottom - content.top - 24 * dp,
    },
    { resourceId: frame.ui.id('two_pane_detail') },
  );
  labelled(frame, pane, 'Network & internet', left + 24 * dp, content.top + 64 * dp, {
    sizePx: 28 * dp,
    color: TITLE,
  });
  NETWORK_ITEMS.forEach(([title, summary], index) => {
    const middle = content.top + 120 * dp + index * 72 * dp;
    labelled(frame, pane, title, left + 24 * dp, middle, { sizePx: 18 * dp, color: TITLE }, 'title');
    labelled(
      frame,
      pane,
      summary,
      left + 24 * dp,
      middle + 22 * dp,
      { sizePx: 14 * dp, color: SUMMARY },
      'summary',
    );
  });
}

/** The entries of a category page: Network & internet's own, otherwise the row's summary items. */
function categoryEntries(index: number): Array<readonly [string, string]> {
  if (index === 0) return [...NETWORK_ITEMS];
  const summary = ROWS[index]?.[1] ?? '';
  return summary
    .split(/, | \u00B7 /)
    .map((part) => [part.charAt(0).toUpperCase() + part.slice(1), ''] as const);
}

/** A category's sub-page (opened from its row). */
function drawCategory(frame: Frame, index: number): void {
  const { dp, content } = frame;
  const title = ROWS[index]?.[0] ?? 'Settings';
  drawToolbar(frame, title, { background: BACKGROUND, bar: BACKGROUND, ink: TITLE });
  const list = frame.ui.add(
    frame.ui.content,
    'androidx.recyclerview.widget.RecyclerView',
    {
      x: content.left,
      y: content.top + 64 * dp,
      width: content.right - content.left,
      height: content.bottom - content.top - 64 * dp,
    },
    { resourceId: frame.ui.id('recycler_view'), scrollable: true, focusable: true },
  );
  categoryEntries(index).forEach(([entry, summary], position) => {
    const top = content.top + 80 * dp + position * 72 * dp;
    if (top > content.bottom) return;
    const row = frame.ui.add(
      list,
      'android.widget.LinearLayout',
      { x: content.left, y: top, width: content.right - content.left, height: 72 * dp },
      { clickable: true, focusable: true },
    );
    const middle = top + (summary === '' ? 42 : 32) * dp;
    labelled(frame, row, entry, content.left + 24 * dp, middle, { sizePx: 18 * dp, color: TITLE }, 'title');
    if (summary !== '')
      labelled(
        frame,
        row,
        summary,
        content.left + 24 * dp,
        middle + 22 * dp,
        { sizePx: 14 * dp, color: SUMMARY },
        'summary',
      );
  });
}

/** Draws the Settings home screen, or a category page opened from it. */
export function drawSettings(frame: Frame): BarTint {
  if (frame.page.name === 'category') {
    drawCategory(frame, frame.page.item ?? 0);
    return { darkStatusIcons: true, darkNavigationIcons: true, statusBarColor: BACKGROUND };
  }
  const { ctx, dp, content } = frame;
  fillRect(ctx, 0, 0, frame.widthPx, frame.heightPx, BACKGROUND);
  const twoPane = (content.right - content.left) / dp >= 840;
  const listRight = twoPane ? content.left + (content.right - content.left) * 0.4 : content.right;
  const left = content.left;
  labelled(frame, frame.ui.content, 'Settings', left + 24 * dp, content.top + 76 * dp, {
    sizePx: 36 * dp,
    color: TITLE,
  });
  const searchTop = content.top + 104 * dp;
  fillRoundRect(ctx, left + 16 * dp, searchTop, listRight - left - 32 * dp, 56 * dp, 28 * dp, '#E3E7F1');
  const search = frame.ui.add(
    frame.ui.content,
    'android.widget.LinearLayout',
    { x: left + 16 * dp, y: searchTop, width: listRight - left - 32 * dp, height: 56 * dp },
    { resourceId: frame.ui.id('search_action_bar'), clickable: true, focusable: true },
  );
  drawGlyph(ctx, 'search', left + 44 * dp, searchTop + 28 * dp, 22 * dp, SUMMARY);
  labelled(frame, search, 'Search Settings', left + 72 * dp, searchTop + 34 * dp, {
    sizePx: 17 * dp,
    color: SUMMARY,
  });
  // The list scrolls inside the content area: rows end above the navigation bar.
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, searchTop + 72 * dp, frame.widthPx, content.bottom - searchTop - 72 * dp);
  ctx.clip();
  drawRows(frame, left, listRight, searchTop + 72 * dp, twoPane ? 0 : -1);
  ctx.restore();
  if (twoPane) drawDetailPane(frame, listRight + 8 * dp, content.right - 16 * dp);
  return { darkStatusIcons: true, darkNavigationIcons: true, statusBarColor: '#5F6B7E' };
}
