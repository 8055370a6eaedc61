// The navigation bar: a gesture handle, or back/home/recents (solid black with outlines before API 26).
import type { BarTint } from './apps/frame';
import { fillRect, fillRoundRect, strokeCircle, type Context } from './draw';
import type { ScreenInput } from './types';

function drawButtons(ctx: Context, input: ScreenInput, color: string, along: number, dp: number): void {
  const outline = input.sdk < 26;
  const spacing = Math.min(along * 0.28, 130 * dp);
  const size = 9 * dp;
  ctx.lineWidth = 2 * dp;
  ctx.lineJoin = 'round';
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  // Back: a triangle pointing to the start edge.
  ctx.beginPath();
  ctx.moveTo(-spacing - size * 0.8, 0);
  ctx.lineTo(-spacing + size * 0.8, -size);
  ctx.lineTo(-spacing + size * 0.8, size);
  ctx.closePath();
  if (outline) ctx.stroke();
  else ctx.fill();
  // Home: a circle.
  if (outline) strokeCircle(ctx, 0, 0, size, color, 2 * dp);
  else {
    ctx.beginPath();
    ctx.arc(0, 0, size, 0, Math.PI * 2);
    ctx.fill();
  }
  // Recents: a square.
  ctx.beginPath();
  ctx.roundRect(spacing - size * 0.8, -size * 0.8, size * 1.6, size * 1.6, outline ? 1 : 2 * dp);
  if (outline) ctx.stroke();
  else ctx.fill();
}

/** Draws the navigation bar over whatever the app drew beneath it. */
export function drawNavigationBar(ctx: Context, input: ScreenInput, tint: BarTint): void {
  const nav = input.navigationBar;
  if (nav.sizePx <= 0) return;
  const dp = input.densityDpi / 160;
  const solid = nav.mode === 'threeButton' && input.sdk < 26;
  const vertical = nav.position !== 'bottom';
  const x = nav.position === 'left' ? 0 : nav.position === 'right' ? input.widthPx - nav.sizePx : 0;
  const y = vertical ? 0 : input.heightPx - nav.sizePx;
  const width = vertical ? nav.sizePx : input.widthPx;
  const height = vertical ? input.heightPx : nav.sizePx;
  if (solid) fillRect(ctx, x, y, width, height, '#000000');
  const dark = !solid && tint.darkNavigationIcons;
  const color = dark ? 'rgba(0, 0, 0, 0.78)' : 'rgba(255, 255, 255, 0.92)';
  ctx.save();
  ctx.translate(x + width / 2, y + height / 2);
  if (vertical) ctx.rotate(nav.position === 'left' ? Math.PI / 2 : -Math.PI / 2);
  const along = vertical ? height : width;
  if (nav.mode === 'gesture') {
    const handle = Math.min(108 * dp, along * 0.4);
    fillRoundRect(ctx, -handle / 2, -2 * dp, handle, 4 * dp, 2 * dp, color);
  } else {
    drawButtons(ctx, input, color, along, dp);
  }
  ctx.restore();
}
