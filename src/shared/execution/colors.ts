// Panel colours: `#RRGGBB` or `#AARRGGBB` in either case, canonical form uppercase `#AARRGGBB`.

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x57;
  return -1;
}

/** The canonical `#AARRGGBB` form of a colour (6 digits become opaque), or null when it is not a colour. */
export function normalizeColor(input: string): string | null {
  const length = input.length;
  if ((length !== 7 && length !== 9) || input.charCodeAt(0) !== 0x23) return null;
  for (let i = 1; i < length; i++) if (hexDigit(input.charCodeAt(i)) < 0) return null;
  const upper = input.toUpperCase();
  return length === 7 ? `#FF${upper.slice(1)}` : upper;
}

export interface Argb {
  alpha: number;
  red: number;
  green: number;
  blue: number;
}

/**
 * Channels (0..255) of a colour in any form normalizeColor accepts. An invalid colour yields transparent black:
 * renderers only receive validated specs, and drawing nothing beats throwing in the middle of a frame.
 */
export function colorToArgb(hex: string): Argb {
  const canonical = normalizeColor(hex);
  if (canonical === null) return { alpha: 0, red: 0, green: 0, blue: 0 };
  const channel = (offset: number): number =>
    hexDigit(canonical.charCodeAt(offset)) * 16 + hexDigit(canonical.charCodeAt(offset + 1));
  return { alpha: channel(1), red: channel(3), green: channel(5), blue: channel(7) };
}
