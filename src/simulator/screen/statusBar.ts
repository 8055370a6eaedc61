// The status bar: background (Lollipop-style before API 23), system icons, and the clock.
import type { Frame, BarTint } from './apps/frame';
import { shade } from './colors';
import { drawText, fillRect, fillRoundRect, type Context } from './draw';
import { drawGlyph } from './glyphs';
import type { ScreenInput } from './types';

interface StatusLayout {
  height: number;
  dp: number;
  color: string;
  left: number;
  right: number;
  /** Vertical centre of the icons and clock. */
  middle: number;
  clockOnRight: boolean;
}

function layoutOf(input: ScreenInput, tint: BarTint): StatusLayout {
  const dp = input.densityDpi / 160;
  const light = input.sdk < 23 || !tint.darkStatusIcons;
  const edge = (input.sdk >= 31 ? 22 : 12) * dp;
  return {
    height: input.statusBarPx,
    dp,
    color: light ? '#FFFFFF' : '#1F1F1F',
    left: Math.max(edge, input.cutout.insets.left + 8 * dp),
    right: input.widthPx - Math.max(edge, input.cutout.insets.right + 8 * dp),
    middle: input.statusBarPx / 2,
    clockOnRight: input.sdk < 28,
  };
}

function drawBattery(ctx: Context, right: number, middle: number, dp: number, color: string): number {
  const height = 15 * dp;
  const width = 8.5 * dp;
  const top = middle - height / 2;
  fillRoundRect(ctx, right - width, top + 1.5 * dp, width, height - 1.5 * dp, 1.5 * dp, color);
  fillRect(ctx, right - width / 2 - 2 * dp, top, 4 * dp, 2 * dp, color);
  return width;
}

/** Draws the status bar background and system icons (everything but the clock). */
export function drawStatusBar(frame: Frame, input: ScreenInput, tint: BarTint): void {
  const { ctx } = frame;
  const layout = layoutOf(input, tint);
  if (layout.height <= 0) return;
  if (input.sdk < 23) {
    // Before API 23 the status bar is a darker shade of the app's primary colour with white icons.
    fillRect(ctx, 0, 0, input.widthPx, layout.height, shade(tint.statusBarColor, -0.25));
  }
  const { dp, middle, color } = layout;
  const clockReserve = layout.clockOnRight ? 44 * dp : 0;
  let right = layout.right - clockReserve;
  right -= drawBattery(ctx, right, middle, dp, color) + 7 * dp;
  drawGlyph(ctx, 'signal', right - 7.5 * dp, middle, 15 * dp, color);
  right -= 15 * dp + 6 * dp;
  drawGlyph(ctx, 'wifi', right - 8 * dp, middle + 0.5 * dp, 16 * dp, color);
}

/** Draws the clock text; kept apart from the cached base so only it changes from frame to frame. */
export function drawClock(ctx: Context, input: ScreenInput, tint: BarTint): void {
  const layout = layoutOf(input, tint);
  if (layout.height <= 0) return;
  const size = 14 * layout.dp;
  const baseline = layout.middle + size * 0.36;
  const style = { sizePx: size, color: layout.color, weight: 500 as const };
  if (layout.clockOnRight)
    drawText(ctx, input.clockText, layout.right, baseline, { ...style, align: 'right' });
  else drawText(ctx, input.clockText, layout.left, baseline, style);
}
