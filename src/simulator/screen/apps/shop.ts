// A shop's checkout screen: brand app bar, delivery card, order lines, payment, totals and "Place order".
// Phones stack everything above a sticky button bar; wide screens put payment and totals in a side card.
import { isLight, shade } from '../colors';
import { drawText, fillCircle, fillRect, fillRoundRect, withShadow } from '../draw';
import { drawGlyph, type GlyphName } from '../glyphs';
import type { BarTint, Frame } from './frame';

const ITEMS: ReadonlyArray<readonly [string, string, string, GlyphName, string]> = [
  ['Wireless Earbuds Pro', 'Charcoal \u00B7 Qty 1', '$79.99', 'speaker', '#37474F'],
  ['USB\u2011C Fast Charger 30W', 'White \u00B7 Qty 2', '$39.98', 'batteryFull', '#90A4AE'],
  ['Recycled Canvas Tote', 'Sand \u00B7 Qty 1', '$24.00', 'bag', '#C8A97E'],
];
const TOTALS = [
  ['Subtotal', '$143.97'],
  ['Shipping', 'Free'],
  ['Estimated tax', '$11.52'],
] as const;
const INK = '#1C1B1F';
const MUTED = '#5F6368';

/** Draws the delivery card and the order lines from `y`; returns the y below them. */
function drawOrder(frame: Frame, left: number, right: number, top: number): number {
  const { ctx, dp } = frame;
  const brand = frame.app.brandColor;
  let y = top;
  fillRoundRect(ctx, left, y, right - left, 96 * dp, 16 * dp, '#FFFFFF');
  fillCircle(ctx, left + 36 * dp, y + 48 * dp, 20 * dp, shade(brand, 0.85));
  drawGlyph(ctx, 'truck', left + 36 * dp, y + 48 * dp, 22 * dp, brand);
  const textLeft = left + 72 * dp;
  drawText(ctx, 'Deliver to Alex Morgan', textLeft, y + 30 * dp, {
    sizePx: 16 * dp,
    color: INK,
    weight: 500,
  });
  drawText(ctx, '42 Market Street, Springfield 62704', textLeft, y + 54 * dp, {
    sizePx: 14 * dp,
    color: MUTED,
    maxWidth: right - textLeft - 16 * dp,
  });
  drawText(ctx, 'Arrives Thu, Jun 12', textLeft, y + 78 * dp, {
    sizePx: 14 * dp,
    color: '#137333',
    weight: 500,
  });
  y += 128 * dp;
  drawText(ctx, 'Order summary (3 items)', left + 4 * dp, y, { sizePx: 18 * dp, color: INK, weight: 500 });
  y += 16 * dp;
  for (const [name, detail, price, glyph, tint] of ITEMS) {
    fillRoundRect(ctx, left, y, 64 * dp, 64 * dp, 12 * dp, shade(tint, 0.7));
    drawGlyph(ctx, glyph, left + 32 * dp, y + 32 * dp, 34 * dp, tint);
    const maxWidth = right - left - 170 * dp;
    drawText(ctx, name, left + 80 * dp, y + 26 * dp, { sizePx: 16 * dp, color: INK, maxWidth });
    drawText(ctx, detail, left + 80 * dp, y + 50 * dp, { sizePx: 14 * dp, color: MUTED });
    drawText(ctx, price, right, y + 26 * dp, { sizePx: 16 * dp, color: INK, weight: 500, align: 'right' });
    y += 80 * dp;
  }
  return y;
}

