// Small canvas drawing primitives shared by the system bars and the app screens.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { robotoFont, type FontWeight } from '../../node/fonts/roboto';

export type Context = SKRSContext2D;

export function fillRect(
  ctx: Context,
  x: number,
  y: number,
  width: number,
  height: number,
  color: string,
): void {
  ctx.fillStyle = color;
  ctx.fillRect(x, y, width, height);
}

export function fillRoundRect(
  ctx: Context,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
  color: string,
): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, radius);
  ctx.fill();
}

export function strokeRoundRect(
  ctx: Context,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
  color: string,
  lineWidth: number,
): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, radius);
  ctx.stroke();
}

export function fillCircle(ctx: Context, cx: number, cy: number, radius: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  ctx.fill();
}

export function strokeCircle(
  ctx: Context,
  cx: number,
  cy: number,
  radius: number,
  color: string,
  lineWidth: number,
): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  ctx.stroke();
}

export interface TextStyle {
  sizePx: number;
  color: string;
  weight?: FontWeight;
  align?: 'left' | 'right' | 'center';
  /** Ellipsize with U+2026 beyond this width. */
  maxWidth?: number;
}

function fit(ctx: Context, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let end = text.length;
  while (end > 0 && ctx.measureText(`${text.slice(0, end)}\u2026`).width > maxWidth) end -= 1;
  return `${text.slice(0, end).trimEnd()}\u2026`;
}

/** Draws one line of Roboto text with its baseline at `y`; returns the drawn width. */
export function drawText(ctx: Context, text: string, x: number, y: number, style: TextStyle): number {
  ctx.font = robotoFont(style.sizePx, style.weight ?? 400);
  ctx.fillStyle = style.color;
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = 'alphabetic';
  const shown = style.maxWidth === undefined ? text : fit(ctx, text, style.maxWidth);
  ctx.fillText(shown, x, y);
  ctx.textAlign = 'left';
  return ctx.measureText(shown).width;
}

/** Runs `draw` with a soft drop shadow (Material elevation look). */
export function withShadow(ctx: Context, blurPx: number, offsetYPx: number, draw: () => void): void {
  ctx.save();
  ctx.shadowColor = 'rgba(0, 0, 0, 0.22)';
  ctx.shadowBlur = blurPx;
  ctx.shadowOffsetY = offsetYPx;
  draw();
  ctx.restore();
}
