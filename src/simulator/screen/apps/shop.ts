// A shop's checkout screen: brand app bar, delivery card, order lines, payment, totals and "Place order".
// Phones stack everything above a sticky button bar; wide screens put payment and totals in a side card.
import { isLight, shade } from '../colors';
import { drawText, fillCircle, fillRect, fillRoundRect, withShadow } from '../draw';
import { drawGlyph, type GlyphName } from '../glyphs';
import type { UiNode } from '../../device/uiTree';
import type { BarTint, Frame } from './frame';
import { drawDialog, drawToolbar, textLine } from './pages';
import { drawSignIn, SIGN_IN_ACTIVITY } from './shopSignIn';

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
function drawOrder(frame: Frame, parent: UiNode, left: number, right: number, top: number): number {
  const { ctx, dp, ui } = frame;
  const brand = frame.app.brandColor;
  let y = top;
  fillRoundRect(ctx, left, y, right - left, 96 * dp, 16 * dp, '#FFFFFF');
  const card = ui.add(
    parent,
    'android.view.ViewGroup',
    { x: left, y, width: right - left, height: 96 * dp },
    { resourceId: ui.id('delivery_card'), clickable: true, focusable: true },
  );
  fillCircle(ctx, left + 36 * dp, y + 48 * dp, 20 * dp, shade(brand, 0.85));
  drawGlyph(ctx, 'truck', left + 36 * dp, y + 48 * dp, 22 * dp, brand);
  const textLeft = left + 72 * dp;
  const line = (
    within: UiNode,
    text: string,
    x: number,
    baseline: number,
    style: Parameters<typeof drawText>[4],
  ): void => {
    const width = drawText(ctx, text, x, baseline, style);
    ui.text(within, text, x, baseline, {
      width,
      sizePx: style.sizePx,
      ...(style.align ? { align: style.align } : {}),
    });
  };
  line(card, 'Deliver to Alex Morgan', textLeft, y + 30 * dp, { sizePx: 16 * dp, color: INK, weight: 500 });
  line(card, '42 Market Street, Springfield 62704', textLeft, y + 54 * dp, {
    sizePx: 14 * dp,
    color: MUTED,
    maxWidth: right - textLeft - 16 * dp,
  });
  line(card, 'Arrives Thu, Jun 12', textLeft, y + 78 * dp, {
    sizePx: 14 * dp,
    color: '#137333',
    weight: 500,
  });
  y += 128 * dp;
  line(parent, 'Order summary (3 items)', left + 4 * dp, y, { sizePx: 18 * dp, color: INK, weight: 500 });
  y += 16 * dp;
  for (const [name, detail, price, glyph, tint] of ITEMS) {
    const row = ui.add(
      parent,
      'android.view.ViewGroup',
      { x: left, y, width: right - left, height: 64 * dp },
      {
        resourceId: ui.id('order_line'),
        clickable: true,
        focusable: true,
        action: {
          kind: 'open',
          page: 'product',
          item: ITEMS.findIndex((item) => item[0] === name),
          activity: '.ProductActivity',
        },
      },
    );
    fillRoundRect(ctx, left, y, 64 * dp, 64 * dp, 12 * dp, shade(tint, 0.7));
    ui.add(
      row,
      'android.widget.ImageView',
      { x: left, y, width: 64 * dp, height: 64 * dp },
      { contentDesc: name },
    );
    drawGlyph(ctx, glyph, left + 32 * dp, y + 32 * dp, 34 * dp, tint);
    const maxWidth = right - left - 170 * dp;
    line(row, name, left + 80 * dp, y + 26 * dp, { sizePx: 16 * dp, color: INK, maxWidth });
    line(row, detail, left + 80 * dp, y + 50 * dp, { sizePx: 14 * dp, color: MUTED });
    line(row, price, right, y + 26 * dp, { sizePx: 16 * dp, color: INK, weight: 500, align: 'right' });
    y += 80 * dp;
  }
  return y;
}

