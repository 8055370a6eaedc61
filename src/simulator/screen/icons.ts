// App icons (adaptive-icon-like circles in the brand colour with a glyph) and the neutral gray icon.
import { createCanvas } from '@napi-rs/canvas';
import type { AppKind } from '../profiles/types';
import { fillCircle, type Context } from './draw';
import { drawGlyph, type GlyphName } from './glyphs';
import type { ScreenApp } from './types';

/** Material gray 500: the colour of the "missing icon" circle. */
export const NEUTRAL_ICON_COLOR = '#9E9E9E';

const GLYPH_OF_KIND: Record<AppKind, GlyphName> = {
  launcher: 'home',
  settings: 'gear',
  shop: 'bag',
  mail: 'mail',
  maps: 'pin',
};

/** Draws `app`'s icon into the square at (x, y) of edge `sizePx`. */
export function drawAppIcon(ctx: Context, app: ScreenApp, x: number, y: number, sizePx: number): void {
  const radius = sizePx / 2;
  fillCircle(ctx, x + radius, y + radius, radius, app.brandColor);
  // A lighter upper half gives the flat circle the layered look of an adaptive icon.
  ctx.save();
  ctx.beginPath();
  ctx.arc(x + radius, y + radius, radius, Math.PI, 0);
  ctx.closePath();
  ctx.fillStyle = 'rgba(255, 255, 255, 0.12)';
  ctx.fill();
  ctx.restore();
  drawGlyph(ctx, GLYPH_OF_KIND[app.kind], x + radius, y + radius, sizePx * 0.52, '#FFFFFF');
}

/** Draws the neutral gray circle used when an app or its icon is unavailable. */
export function drawNeutralIcon(ctx: Context, x: number, y: number, sizePx: number): void {
  fillCircle(ctx, x + sizePx / 2, y + sizePx / 2, sizePx / 2, NEUTRAL_ICON_COLOR);
}

function checkSize(sizePx: number): void {
  if (!Number.isInteger(sizePx) || sizePx < 1 || sizePx > 1024) {
    throw new RangeError(`Icon size must be an integer in 1..1024 px (got ${sizePx})`);
  }
}

const iconCache = new Map<string, Promise<Uint8Array>>();

/** `app`'s icon as a transparent PNG of `sizePx` square (cached). Throws RangeError for a bad size. */
export function renderAppIcon(app: ScreenApp, sizePx: number): Promise<Uint8Array> {
  checkSize(sizePx);
  const key = `${app.kind}|${app.brandColor}|${sizePx}`;
  const cached = iconCache.get(key);
  if (cached !== undefined) return cached;
  const canvas = createCanvas(sizePx, sizePx);
  drawAppIcon(canvas.getContext('2d'), app, 0, 0, sizePx);
  const png = canvas.encode('png');
  if (iconCache.size > 256) iconCache.clear();
  iconCache.set(key, png);
  png.catch(() => iconCache.delete(key));
  return png;
}

/** The neutral gray circle as a transparent PNG of `sizePx` square. Throws RangeError for a bad size. */
export function neutralIcon(sizePx: number): Promise<Uint8Array> {
  checkSize(sizePx);
  const canvas = createCanvas(sizePx, sizePx);
  drawNeutralIcon(canvas.getContext('2d'), 0, 0, sizePx);
  return canvas.encode('png');
}
