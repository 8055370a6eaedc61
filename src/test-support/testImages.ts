// Synthetic screenshots for the capture check's tests: app-like screens, a composited panel, text, scaling.
import { PNG } from 'pngjs';
import type { Rect } from '../shared/geometry/types';

export type Rgb = [number, number, number];

/** A mutable RGBA image. */
export interface Image {
  width: number;
  height: number;
  data: Uint8Array;
}

/** An image whose pixel (x, y) is `paint(x, y)`. */
export function paintImage(width: number, height: number, paint: (x: number, y: number) => Rgb): Image {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = paint(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

/** A light app screen: a coloured toolbar, white list rows with grey dividers and dark text-like bars. */
export function lightAppScreen(width: number, height: number, toolbar: Rgb = [0x4e, 0x6a, 0x8c]): Image {
  return paintImage(width, height, (x, y) => {
    if (y < height * 0.06) return [0x33, 0x33, 0x33];
    if (y < height * 0.12) return toolbar;
    const row = Math.floor(y / 96);
    if (y % 96 === 0) return [0xdd, 0xdd, 0xdd];
    const inLabel = y % 96 > 30 && y % 96 < 60 && x > 40 && x < 40 + ((row * 97) % 500) + 200;
    return inLabel && (x >> 3) % 3 !== 0 ? [0x30, 0x30, 0x30] : [0xf3, 0xf5, 0xfa];
  });
}

/** A dark-theme app screen: near-black with dim grey rows. */
export function darkAppScreen(width: number, height: number): Image {
  return paintImage(width, height, (x, y) => {
    const shade = y % 80 < 40 ? 0x12 : 0x1e;
    return (x + y) % 7 === 0 ? [shade + 6, shade + 6, shade + 8] : [shade, shade, shade + 2];
  });
}

function channelsOf(color: string): { rgb: Rgb; alpha: number } {
  const value = Number.parseInt(color.slice(1), 16);
  const alpha = color.length === 9 ? (value >>> 24) / 255 : 1;
  return { rgb: [(value >>> 16) & 255, (value >>> 8) & 255, value & 255], alpha };
}

function blendPixel(image: Image, x: number, y: number, color: Rgb, alpha: number): void {
  const offset = (y * image.width + x) * 4;
  for (let c = 0; c < 3; c += 1)
    image.data[offset + c] = Math.round(
      (color[c] ?? 0) * alpha + (image.data[offset + c] ?? 0) * (1 - alpha),
    );
}

/** Composites a `#AARRGGBB` rectangle over `image` (source-over), like the panel window. */
export function compositeRect(image: Image, bounds: Rect, color: string): Image {
  const { rgb, alpha } = channelsOf(color);
  for (let y = bounds.top; y < bounds.bottom; y += 1)
    for (let x = bounds.left; x < bounds.right; x += 1) blendPixel(image, x, y, rgb, alpha);
  return image;
}

/**
 * Draws text-like strokes inside `area`: glyph cells of vertical and horizontal bars with anti-aliased
 * (half-covered) edges, covering about the ink share of real text.
 */
export function drawTextStrokes(image: Image, area: Rect, color: string, lineHeight = 30): Image {
  const { rgb, alpha } = channelsOf(color);
  for (let y = area.top; y < area.bottom; y += 1) {
    const inLine = (y - area.top) % lineHeight;
    for (let x = area.left; x < area.right; x += 1) {
      const cell = (x - area.left) % 14;
      const stem = cell >= 2 && cell <= 4;
      const bar = inLine >= 12 && inLine <= 14 && cell > 4 && cell < 11;
      const edge = cell === 1 || cell === 5;
      if (inLine < 4 || inLine > lineHeight - 6) continue;
      if (stem || bar) blendPixel(image, x, y, rgb, alpha);
      else if (edge) blendPixel(image, x, y, rgb, alpha * 0.5);
    }
  }
  return image;
}

/** Box-filter downscale by an integer factor (what a scaled screencap roughly does). */
export function downscale(image: Image, factor: number): Image {
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  return paintImage(width, height, (x, y) => {
    const sum = [0, 0, 0];
    for (let dy = 0; dy < factor; dy += 1)
      for (let dx = 0; dx < factor; dx += 1) {
        const offset = ((y * factor + dy) * image.width + x * factor + dx) * 4;
        for (let c = 0; c < 3; c += 1) sum[c] = (sum[c] ?? 0) + (image.data[offset + c] ?? 0);
      }
    return sum.map((value) => Math.round(value / (factor * factor))) as Rgb;
  });
}

/** PNG bytes of `image`. */
export function encodePng(image: Image): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data);
  return new Uint8Array(PNG.sync.write(png));
}

/** An independent copy. */
export function cloneImage(image: Image): Image {
  return { width: image.width, height: image.height, data: new Uint8Array(image.data) };
}