/** Draws the payment row and the totals from `y`; returns the y below them. */
function drawTotals(
  frame: Frame,
  parent: UiNode,
  left: number,
  right: number,
  top: number,
  rowColor: string,
): number {
  const { ctx, dp, ui } = frame;
  const text = (text: string, x: number, baseline: number, style: Parameters<typeof drawText>[4]): void => {
    const width = drawText(ctx, text, x, baseline, style);
    ui.text(parent, text, x, baseline, {
      width,
      sizePx: style.sizePx,
      ...(style.align ? { align: style.align } : {}),
    });
  };
  let y = top;
  fillRoundRect(ctx, left, y, right - left, 56 * dp, 16 * dp, rowColor);
  const payment = ui.add(
    parent,
    'android.view.ViewGroup',
    { x: left, y, width: right - left, height: 56 * dp },
    {
      resourceId: ui.id('payment_method'),
    },
  );
  drawGlyph(ctx, 'card', left + 32 * dp, y + 28 * dp, 24 * dp, '#1A1F71');
  const card = 'Visa \u2022\u2022\u2022\u2022 4242';
  const cardWidth = drawText(ctx, card, left + 60 * dp, y + 34 * dp, { sizePx: 16 * dp, color: INK });
  ui.text(payment, card, left + 60 * dp, y + 34 * dp, { width: cardWidth, sizePx: 16 * dp });
  const change = { sizePx: 15 * dp, color: frame.app.brandColor, weight: 500, align: 'right' } as const;
  const changeWidth = drawText(ctx, 'Change', right - 16 * dp, y + 34 * dp, change);
  const changeButton = ui.text(
    payment,
    'Change',
    right - 16 * dp,
    y + 34 * dp,
    { width: changeWidth, ...change },
    {
      resourceId: ui.id('change_payment'),
      clickable: true,
      focusable: true,
    },
  );
  changeButton.className = 'android.widget.Button';
  y += 88 * dp;
  for (const [label, amount] of TOTALS) {
    text(label, left + 4 * dp, y, { sizePx: 15 * dp, color: MUTED });
    text(amount, right, y, { sizePx: 15 * dp, color: MUTED, align: 'right' });
    y += 28 * dp;
  }
  fillRect(ctx, left, y - 12 * dp, right - left, Math.max(1, dp), '#DADCE0');
  text('Total', left + 4 * dp, y + 16 * dp, { sizePx: 18 * dp, color: INK, weight: 500 });
  text('$155.49', right, y + 16 * dp, { sizePx: 18 * dp, color: INK, weight: 500, align: 'right' });
  return y + 32 * dp;
}

function drawOrderButton(frame: Frame, parent: UiNode, left: number, right: number, top: number): void {
  const { ctx, dp, ui } = frame;
  const brand = frame.app.brandColor;
  fillRoundRect(ctx, left, top, right - left, 56 * dp, 28 * dp, brand);
  ui.add(
    parent,
    'android.widget.Button',
    { x: left, y: top, width: right - left, height: 56 * dp },
    {
      text: 'Place order \u00B7 $155.49',
      resourceId: ui.id('place_order'),
      clickable: true,
      focusable: true,
      action: { kind: 'open', page: 'dialog:order' },
    },
  );
  drawText(ctx, 'Place order \u00B7 $155.49', (left + right) / 2, top + 34 * dp, {
    sizePx: 17 * dp,
    color: isLight(brand) ? INK : '#FFFFFF',
    weight: 500,
    align: 'center',
  });
}

