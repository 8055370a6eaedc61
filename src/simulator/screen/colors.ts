// Colour parsing and helpers for #AARRGGBB / #RRGGBB strings.

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..255 */
  a: number;
}

/** Parses #RRGGBB or #AARRGGBB (either case); null when malformed. */
export function parseColor(text: string): Rgba | null {
  const match = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.exec(text);
  if (match === null) return null;
  const hex = match[1] ?? '';
  const value = Number.parseInt(hex, 16);
  if (hex.length === 6) return { a: 255, r: (value >>> 16) & 255, g: (value >>> 8) & 255, b: value & 255 };
  return { a: (value >>> 24) & 255, r: (value >>> 16) & 255, g: (value >>> 8) & 255, b: value & 255 };
}

/** A canvas colour string; alpha keeps full 8-bit precision (k/255). */
export function toCss(color: Rgba): string {
  return `rgba(${color.r}, ${color.g}, ${color.b}, ${color.a / 255})`;
}

/** Parses or throws; for colours that the caller already validated. */
export function cssColor(text: string): string {
  const color = parseColor(text);
  if (color === null) throw new Error(`Invalid colour ${text}: expected #RRGGBB or #AARRGGBB`);
  return toCss(color);
}

/** Mixes an opaque colour towards white (amount > 0) or black (amount < 0). */
export function shade(text: string, amount: number): string {
  const color = parseColor(text) ?? { r: 128, g: 128, b: 128, a: 255 };
  const target = amount >= 0 ? 255 : 0;
  const weight = Math.abs(amount);
  const mix = (channel: number): number => Math.round(channel + (target - channel) * weight);
  return toCss({ r: mix(color.r), g: mix(color.g), b: mix(color.b), a: 255 });
}

/** True when dark foreground content reads better on `text` (relative luminance above 0.5). */
export function isLight(text: string): boolean {
  const color = parseColor(text) ?? { r: 0, g: 0, b: 0, a: 255 };
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b) > 0.4;
}