/** Draws the payment row and the totals from `y`; returns the y below them. */
function drawTotals(frame: Frame, left: number, right: number, top: number, rowColor: string): number {
  const { ctx, dp } = frame;
  let y = top;
  fillRoundRect(ctx, left, y, right - left, 56 * dp, 16 * dp, rowColor);
  drawGlyph(ctx, 'card', left + 32 * dp, y + 28 * dp, 24 * dp, '#1A1F71');
  drawText(ctx, 'Visa \u2022\u2022\u2022\u2022 4242', left + 60 * dp, y + 34 * dp, {
    sizePx: 16 * dp,
    color: INK,
  });
  const change = { sizePx: 15 * dp, color: frame.app.brandColor, weight: 500, align: 'right' } as const;
  drawText(ctx, 'Change', right - 16 * dp, y + 34 * dp, change);
  y += 88 * dp;
  for (const [label, amount] of TOTALS) {
    drawText(ctx, label, left + 4 * dp, y, { sizePx: 15 * dp, color: MUTED });
    drawText(ctx, amount, right, y, { sizePx: 15 * dp, color: MUTED, align: 'right' });
    y += 28 * dp;
  }
  fillRect(ctx, left, y - 12 * dp, right - left, Math.max(1, dp), '#DADCE0');
  drawText(ctx, 'Total', left + 4 * dp, y + 16 * dp, { sizePx: 18 * dp, color: INK, weight: 500 });
  drawText(ctx, '$155.49', right, y + 16 * dp, { sizePx: 18 * dp, color: INK, weight: 500, align: 'right' });
  return y + 32 * dp;
}

function drawOrderButton(frame: Frame, left: number, right: number, top: number): void {
  const { ctx, dp } = frame;
  const brand = frame.app.brandColor;
  fillRoundRect(ctx, left, top, right - left, 56 * dp, 28 * dp, brand);
  drawText(ctx, 'Place order \u00B7 $155.49', (left + right) / 2, top + 34 * dp, {
    sizePx: 17 * dp,
    color: isLight(brand) ? INK : '#FFFFFF',
    weight: 500,
    align: 'center',
  });
}

/** Draws the checkout screen in the app's brand colour. */
export function drawShop(frame: Frame): BarTint {
  const { ctx, dp, content } = frame;
  const brand = frame.app.brandColor;
  const onBrand = isLight(brand) ? INK : '#FFFFFF';
  fillRect(ctx, 0, 0, frame.widthPx, frame.heightPx, '#F5F5F5');
  const barBottom = content.top + 64 * dp;
  fillRect(ctx, 0, 0, frame.widthPx, barBottom, brand);
  drawGlyph(ctx, 'back', content.left + 28 * dp, content.top + 32 * dp, 24 * dp, onBrand);
  const title = { sizePx: 22 * dp, color: onBrand, weight: 500 } as const;
  drawText(ctx, 'Checkout', content.left + 72 * dp, content.top + 40 * dp, title);
  const width = content.right - content.left;
  if (width / dp >= 840) {
    const gutter = 24 * dp;
    const split = content.left + width * 0.58;
    drawOrder(frame, content.left + gutter, split - gutter / 2, barBottom + gutter);
    const cardLeft = split + gutter / 2;
    const cardRight = content.right - gutter;
    const inner = 20 * dp;
    // Payment row and gap (88 dp), one 28 dp row per total, the Total line (32 dp), then the 56 dp button.
    const cardHeight = (88 + TOTALS.length * 28 + 32 + 8 + 56) * dp + 2 * inner;
    withShadow(ctx, 6 * dp, 2 * dp, () =>
      fillRoundRect(ctx, cardLeft, barBottom + gutter, cardRight - cardLeft, cardHeight, 20 * dp, '#FFFFFF'),
    );
    const bottom = drawTotals(
      frame,
      cardLeft + inner,
      cardRight - inner,
      barBottom + gutter + inner,
      '#F1F3F4',
    );
    drawOrderButton(frame, cardLeft + inner, cardRight - inner, bottom + 8 * dp);
  } else {
    const left = content.left + 16 * dp;
    const right = content.right - 16 * dp;
    drawTotals(frame, left, right, drawOrder(frame, left, right, barBottom + 16 * dp) + 8 * dp, '#FFFFFF');
    const barTop = content.bottom - 88 * dp;
    withShadow(ctx, 8 * dp, -2 * dp, () =>
      fillRect(ctx, 0, barTop, frame.widthPx, frame.heightPx - barTop, '#FFFFFF'),
    );
    drawOrderButton(frame, left, right, barTop + 16 * dp);
  }
  return { darkStatusIcons: isLight(brand), darkNavigationIcons: true, statusBarColor: brand };
}