/** A product's page (opened from its order line). */
function drawProduct(frame: Frame, index: number): void {
  const { ctx, dp, content, ui } = frame;
  const brand = frame.app.brandColor;
  const [name, detail, price, glyph, tint] = ITEMS[index] ?? ITEMS[0]!;
  drawToolbar(frame, name, { background: '#F5F5F5', bar: brand, ink: isLight(brand) ? INK : '#FFFFFF' });
  const left = content.left + 16 * dp;
  const right = content.right - 16 * dp;
  const top = content.top + 80 * dp;
  const imageHeight = Math.min(280 * dp, (content.bottom - top) / 2);
  fillRoundRect(ctx, left, top, right - left, imageHeight, 20 * dp, shade(tint, 0.7));
  ui.add(
    ui.content,
    'android.widget.ImageView',
    { x: left, y: top, width: right - left, height: imageHeight },
    { resourceId: ui.id('product_image'), contentDesc: name },
  );
  drawGlyph(ctx, glyph, (left + right) / 2, top + imageHeight / 2, imageHeight * 0.5, tint);
  const y = top + imageHeight + 40 * dp;
  textLine(
    frame,
    ui.content,
    name,
    left,
    y,
    { sizePx: 22 * dp, color: INK, weight: 500, maxWidth: right - left },
    'product_name',
  );
  textLine(
    frame,
    ui.content,
    detail,
    left,
    y + 30 * dp,
    { sizePx: 15 * dp, color: MUTED },
    'product_variant',
  );
  textLine(
    frame,
    ui.content,
    price,
    left,
    y + 68 * dp,
    { sizePx: 22 * dp, color: brand, weight: 500 },
    'product_price',
  );
}

/** After "Place order" was confirmed. */
function drawPlaced(frame: Frame): void {
  const { dp, content, ui } = frame;
  const brand = frame.app.brandColor;
  drawToolbar(frame, 'Order placed', {
    background: '#FFFFFF',
    bar: brand,
    ink: isLight(brand) ? INK : '#FFFFFF',
  });
  const left = content.left + 24 * dp;
  const top = content.top + 140 * dp;
  fillCircle(frame.ctx, (content.left + content.right) / 2, top, 40 * dp, '#137333');
  drawGlyph(frame.ctx, 'truck', (content.left + content.right) / 2, top, 40 * dp, '#FFFFFF');
  textLine(
    frame,
    ui.content,
    'Thanks, Alex!',
    left,
    top + 96 * dp,
    { sizePx: 24 * dp, color: INK, weight: 500 },
    'confirmation_title',
  );
  textLine(
    frame,
    ui.content,
    'Order #48214 \u00B7 $155.49 \u00B7 Arrives Thu, Jun 12',
    left,
    top + 128 * dp,
    {
      sizePx: 15 * dp,
      color: MUTED,
      maxWidth: content.right - content.left - 48 * dp,
    },
    'confirmation_detail',
  );
}

/** Draws the shop's page: the checkout (root), a product, the confirmation, with the order dialog on top. */
export function drawShop(frame: Frame): BarTint {
  const brand = frame.app.brandColor;
  const tint = { darkStatusIcons: isLight(brand), darkNavigationIcons: true, statusBarColor: brand };
  if (frame.page.name === 'product') drawProduct(frame, frame.page.item ?? 0);
  else if (frame.page.name === 'placed') drawPlaced(frame);
  else if (frame.page.name === 'signin') drawSignIn(frame);
  else drawCheckout(frame);
  if (frame.dialog?.name === 'dialog:order')
    drawDialog(frame, 'Place order?', 'Pay $155.49 with Visa \u2022\u2022\u2022\u2022 4242', [
      { label: 'Cancel', action: { kind: 'back' } },
      {
        label: 'Place order',
        action: {
          kind: 'open',
          page: 'placed',
          replace: true,
          activity: '.checkout.OrderConfirmationActivity',
        },
        filled: true,
      },
    ]);
  return tint;
}

