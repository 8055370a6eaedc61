// Android TV home (a Google TV-like leanback launcher): a top bar of tabs, then rows of cards, "Your apps" (one
// banner per installed app) and "Top picks for you" (a content card per app). No touch: every card is focusable,
// the focused one wears a white frame, and DPAD_CENTER opens its app.
import { robotoFont } from '../../../node/fonts/roboto';
import type { UiNode } from '../../device/uiTree';
import { shade } from '../colors';
import { drawText, fillRect, fillRoundRect, strokeRoundRect } from '../draw';
import { drawGlyph } from '../glyphs';
import { drawAppIcon } from '../icons';
import type { ScreenApp } from '../types';
import type { BarTint, Frame } from './frame';

const BACKGROUND = '#0E1013';
/** The focus frame: white, outside the focused element's bounds. */
export const LEANBACK_FOCUS_COLOR = '#FFFFFF';
const TABS = ['For you', 'Apps', 'Library'] as const;
const PICKS: Partial<Record<ScreenApp['kind'], string>> = {
  shop: "Today's deals",
  mail: 'Inbox',
  maps: 'Explore nearby',
};

interface Row {
  title: string;
  top: number;
  card: { width: number; height: number };
}

function drawTopBar(frame: Frame, home: UiNode): void {
  const { ctx, dp, content, ui } = frame;
  const middle = content.top + 40 * dp;
  const bar = ui.add(
    home,
    'android.widget.LinearLayout',
    { x: content.left, y: middle - 24 * dp, width: content.right - content.left, height: 48 * dp },
    { resourceId: ui.id('top_bar') },
  );
  let x = content.left + 48 * dp;
  const size = 36 * dp;
  fillRoundRect(ctx, x, middle - size / 2, size, size, size / 2, '#2A2C30');
  drawGlyph(ctx, 'search', x + size / 2, middle, 20 * dp, '#E8EAED');
  ui.add(
    bar,
    'android.widget.ImageView',
    { x, y: middle - size / 2, width: size, height: size },
    { resourceId: ui.id('search_orb'), contentDesc: 'Search', clickable: true, focusable: true },
  );
  x += size + 16 * dp;
  for (const tab of TABS) {
    const selected = tab === 'For you';
    const style = { sizePx: 15 * dp, color: selected ? '#FFFFFF' : '#BDC1C6', weight: 500 as const };
    ctx.font = robotoFont(style.sizePx, style.weight);
    const width = ctx.measureText(tab).width + 32 * dp;
    if (selected) fillRoundRect(ctx, x, middle - size / 2, width, size, size / 2, '#3C4043');
    drawText(ctx, tab, x + width / 2, middle + 5 * dp, { ...style, align: 'center' });
    ui.add(
      bar,
      'android.widget.TextView',
      { x, y: middle - size / 2, width, height: size },
      { text: tab, resourceId: ui.id('tab'), clickable: true, focusable: true, selected },
    );
    x += width + 8 * dp;
  }
  const settings = frame.homeApps.find((app) => app.kind === 'settings');
  const gearLeft = content.right - 48 * dp - size;
  fillRoundRect(ctx, gearLeft, middle - size / 2, size, size, size / 2, '#2A2C30');
  drawGlyph(ctx, 'gear', gearLeft + size / 2, middle, 20 * dp, '#E8EAED');
  ui.add(
    bar,
    'android.widget.ImageView',
    { x: gearLeft, y: middle - size / 2, width: size, height: size },
    {
      resourceId: ui.id('settings'),
      contentDesc: 'Settings',
      clickable: true,
      focusable: true,
      ...(settings ? { action: { kind: 'launch' as const, packageName: settings.packageName } } : {}),
    },
  );
}

/** One row: its title and a horizontal list; returns the list node the cards go into. */
function addRow(frame: Frame, rows: UiNode, row: Row): UiNode {
  const { ctx, dp, content, ui } = frame;
  const left = content.left + 48 * dp;
  const titleSize = 17 * dp;
  const baseline = row.top + titleSize;
  const drawn = drawText(ctx, row.title, left, baseline, {
    sizePx: titleSize,
    color: '#E8EAED',
    weight: 500,
  });
  const height = titleSize + 12 * dp + row.card.height;
  const rowNode = ui.add(
    rows,
    'android.widget.LinearLayout',
    { x: content.left, y: row.top, width: content.right - content.left, height },
    { resourceId: ui.id('row') },
  );
  ui.text(
    rowNode,
    row.title,
    left,
    baseline,
    { width: drawn, sizePx: titleSize },
    { resourceId: ui.id('row_title') },
  );
  return ui.add(
    rowNode,
    'androidx.recyclerview.widget.RecyclerView',
    { x: content.left, y: baseline + 12 * dp, width: content.right - content.left, height: row.card.height },
    { resourceId: ui.id('row_items'), keepsHorizontalFocus: true },
  );
}

