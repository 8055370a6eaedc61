// Simple vector glyphs (Material-like symbols) as SVG path data on a 24-unit grid, filled even-odd.
import { Path2D } from '@napi-rs/canvas';
import type { Context } from './draw';

function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy} a${r} ${r} 0 1 0 ${2 * r} 0 a${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
}

/** A closed star-like outline around (12, 12) alternating between two radii: gear teeth or sun rays. */
function radial(count: number, outer: number, inner: number, spread: number): string {
  const points: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const angle = (index / count) * Math.PI * 2;
    for (const [radius, offset] of [
      [inner, -spread * 1.4],
      [outer, -spread],
      [outer, spread],
      [inner, spread * 1.4],
    ] as const) {
      points.push(
        `${(12 + radius * Math.cos(angle + offset)).toFixed(2)} ${(12 + radius * Math.sin(angle + offset)).toFixed(2)}`,
      );
    }
  }
  return `M${points.join(' L')} Z`;
}

const GLYPHS = {
  home: 'M12 3 L21.5 11.5 H18.5 V21 H14 V15 H10 V21 H5.5 V11.5 H2.5 Z',
  gear: `${radial(8, 11, 8.3, 0.2)} ${circle(12, 12, 3.4)}`,
  bag: 'M5 8 H19 L20 21 H4 Z M8.5 8 V7 a3.5 3.5 0 0 1 7 0 V8 H13.8 V7 a1.8 1.8 0 0 0 -3.6 0 V8 Z',
  mail: 'M3 5 H21 V19 H3 Z M4.5 6.5 L12 11.5 L19.5 6.5 V8.6 L12 13.6 L4.5 8.6 Z',
  pin: `M12 2 a7 7 0 0 1 7 7 c0 5 -7 13 -7 13 s-7 -8 -7 -13 a7 7 0 0 1 7 -7 Z ${circle(12, 9, 2.6)}`,
  wifi: 'M12 21 L1 9.2 a16 16 0 0 1 22 0 Z',
  signal: 'M2 22 L22 22 L22 2 Z',
  batteryFull: 'M9 3 V1.5 H15 V3 H17.5 V22.5 H6.5 V3 Z',
  devices: 'M2 4 H16 V14 H2 Z M1 15 H16 V17 H1 Z M17.5 7 H23 V19 H17.5 Z',
  grid: `${circle(7, 7, 3.6)} ${circle(17, 7, 3.6)} ${circle(7, 17, 3.6)} ${circle(17, 17, 3.6)}`,
  bell: `M12 3 c-3.5 0 -6 2.5 -6 6 V15 L4 17 V18 H20 V17 L18 15 V9 c0 -3.5 -2.5 -6 -6 -6 Z ${circle(12, 20.5, 2)}`,
  storage: 'M3 4 H21 V8 H3 Z M3 10 H21 V14 H3 Z M3 16 H21 V20 H3 Z',
  speaker: 'M3 9 H7 L12 4 V20 L7 15 H3 Z M14 6.5 a6 6 0 0 1 0 11 V15.3 a3.8 3.8 0 0 0 0 -6.6 Z',
  sun: `${radial(8, 11, 7.2, 0.1)} ${circle(12, 12, 6.6)} ${circle(12, 12, 5)}`,
  lock: 'M5 10 H19 V21 H5 Z M7.5 10 V7 a4.5 4.5 0 0 1 9 0 V10 H14.5 V7 a2.5 2.5 0 0 0 -5 0 V10 Z',
  info: `${circle(12, 12, 10)} ${circle(12, 12, 8.2)} M11 10.5 H13 V17 H11 Z ${circle(12, 7.8, 1.2)}`,
  person: `${circle(12, 8, 4)} M4 20 c0 -4 3.5 -6 8 -6 s8 2 8 6 Z`,
  palette: `${circle(12, 12, 10)} ${circle(8, 9, 1.6)} ${circle(12, 6.5, 1.6)} ${circle(16, 9, 1.6)} ${circle(16.5, 14, 1.6)}`,
  search: `${circle(10, 10, 6.5)} ${circle(10, 10, 4.6)} M15.6 14.2 L21 19.6 L19.6 21 L14.2 15.6 Z`,
  back: 'M20 11 H7.8 L13.4 5.4 L12 4 L4 12 L12 20 L13.4 18.6 L7.8 13 H20 Z',
  menu: 'M3 6 H21 V8 H3 Z M3 11 H21 V13 H3 Z M3 16 H21 V18 H3 Z',
  pencil: 'M3 17.25 V21 H6.75 L17.8 9.94 L14.06 6.19 Z M20.7 7.04 L16.96 3.29 L15.13 5.12 L18.88 8.87 Z',
  mic: 'M9 5 a3 3 0 0 1 6 0 V11 a3 3 0 0 1 -6 0 Z M5.5 11 H7 a5 5 0 0 0 10 0 H18.5 a6.5 6.5 0 0 1 -5.75 6.45 V21 H11.25 V17.45 A6.5 6.5 0 0 1 5.5 11 Z',
  star: 'M12 2.5 L14.9 8.6 L21.5 9.3 L16.6 13.8 L18 20.4 L12 17 L6 20.4 L7.4 13.8 L2.5 9.3 L9.1 8.6 Z',
  card: 'M2 5 H22 V19 H2 Z M2 8 H22 V10.5 H2 Z',
  truck: `M1 5 H15 V16 H1 Z M15 9 H19.5 L23 13 V16 H15 Z ${circle(6, 17.5, 2.3)} ${circle(18, 17.5, 2.3)}`,
} as const;

export type GlyphName = keyof typeof GLYPHS;

const paths = new Map<GlyphName, Path2D>();

/** Draws glyph `name` in `color`, centred on (cx, cy), `sizePx` wide. */
export function drawGlyph(
  ctx: Context,
  name: GlyphName,
  cx: number,
  cy: number,
  sizePx: number,
  color: string,
): void {
  let path = paths.get(name);
  if (path === undefined) {
    path = new Path2D(GLYPHS[name]);
    paths.set(name, path);
  }
  ctx.save();
  ctx.translate(cx - sizePx / 2, cy - sizePx / 2);
  ctx.scale(sizePx / 24, sizePx / 24);
  ctx.fillStyle = color;
  ctx.fill(path, 'evenodd');
  ctx.restore();
}