/** The toolbar's "Sign in" text button (right end): opens the sign-in activity, its email field focused. */
function drawSignInEntry(frame: Frame, toolbar: UiNode, ink: string): void {
  const { ctx, dp, content, ui } = frame;
  const style = { sizePx: 16 * dp, color: ink, weight: 500, align: 'right' } as const;
  const right = content.right - 16 * dp;
  const width = drawText(ctx, 'Sign in', right - 12 * dp, content.top + 38 * dp, style);
  ui.add(
    toolbar,
    'android.widget.Button',
    { x: right - width - 24 * dp, y: content.top + 8 * dp, width: width + 24 * dp, height: 48 * dp },
    {
      text: 'Sign in',
      resourceId: ui.id('sign_in'),
      clickable: true,
      focusable: true,
      action: { kind: 'open', page: 'signin', activity: SIGN_IN_ACTIVITY, focused: 'email' },
    },
  );
}

function drawCheckout(frame: Frame): BarTint {
  const { ctx, dp, content, ui } = frame;
  const brand = frame.app.brandColor;
  const onBrand = isLight(brand) ? INK : '#FFFFFF';
  fillRect(ctx, 0, 0, frame.widthPx, frame.heightPx, '#F5F5F5');
  const barBottom = content.top + 64 * dp;
  fillRect(ctx, 0, 0, frame.widthPx, barBottom, brand);
  const toolbar = ui.add(
    ui.content,
    'android.view.ViewGroup',
    { x: content.left, y: content.top, width: content.right - content.left, height: 64 * dp },
    { resourceId: ui.id('toolbar') },
  );
  drawGlyph(ctx, 'back', content.left + 28 * dp, content.top + 32 * dp, 24 * dp, onBrand);
  ui.add(
    toolbar,
    'android.widget.ImageButton',
    { x: content.left + 4 * dp, y: content.top + 8 * dp, width: 48 * dp, height: 48 * dp },
    { contentDesc: 'Navigate up', clickable: true, focusable: true, action: { kind: 'back' } },
  );
  const title = { sizePx: 22 * dp, color: onBrand, weight: 500 } as const;
  const titleWidth = drawText(ctx, 'Checkout', content.left + 72 * dp, content.top + 40 * dp, title);
  ui.text(toolbar, 'Checkout', content.left + 72 * dp, content.top + 40 * dp, {
    width: titleWidth,
    ...title,
  });
  drawSignInEntry(frame, toolbar, onBrand);
  const body = ui.add(
    ui.content,
    'android.widget.ScrollView',
    {
      x: content.left,
      y: barBottom,
      width: content.right - content.left,
      height: content.bottom - barBottom,
    },
    { resourceId: ui.id('checkout_scroll'), scrollable: true, focusable: true },
  );
  const width = content.right - content.left;
  if (width / dp >= 840) {
    const gutter = 24 * dp;
    const split = content.left + width * 0.58;
    drawOrder(frame, body, content.left + gutter, split - gutter / 2, barBottom + gutter);
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
      body,
      cardLeft + inner,
      cardRight - inner,
      barBottom + gutter + inner,
      '#F1F3F4',
    );
    drawOrderButton(frame, body, cardLeft + inner, cardRight - inner, bottom + 8 * dp);
  } else {
    const left = content.left + 16 * dp;
    const right = content.right - 16 * dp;
    const barTop = content.bottom - 88 * dp;
    // The sticky bar covers the end of the scrolling list: the list's visible part ends above it.
    body.bounds.bottom = Math.min(body.bounds.bottom, Math.round(barTop));
    const below = drawOrder(frame, body, left, right, barBottom + 16 * dp);
    drawTotals(frame, body, left, right, below + 8 * dp, '#FFFFFF');
    withShadow(ctx, 8 * dp, -2 * dp, () =>
      fillRect(ctx, 0, barTop, frame.widthPx, frame.heightPx - barTop, '#FFFFFF'),
    );
    const bar = ui.add(
      ui.content,
      'android.widget.FrameLayout',
      { x: 0, y: barTop, width: frame.widthPx, height: content.bottom - barTop },
      { resourceId: ui.id('order_bar') },
    );
    drawOrderButton(frame, bar, left, right, barTop + 16 * dp);
  }
  return { darkStatusIcons: isLight(brand), darkNavigationIcons: true, statusBarColor: brand };
}