/** Draws the leanback launcher's home screen. */
export function drawLeanbackLauncher(frame: Frame): BarTint {
  const { ctx, dp, content, ui, widthPx, heightPx } = frame;
  fillRect(ctx, 0, 0, widthPx, heightPx, BACKGROUND);
  const home = ui.add(
    ui.content,
    'android.widget.FrameLayout',
    {
      x: content.left,
      y: content.top,
      width: content.right - content.left,
      height: content.bottom - content.top,
    },
    { resourceId: ui.id('home_root') },
  );
  drawTopBar(frame, home);
  const rows = ui.add(
    home,
    'androidx.recyclerview.widget.RecyclerView',
    {
      x: content.left,
      y: content.top + 88 * dp,
      width: content.right - content.left,
      height: content.bottom - content.top - 88 * dp,
    },
    { resourceId: ui.id('rows') },
  );
  const left = content.left + 48 * dp;
  const gap = 16 * dp;

  const apps = frame.homeApps.filter((app) => app.kind !== 'launcher');
  const appsRow: Row = {
    title: 'Your apps',
    top: content.top + 96 * dp,
    card: { width: 152 * dp, height: 86 * dp },
  };
  const appsList = addRow(frame, rows, appsRow);
  apps.forEach((app, index) => {
    const x = left + index * (appsRow.card.width + gap);
    const y = appsList.bounds.top;
    const { width, height } = appsRow.card;
    // A leanback banner: the brand colour, the app's icon and its name.
    fillRoundRect(ctx, x, y, width, height, 8 * dp, app.brandColor);
    const icon = 32 * dp;
    drawAppIcon(ctx, app, x + (width - icon) / 2, y + 14 * dp, icon);
    drawText(ctx, app.label, x + width / 2, y + height - 14 * dp, {
      sizePx: 13 * dp,
      color: '#FFFFFF',
      weight: 500,
      align: 'center',
      maxWidth: width - 12 * dp,
    });
    ui.add(
      appsList,
      'android.widget.FrameLayout',
      { x, y, width, height },
      {
        contentDesc: app.label,
        resourceId: ui.id('app_card'),
        clickable: true,
        focusable: true,
        longClickable: true,
        ...(index === 0 ? { defaultFocus: true } : {}),
        action: { kind: 'launch', packageName: app.packageName },
      },
    );
  });

  const picks = apps.filter((app) => PICKS[app.kind] !== undefined);
  const picksRow: Row = {
    title: 'Top picks for you',
    top: appsList.bounds.bottom + 36 * dp,
    card: { width: 248 * dp, height: 140 * dp },
  };
  if (picks.length > 0) {
    const picksList = addRow(frame, rows, picksRow);
    picks.forEach((app, index) => {
      const x = left + index * (picksRow.card.width + gap);
      const y = picksList.bounds.top;
      const { width, height } = picksRow.card;
      const title = PICKS[app.kind] ?? app.label;
      fillRoundRect(ctx, x, y, width, height, 8 * dp, shade(app.brandColor, -0.45));
      fillRoundRect(ctx, x, y + height - 44 * dp, width, 44 * dp, 8 * dp, 'rgba(0, 0, 0, 0.35)');
      const icon = 40 * dp;
      drawAppIcon(ctx, app, x + (width - icon) / 2, y + 24 * dp, icon);
      const style = { sizePx: 15 * dp, color: '#FFFFFF', weight: 500 as const };
      const card = ui.add(
        picksList,
        'android.widget.FrameLayout',
        { x, y, width, height },
        {
          contentDesc: `${title}, ${app.label}`,
          resourceId: ui.id('content_card'),
          clickable: true,
          focusable: true,
          action: { kind: 'launch', packageName: app.packageName },
        },
      );
      const drawn = drawText(ctx, title, x + 14 * dp, y + height - 17 * dp, {
        ...style,
        maxWidth: width - 28 * dp,
      });
      ui.text(card, title, x + 14 * dp, y + height - 17 * dp, { width: drawn, sizePx: style.sizePx });
    });
  }

  // Google TV's focus: a white frame just outside the focused card or button.
  frame.drawFocus = (node) => {
    const { left: l, top: t, right: r, bottom: b } = node.bounds;
    const inset = 3 * dp;
    strokeRoundRect(
      ctx,
      l - inset,
      t - inset,
      r - l + 2 * inset,
      b - t + 2 * inset,
      10 * dp,
      LEANBACK_FOCUS_COLOR,
      3 * dp,
    );
  };
  return { darkStatusIcons: false, darkNavigationIcons: false, statusBarColor: BACKGROUND };
}
