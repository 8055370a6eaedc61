import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { displayMetricsFor } from '../../shared/geometry/metrics';
import { layoutPanel } from '../../shared/geometry/panelLayout';
import type { PanelGeometrySpec, PanelLayout } from '../../shared/geometry/types';
import { computeUsableArea } from '../../shared/geometry/usableArea';
import { usableAreaInputOf } from '../profiles/deviceStateInput';
import { listProfiles, loadProfile } from '../profiles/loadProfile';
import type { DeviceProfile } from '../profiles/types';
import { screenInputFromProfile, type ScreenMoment } from './fromProfile';
import { NEUTRAL_ICON_COLOR, renderAppIcon } from './icons';
import { renderScreen, screenMeasurer } from './renderScreen';
import type { ScreenInput, ScreenPanel } from './types';

const DEFAULT_SPEC: PanelGeometrySpec = {
  anchor: 'left',
  textAlign: 'left',
  topOffsetDp: 8,
  edgeOffsetDp: 8,
  widthDp: 280,
  fontSizeSp: 12,
};

function profile(name: string): DeviceProfile {
  const result = loadProfile(name);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const phone = profile('phone');

function layoutOn(device: DeviceProfile, spec: Partial<PanelGeometrySpec>, content: string): PanelLayout {
  const usable = computeUsableArea(usableAreaInputOf(device));
  if (!usable.ok) throw new Error(usable.error.message);
  const metrics = displayMetricsFor({ ...device.display, fontScale: device.fontScale, usable: usable.value });
  const layout = layoutPanel(metrics, { ...DEFAULT_SPEC, ...spec }, content, screenMeasurer());
  if (!layout.ok) throw new Error(layout.error.message);
  return layout.value;
}

function screen(moment: Partial<ScreenMoment> = {}, device = phone): ScreenInput {
  return screenInputFromProfile(device, {
    clockText: '12:30',
    foregroundPackage: 'com.android.settings',
    ...moment,
  });
}

async function decode(input: ScreenInput): Promise<PNG> {
  return PNG.sync.read(Buffer.from(await renderScreen(input)));
}

function rgb(png: PNG, x: number, y: number): number[] {
  const offset = (y * png.width + x) * 4;
  return [png.data[offset] ?? -1, png.data[offset + 1] ?? -1, png.data[offset + 2] ?? -1];
}

/** `color` (#AARRGGBB) drawn over `under` with source-over blending. */
function composite(color: string, under: number[]): number[] {
  const value = Number.parseInt(color.slice(1), 16);
  const alpha = (value >>> 24) / 255;
  return [(value >>> 16) & 255, (value >>> 8) & 255, value & 255].map((channel, index) =>
    Math.round(channel * alpha + (under[index] ?? 0) * (1 - alpha)),
  );
}

function expectNear(actual: number[], expected: number[], tolerance: number): void {
  actual.forEach((channel, index) =>
    expect(Math.abs(channel - (expected[index] ?? 0))).toBeLessThanOrEqual(tolerance),
  );
}

/** Points inside the bounds but within the padding, where no text is drawn. */
function paddingPoints(layout: PanelLayout): Array<[number, number]> {
  const { left, top, right, bottom } = layout.bounds;
  const inset = Math.floor(layout.paddingPx / 2);
  const points: Array<[number, number]> = [];
  for (let x = left; x < right; x += 37)
    points.push([x, top + inset], [x, bottom - 1 - inset], [x, top], [x, bottom - 1]);
  for (let y = top; y < bottom; y += 9)
    points.push([left, y], [left + inset, y], [right - 1 - inset, y], [right - 1, y]);
  return points;
}

/** Columns holding pixels that differ from `background` in the rows of line `index`. */
function inkColumns(png: PNG, layout: PanelLayout, index: number, background: number[]): number[] {
  const top = layout.bounds.top + layout.paddingPx + index * layout.lineHeightPx;
  const columns: number[] = [];
  for (let x = layout.bounds.left; x < layout.bounds.right; x += 1) {
    for (let y = top; y < top + layout.lineHeightPx; y += 1) {
      if (rgb(png, x, y).some((channel, c) => Math.abs(channel - (background[c] ?? 0)) > 60)) {
        columns.push(x);
        break;
      }
    }
  }
  return columns;
}

describe('renderScreen', () => {
  it.each(listProfiles())('renders the %s profile as a PNG of its exact display size', async (name) => {
    const device = profile(name);
    const bytes = await renderScreen(screenInputFromProfile(device, { clockText: '09:41' }));
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const png = PNG.sync.read(Buffer.from(bytes));
    expect([png.width, png.height]).toEqual([device.display.widthPx, device.display.heightPx]);
  });

  it('draws a different, recognisable screen for every app kind', async () => {
    const images = await Promise.all(
      phone.apps.map((app) => renderScreen(screen({ foregroundPackage: app.packageName }))),
    );
    const distinct = new Set(images.map((bytes) => Buffer.from(bytes).toString('base64')));
    expect(distinct.size).toBe(phone.apps.length);
    const settings = PNG.sync.read(Buffer.from(images[1] ?? new Uint8Array()));
    expect(rgb(settings, 5, 1200)).toEqual([0xf3, 0xf5, 0xfa]);
    const shop = PNG.sync.read(Buffer.from(images[2] ?? new Uint8Array()));
    expect(rgb(shop, 1000, 250)).toEqual([0xe6, 0x51, 0x00]);
  });

  it('fills exactly the panel bounds with the alpha-composited background', async () => {
    const layout = layoutOn(phone, {}, 'FLOW-001: Observe settings');
    expect(layout.bounds).toEqual({ left: 21, top: 157, right: 756, bottom: 236 });
    const panel: ScreenPanel = { layout, textColor: '#FFFFFFFF', backgroundColor: '#B3000000' };
    const under = await decode(screen());
    const drawn = await decode(screen({ panel }));
    for (const [x, y] of paddingPoints(layout))
      expectNear(rgb(drawn, x, y), composite('#B3000000', rgb(under, x, y)), 1);
    const { left, top, right, bottom } = layout.bounds;
    for (const [outside, inside] of [
      [
        [left - 1, top + 10],
        [left, top + 10],
      ],
      [
        [right, top + 10],
        [right - 1, top + 10],
      ],
      [
        [left + 10, top - 1],
        [left + 10, top],
      ],
      [
        [left + 10, bottom],
        [left + 10, bottom - 1],
      ],
    ] as const) {
      expect(rgb(drawn, ...outside)).toEqual(rgb(under, ...outside));
      expect(rgb(drawn, ...outside)).not.toEqual(rgb(drawn, ...inside));
    }
  });

  it('draws an opaque background colour exactly', async () => {
    const layout = layoutOn(phone, { anchor: 'right', topOffsetDp: 400 }, 'opaque');
    const drawn = await decode(
      screen({ panel: { layout, textColor: '#FFFFFF', backgroundColor: '#FF123456' } }),
    );
    for (const [x, y] of paddingPoints(layout)) expect(rgb(drawn, x, y)).toEqual([0x12, 0x34, 0x56]);
  });

  it('puts left-aligned text at the left padding and right-aligned text against the right padding', async () => {
    const colors = { textColor: '#FFFFFFFF', backgroundColor: '#FF000000' };
    const left = layoutOn(
      phone,
      { anchor: 'right', edgeOffsetDp: 12, topOffsetDp: 24 },
      'FLOW-001: Observe settings',
    );
    const right = layoutOn(
      phone,
      { anchor: 'right', edgeOffsetDp: 12, topOffsetDp: 24, textAlign: 'right' },
      'FLOW-001: Observe settings',
    );
    const leftInk = inkColumns(
      await decode(screen({ panel: { layout: left, ...colors } })),
      left,
      0,
      [0, 0, 0],
    );
    const rightInk = inkColumns(
      await decode(screen({ panel: { layout: right, ...colors } })),
      right,
      0,
      [0, 0, 0],
    );
    const textStart = left.bounds.left + left.paddingPx;
    expect((leftInk[0] ?? 0) - textStart).toBeGreaterThanOrEqual(0);
    expect((leftInk[0] ?? 0) - textStart).toBeLessThanOrEqual(5);
    const textEnd = right.bounds.right - right.paddingPx;
    expect(textEnd - (rightInk[rightInk.length - 1] ?? 0)).toBeGreaterThanOrEqual(1);
    expect(textEnd - (rightInk[rightInk.length - 1] ?? 0)).toBeLessThanOrEqual(6);
    const lineWidth = right.lines[0]?.widthPx ?? 0;
    expect(
      Math.abs((rightInk[0] ?? 0) - (textEnd - lineWidth) - ((leftInk[0] ?? 0) - textStart)),
    ).toBeLessThanOrEqual(1);
  });

  it('draws every line of a multi-line panel and advances TAB to the layout tab stop', async () => {
    const layout = layoutOn(phone, {}, 'one\ni\ti\nthree');
    expect(layout.lines.map((line) => line.text)).toEqual(['one', 'i\ti', 'three']);
    const png = await decode(
      screen({ panel: { layout, textColor: '#FFFFFFFF', backgroundColor: '#FF000000' } }),
    );
    for (const index of [0, 1, 2])
      expect(inkColumns(png, layout, index, [0, 0, 0]).length).toBeGreaterThan(5);
    const ink = inkColumns(png, layout, 1, [0, 0, 0]);
    const secondStart = ink.find((x, index) => index > 0 && x - (ink[index - 1] ?? x) > 1) ?? 0;
    const tabStop = 4 * screenMeasurer().measure(' ', layout.fontSizePx);
    const start = layout.bounds.left + layout.paddingPx;
    expect(Math.abs(secondStart - (start + tabStop) - ((ink[0] ?? 0) - start))).toBeLessThanOrEqual(1);
  });

  it('draws the app icon at U+FFFC, bottom-aligned, and the neutral circle when there is none', async () => {
    const shop = phone.apps.find((app) => app.kind === 'shop');
    if (shop === undefined) throw new Error('no shop app');
    const layout = layoutOn(phone, {}, '\uFFFC com.shoply.android');
    const icon = await renderAppIcon(shop, 128);
    const withIcon = await decode(
      screen({ panel: { layout, textColor: '#FFFFFFFF', backgroundColor: '#FF000000', icon } }),
    );
    const size = layout.iconSizePx;
    const x = layout.bounds.left + layout.paddingPx;
    const iconTop = layout.bounds.top + layout.paddingPx + layout.lineHeightPx - size;
    expectNear(
      rgb(withIcon, Math.round(x + size / 2), Math.round(iconTop + size * 0.88)),
      [0xe6, 0x51, 0x00],
      12,
    );
    expect(rgb(withIcon, Math.round(x + size / 2), iconTop - 2)).toEqual([0, 0, 0]);
    const neutral = await decode(
      screen({ panel: { layout, textColor: '#FFFFFFFF', backgroundColor: '#FF000000', icon: null } }),
    );
    const gray = Number.parseInt(NEUTRAL_ICON_COLOR.slice(1, 3), 16);
    expect(rgb(neutral, Math.round(x + size / 2), Math.round(iconTop + size / 2))).toEqual([
      gray,
      gray,
      gray,
    ]);
  });

  it('changes only the status bar when the clock changes', async () => {
    const before = await decode(screen({ clockText: '12:30' }));
    const after = await decode(screen({ clockText: '12:31' }));
    const rowBytes = before.width * 4;
    const changedRows: number[] = [];
    for (let y = 0; y < before.height; y += 1) {
      const start = y * rowBytes;
      if (!before.data.subarray(start, start + rowBytes).equals(after.data.subarray(start, start + rowBytes)))
        changedRows.push(y);
    }
    expect(changedRows.length).toBeGreaterThan(0);
    expect(Math.max(...changedRows)).toBeLessThan(phone.display.statusBarPx);
  });

  it('returns equal bytes for an unchanged screen, each call in its own array', async () => {
    const input = screen({ clockText: '07:07' });
    const first = await renderScreen(input);
    first.fill(0);
    const second = await renderScreen(input);
    const third = await renderScreen({ ...input });
    expect(second[0]).toBe(0x89);
    expect(Buffer.from(third).equals(Buffer.from(second))).toBe(true);
  });

  it('rejects an impossible size and a malformed panel colour', async () => {
    await expect(renderScreen({ ...screen(), widthPx: 0 })).rejects.toThrow(RangeError);
    await expect(renderScreen({ ...screen(), densityDpi: 0 })).rejects.toThrow('densityDpi must be positive');
    const layout = layoutOn(phone, {}, 'x');
    await expect(
      renderScreen(screen({ panel: { layout, textColor: 'white', backgroundColor: '#B3000000' } })),
    ).rejects.toThrow('Invalid colour white');
    // The failed frame stopped mid-draw; the next frame (its rows drawn on the same scratch canvas) is unaffected.
    const low = layoutOn(phone, { topOffsetDp: 300 }, 'x');
    const next = await decode(
      screen({ panel: { layout: low, textColor: '#FFFFFFFF', backgroundColor: '#FF00FF00' } }),
    );
    expect(rgb(next, low.bounds.left + 1, low.bounds.top + 1)).toEqual([0, 255, 0]);
    expect(rgb(next, low.bounds.left + 1, low.bounds.top - 1)).not.toEqual([0, 255, 0]);
  });
});

describe('renderScreen across frames', () => {
  it('leaves no trace of an earlier panel: frames equal fresh renders pixel for pixel', async () => {
    const moment = (panel: ScreenPanel | null): ScreenInput =>
      screenInputFromProfile(phone, { clockText: '09:41', foregroundPackage: 'com.android.settings', panel });
    const panelAt = (top: number, text: string): ScreenPanel => ({
      layout: layoutOn(phone, { topOffsetDp: top }, text),
      textColor: '#FFFFFFFF',
      backgroundColor: '#FF0000FF',
    });
    const decode = (png: Uint8Array): Buffer => PNG.sync.read(Buffer.from(png)).data;
    const empty = decode(await renderScreen(moment(null)));
    const first = decode(await renderScreen(moment(panelAt(8, 'first'))));
    expect(first.equals(empty)).toBe(false);
    // The panel moves down, then goes away: every pixel it covered must be the base again.
    await renderScreen(moment(panelAt(300, 'second')));
    const cleared = decode(await renderScreen({ ...moment(null), clockText: '09:41' }));
    expect(cleared.equals(empty)).toBe(true);
  });
});
