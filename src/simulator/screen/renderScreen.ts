// Renders a simulated device's screen to PNG: a cached base (app screen and bars), then the clock and panel.
import { createCanvas, ImageData, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { TextMeasurer } from '../../shared/geometry/types';
import { drawAppScreen } from './apps';
import { BandedPngEncoder, type Overlay, type RowReader } from './bandedPng';
import { frameOf, type BarTint } from './apps/frame';
import { ensureRoboto } from '../../node/fonts/roboto';
import { sharedRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import { drawNavigationBar } from './navigationBar';
import { drawPanel } from './panel';
import { drawClock, drawStatusBar } from './statusBar';
import type { ScreenInput } from './types';

interface Base {
  /** The base's pixels (app screen and bars, no clock, no panel): RGBA, unpremultiplied, opaque. */
  rgba: Buffer;
  tint: BarTint;
  /** Frames on this base differ only in the clock and the panel: most PNG bands are reused. */
  encoder: BandedPngEncoder;
  /** The most recent PNG drawn on this base: repeated captures of an unchanged screen skip the encode. */
  last?: { key: string; png: Promise<Uint8Array> };
}

// A base frame is ~10 MB of pixels; a handful covers every simulated device in a test run.
const BASE_LIMIT = 6;
/**
 * A canvas as wide as the screen on which the rows a frame changes are drawn (base rows put back first, then the
 * clock and panel): reading a few rows of a small canvas costs a fraction of drawing over a full-screen one.
 */
const scratches = new Map<number, SKRSContext2D>();

let composed = Buffer.alloc(0);

/** A reused buffer for a frame's rows: the encoder consumes them before it asks for the next. */
function composeScratch(size: number): Buffer {
  if (composed.length < size) composed = Buffer.allocUnsafe(size);
  return composed.subarray(0, size);
}

function scratchFor(width: number, rows: number): SKRSContext2D {
  const cached = scratches.get(width);
  if (cached !== undefined && cached.canvas.height >= rows) return cached;
  const ctx = createCanvas(width, Math.max(rows, cached?.canvas.height ?? 0)).getContext('2d');
  scratches.set(width, ctx);
  return ctx;
}
const bases = new Map<string, Base>();
const icons = new WeakMap<Uint8Array, Promise<Image>>();
const iconIds = new WeakMap<Uint8Array, number>();
let nextIconId = 1;

/** The measurer the renderer uses; give the same one to layoutPanel so wrapping matches drawing. */
export function screenMeasurer(): TextMeasurer {
  return sharedRobotoMeasurer();
}

function checkInput(input: ScreenInput): void {
  for (const [name, value] of [
    ['widthPx', input.widthPx],
    ['heightPx', input.heightPx],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > 8192) {
      throw new RangeError(`Screen ${name} must be an integer in 1..8192 (got ${value})`);
    }
  }
  if (!(input.densityDpi > 0))
    throw new RangeError(`Screen densityDpi must be positive (got ${input.densityDpi})`);
}

function baseFor(input: ScreenInput): Base {
  const { clockText: _clock, panel: _panel, ...statics } = input;
  const key = JSON.stringify(statics);
  const cached = bases.get(key);
  if (cached !== undefined) {
    // Re-insert so the map's order stays least-recently-used first.
    bases.delete(key);
    bases.set(key, cached);
    return cached;
  }
  const canvas = createCanvas(input.widthPx, input.heightPx);
  const ctx = canvas.getContext('2d');
  const frame = frameOf(ctx, input);
  const tint = drawAppScreen(frame);
  drawStatusBar(frame, input, tint);
  drawNavigationBar(ctx, input, tint);
  const pixels = ctx.getImageData(0, 0, input.widthPx, input.heightPx).data;
  const base = {
    rgba: Buffer.from(pixels),
    tint,
    encoder: new BandedPngEncoder(input.widthPx, input.heightPx),
  };
  bases.set(key, base);
  const oldest = bases.keys().next().value;
  if (bases.size > BASE_LIMIT && oldest !== undefined) bases.delete(oldest);
  return base;
}

function iconImage(png: Uint8Array | null | undefined): Promise<Image | null> {
  if (png === undefined || png === null) return Promise.resolve(null);
  let image = icons.get(png);
  if (image === undefined) {
    image = loadImage(png);
    icons.set(png, image);
  }
  return image;
}

function iconIdOf(icon: Uint8Array | null | undefined): number {
  if (!icon) return 0;
  const id = iconIds.get(icon) ?? nextIconId++;
  iconIds.set(icon, id);
  return id;
}

/** What the panel draws, exactly (layout, colours, icon), or null without a panel. */
function panelKey(input: ScreenInput): string | null {
  const panel = input.panel;
  if (!panel) return null;
  const { icon, ...rest } = panel;
  return JSON.stringify([rest, iconIdOf(icon)]);
}

function frameKey(input: ScreenInput): string {
  return JSON.stringify([input.clockText, panelKey(input)]);
}

async function draw(input: ScreenInput, base: Base): Promise<Uint8Array> {
  const icon = input.panel ? await iconImage(input.panel.icon) : null;
  const width = input.widthPx;
  const stride = width * 4;
  // Only the status bar (clock) and the panel differ from the base; the encoder reads and compresses only the
  // rows whose overlays changed since the previous frame.
  const overlays: Overlay[] = [
    { top: 0, bottom: Math.max(1, input.statusBarPx), key: `clock ${input.clockText}` },
  ];
  const panel = panelKey(input);
  if (input.panel && panel !== null) {
    const { top, bottom } = input.panel.layout.bounds;
    overlays.push({ top, bottom, key: `panel ${panel}` });
  }
  const readBase: RowReader = (top, rows) => base.rgba.subarray(top * stride, (top + rows) * stride);
  const statusBottom = overlays[0]?.bottom ?? 0;
  const panelBounds = input.panel?.layout.bounds;
  // Called synchronously by the encoder, so frames never interleave on the shared scratch canvas, and the rows it
  // returns are consumed before the next call.
  const readFrame: RowReader = (top, rows) => {
    // Only the columns an overlay can change are drawn over and read back: the clock's rows whole, the panel's
    // rows within its bounds (it draws nothing outside them); the rest of each row is the base's.
    const whole = top < statusBottom || panelBounds === undefined;
    const left = whole ? 0 : Math.max(0, Math.min(width, panelBounds.left));
    const right = whole ? width : Math.max(left, Math.min(width, panelBounds.right));
    const ctx = scratchFor(width, rows);
    const under = base.rgba.subarray(top * stride, (top + rows) * stride);
    const underImage = new ImageData(
      new Uint8ClampedArray(under.buffer, under.byteOffset, under.length),
      width,
      rows,
    );
    ctx.putImageData(underImage, 0, 0, left, 0, right - left, rows);
    ctx.save();
    try {
      ctx.translate(0, -top);
      drawClock(ctx, input, base.tint);
      if (input.panel) drawPanel(ctx, input.panel, icon, screenMeasurer());
    } catch (error) {
      // A malformed panel colour throws mid-draw, leaving saved states, a transform and a clip behind: the next
      // frame gets a new canvas.
      scratches.delete(width);
      throw error;
    }
    ctx.restore();
    if (right <= left) return under;
    const drawn = ctx.getImageData(left, 0, right - left, rows).data;
    const drawnRows = Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
    if (left === 0 && right === width) return drawnRows;
    const frame = composeScratch(under.length);
    under.copy(frame);
    const span = (right - left) * 4;
    for (let row = 0; row < rows; row += 1)
      drawnRows.copy(frame, row * stride + left * 4, row * span, (row + 1) * span);
    return frame;
  };
  return base.encoder.encodeOver(overlays, readFrame, readBase);
}

/**
 * Draws `input` and encodes it as PNG. Throws RangeError for an impossible size and Error for a malformed
 * panel colour or icon (callers pass validated specs).
 */
export async function renderScreen(input: ScreenInput): Promise<Uint8Array> {
  checkInput(input);
  ensureRoboto();
  const base = baseFor(input);
  const key = frameKey(input);
  let png = base.last?.key === key ? base.last.png : undefined;
  if (png === undefined) {
    const drawn = draw(input, base);
    base.last = { key, png: drawn };
    drawn.catch(() => {
      if (base.last?.png === drawn) delete base.last;
    });
    png = drawn;
  }
  // Each caller gets its own copy, so one caller writing into its bytes cannot alter a cached frame.
  return new Uint8Array(await png);
}
