// A map screen: streets, parks and water, a route with start and destination, search bar and route sheet.
import {
  drawText,
  fillCircle,
  fillRect,
  fillRoundRect,
  strokeRoundRect,
  withShadow,
  type Context,
} from '../draw';
import { robotoFont } from '../../../node/fonts/roboto';
import { drawGlyph } from '../glyphs';
import type { UiNode } from '../../device/uiTree';
import type { BarTint, Frame } from './frame';

const INK = '#1F1F1F';
const MUTED = '#5E5E5E';

function stroke(
  ctx: Context,
  points: ReadonlyArray<readonly [number, number]>,
  width: number,
  color: string,
): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  points.forEach(([x, y], index) => (index === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.stroke();
}

function street(ctx: Context, x1: number, y1: number, x2: number, y2: number, dp: number): void {
  ctx.strokeStyle = '#FFFFFF';
  ctx.lineWidth = 7 * dp;
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

function drawMap(frame: Frame): void {
  const { ctx, dp, widthPx: w, heightPx: h } = frame;
  fillRect(ctx, 0, 0, w, h, '#F1EEE6');
  const step = 96 * dp;
  for (let x = -step / 3; x < w; x += step) street(ctx, x, 0, x + w * 0.08, h, dp);
  for (let y = step / 2; y < h; y += step) street(ctx, 0, y, w, y - h * 0.03, dp);
  // Water and parks cover the street grid; only the avenue crosses them (as a bridge).
  ctx.fillStyle = '#AAD3F2';
  ctx.beginPath();
  ctx.moveTo(w, h * 0.42);
  ctx.bezierCurveTo(w * 0.78, h * 0.5, w * 0.86, h * 0.66, w * 0.62, h * 0.78);
  ctx.bezierCurveTo(w * 0.45, h * 0.86, w * 0.5, h * 0.95, w * 0.42, h);
  ctx.lineTo(w, h);
  ctx.closePath();
  ctx.fill();
  fillRoundRect(ctx, w * 0.08, h * 0.3, w * 0.3, h * 0.12, 24 * dp, '#C8E6C9');
  fillRoundRect(ctx, w * 0.55, h * 0.16, w * 0.22, h * 0.08, 18 * dp, '#C8E6C9');
  const avenue: Array<[number, number]> = [
    [-10, h * 0.62],
    [w * 0.35, h * 0.55],
    [w * 0.7, h * 0.36],
    [w + 10, h * 0.3],
  ];
  stroke(ctx, avenue, 16 * dp, '#E9C46A');
  stroke(ctx, avenue, 12 * dp, '#FDE293');
}

function drawRoute(frame: Frame): void {
  const { ctx, dp, widthPx: w, heightPx: h } = frame;
  const route: Array<[number, number]> = [
    [w * 0.28, h * 0.66],
    [w * 0.35, h * 0.55],
    [w * 0.52, h * 0.47],
    [w * 0.49, h * 0.36],
    [w * 0.66, h * 0.3],
  ];
  stroke(ctx, route, 11 * dp, '#1557B0');
  stroke(ctx, route, 7 * dp, '#4C8DF6');
  const [startX, startY] = route[0] ?? [0, 0];
  fillCircle(ctx, startX, startY, 22 * dp, 'rgba(66, 133, 244, 0.18)');
  fillCircle(ctx, startX, startY, 10 * dp, '#FFFFFF');
  fillCircle(ctx, startX, startY, 7 * dp, '#1A73E8');
  const [endX, endY] = route[route.length - 1] ?? [0, 0];
  drawGlyph(ctx, 'pin', endX, endY - 20 * dp, 48 * dp, '#EA4335');
}

/** Draws the map with a planned route. */
export function drawMaps(frame: Frame): BarTint {
  const { ctx, dp, content, ui } = frame;
  const brand = frame.app.brandColor;
  drawMap(frame);
  drawRoute(frame);
  const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
  const map = ui.add(
    ui.content,
    'android.view.View',
    box(content.left, content.top, content.right - content.left, content.bottom - content.top),
    { resourceId: ui.id('map'), contentDesc: 'Google Map', scrollable: true, focusable: true },
  );
  const line = (
    parent: UiNode,
    text: string,
    x: number,
    y: number,
    style: Parameters<typeof drawText>[4],
  ): number => {
    const width = drawText(ctx, text, x, y, style);
    ui.text(parent, text, x, y, {
      width,
      sizePx: style.sizePx,
      ...(style.align ? { align: style.align } : {}),
    });
    return width;
  };
  const panelWidth = Math.min(content.right - content.left, 440 * dp);
  const left = content.left;
  const searchTop = content.top + 12 * dp;
  withShadow(ctx, 6 * dp, 2 * dp, () =>
    fillRoundRect(ctx, left + 16 * dp, searchTop, panelWidth - 32 * dp, 52 * dp, 26 * dp, '#FFFFFF'),
  );
  const typed = frame.page.fields.search ?? '';
  const focused = frame.page.focused === 'search';
  if (focused)
    strokeRoundRect(ctx, left + 16 * dp, searchTop, panelWidth - 32 * dp, 52 * dp, 26 * dp, brand, 2 * dp);
  // An empty EditText reports its hint as its text (AccessibilityNodeInfo.isShowingHintText).
  ui.add(map, 'android.widget.EditText', box(left + 16 * dp, searchTop, panelWidth - 32 * dp, 52 * dp), {
    text: typed === '' ? 'Search here' : typed,
    hint: 'Search here',
    resourceId: ui.id('search_omnibox_text_box'),
    clickable: true,
    longClickable: true,
    focusable: true,
    focused,
    action: { kind: 'focus', field: 'search' },
  });
  drawGlyph(ctx, 'pin', left + 42 * dp, searchTop + 26 * dp, 24 * dp, brand);
  const shown = drawText(ctx, typed === '' ? 'Search here' : typed, left + 66 * dp, searchTop + 32 * dp, {
    sizePx: 17 * dp,
    color: typed === '' ? MUTED : INK,
    maxWidth: panelWidth - 150 * dp,
  });
  // The text cursor after the typed text (or before the hint).
  if (focused)
    fillRect(ctx, left + 66 * dp + (typed === '' ? 0 : shown), searchTop + 14 * dp, 2 * dp, 24 * dp, brand);
  drawGlyph(ctx, 'mic', left + panelWidth - 44 * dp, searchTop + 26 * dp, 22 * dp, '#444746');
  ui.add(
    map,
    'android.widget.ImageView',
    box(left + panelWidth - 68 * dp, searchTop + 2 * dp, 48 * dp, 48 * dp),
    {
      contentDesc: 'Voice search',
      clickable: true,
      focusable: true,
    },
  );
  let chipLeft = left + 16 * dp;
  for (const chip of ['Restaurants', 'Coffee', 'Groceries', 'Gas']) {
    ctx.font = robotoFont(14 * dp);
    const width = ctx.measureText(chip).width + 32 * dp;
    if (chipLeft + width > content.right) break;
    withShadow(ctx, 4 * dp, 1 * dp, () =>
      fillRoundRect(ctx, chipLeft, searchTop + 64 * dp, width, 34 * dp, 17 * dp, '#FFFFFF'),
    );
    ui.add(map, 'android.widget.Button', box(chipLeft, searchTop + 64 * dp, width, 34 * dp), {
      text: chip,
      clickable: true,
      focusable: true,
    });
    drawText(ctx, chip, chipLeft + 16 * dp, searchTop + 86 * dp, { sizePx: 14 * dp, color: INK });
    chipLeft += width + 8 * dp;
  }
  const sheetTop = content.bottom - 156 * dp;
  withShadow(ctx, 12 * dp, -2 * dp, () =>
    fillRoundRect(ctx, left, sheetTop, panelWidth, frame.heightPx - sheetTop + 28 * dp, 28 * dp, '#FFFFFF'),
  );
  fillRoundRect(ctx, left + panelWidth / 2 - 16 * dp, sheetTop + 10 * dp, 32 * dp, 4 * dp, 2 * dp, '#C4C7C5');
  const sheet = ui.add(
    ui.content,
    'android.widget.FrameLayout',
    box(left, sheetTop, panelWidth, content.bottom - sheetTop),
    {
      resourceId: ui.id('bottom_sheet'),
    },
  );
  const width = line(sheet, '12 min', left + 24 * dp, sheetTop + 52 * dp, {
    sizePx: 24 * dp,
    color: '#188038',
    weight: 500,
  });
  line(sheet, '(4.2 km)', left + 32 * dp + width, sheetTop + 52 * dp, { sizePx: 20 * dp, color: MUTED });
  line(sheet, 'Fastest route now due to traffic conditions', left + 24 * dp, sheetTop + 78 * dp, {
    sizePx: 14 * dp,
    color: MUTED,
    maxWidth: panelWidth - 48 * dp,
  });
  fillRoundRect(ctx, left + 24 * dp, sheetTop + 96 * dp, 112 * dp, 44 * dp, 22 * dp, brand);
  ui.add(sheet, 'android.widget.Button', box(left + 24 * dp, sheetTop + 96 * dp, 112 * dp, 44 * dp), {
    text: 'Start',
    resourceId: ui.id('start_navigation'),
    clickable: true,
    focusable: true,
  });
  ui.add(sheet, 'android.widget.Button', box(left + 148 * dp, sheetTop + 96 * dp, 112 * dp, 44 * dp), {
    text: 'Steps',
    resourceId: ui.id('directions_steps'),
    clickable: true,
    focusable: true,
  });
  drawText(ctx, 'Start', left + 80 * dp, sheetTop + 124 * dp, {
    sizePx: 16 * dp,
    color: '#FFFFFF',
    align: 'center',
    weight: 500,
  });
  ctx.strokeStyle = '#747775';
  ctx.lineWidth = Math.max(1, dp);
  ctx.beginPath();
  ctx.roundRect(left + 148 * dp, sheetTop + 96 * dp, 112 * dp, 44 * dp, 22 * dp);
  ctx.stroke();
  drawText(ctx, 'Steps', left + 204 * dp, sheetTop + 124 * dp, {
    sizePx: 16 * dp,
    color: brand,
    align: 'center',
    weight: 500,
  });
  return { darkStatusIcons: true, darkNavigationIcons: true, statusBarColor: '#5F6B7E' };
}
