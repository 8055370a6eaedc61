// Renders a simulated device's screen to PNG: a cached base (app screen and bars), then the clock and panel.
import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import type { TextMeasurer } from '../../shared/geometry/types';
import type { UiNode } from '../device/uiTree';
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
  /** The app screen and bars, without the clock and the panel. */
  canvas: Canvas;
  tint: BarTint;
  /** The accessibility nodes recorded while the app screen was drawn. */
  tree: UiNode;
  /** Frames on this base differ only in the clock and the panel: most PNG bands are reused. */
  encoder: BandedPngEncoder;
  /** The most recent PNG drawn on this base: repeated captures of an unchanged screen skip the encode. */
  last?: { key: string; png: Promise<Uint8Array> };
}

// A base frame is ~10 MB of pixels; a handful covers every simulated device in a test run.
const BASE_LIMIT = 6;
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
  const base = {
    canvas,
    tint,
    tree: frame.ui.root,
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

/** Rows [top, top + rows) of `canvas` as RGBA bytes. */
function rowsOf(canvas: Canvas, top: number, rows: number): Buffer {
  const { data } = canvas.getContext('2d').getImageData(0, top, canvas.width, rows);
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

async function draw(input: ScreenInput, base: Base): Promise<Uint8Array> {
  const icon = input.panel ? await iconImage(input.panel.icon) : null;
  const width = input.widthPx;
  // Only the status bar (clock) and the panel differ from the base; the encoder asks only for the rows whose
  // overlays changed since the previous frame.
  const overlays: Overlay[] = [
    { top: 0, bottom: Math.max(1, input.statusBarPx), key: `clock ${input.clockText}` },
  ];
  const panel = panelKey(input);
  if (input.panel && panel !== null) {
    const { top, bottom } = input.panel.layout.bounds;
    overlays.push({ top, bottom, key: `panel ${panel}` });
  }
  // The asked-for rows of the base, with the clock and the panel drawn over them on a canvas of just those rows.
  const readFrame: RowReader = (top, rows) => {
    const canvas = createCanvas(width, rows);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(base.canvas, 0, top, width, rows, 0, 0, width, rows);
    ctx.translate(0, -top);
    drawClock(ctx, input, base.tint);
    if (input.panel) drawPanel(ctx, input.panel, icon, screenMeasurer());
    return rowsOf(canvas, 0, rows);
  };
  return base.encoder.encodeOver(overlays, readFrame, (top, rows) => rowsOf(base.canvas, top, rows));
}

function copyTree(node: UiNode): UiNode {
  return { ...node, bounds: { ...node.bounds }, children: node.children.map(copyTree) };
}

/**
 * The accessibility tree of the app window `input` shows: recorded while its pixels were drawn (the same cached
 * base screencap encodes), so a node's bounds are where its element is on the PNG.
 */
export function screenTree(input: ScreenInput): UiNode {
  checkInput(input);
  ensureRoboto();
  return copyTree(baseFor(input).tree);
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
