import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { NEUTRAL_ICON_COLOR, neutralIcon, renderAppIcon } from './icons';
import type { ScreenApp } from './types';

const shop: ScreenApp = {
  label: 'Shoply',
  packageName: 'com.shoply.android',
  brandColor: '#E65100',
  kind: 'shop',
};

function pixel(png: PNG, x: number, y: number): number[] {
  const offset = (y * png.width + x) * 4;
  return [...png.data.subarray(offset, offset + 4)];
}

describe('app icons', () => {
  it('renders a brand-coloured circle with a white glyph on a transparent square', async () => {
    const png = PNG.sync.read(Buffer.from(await renderAppIcon(shop, 128)));
    expect([png.width, png.height]).toEqual([128, 128]);
    expect(pixel(png, 1, 1)[3]).toBe(0);
    expect(pixel(png, 64, 118)).toEqual([0xe6, 0x51, 0x00, 255]);
    expect(pixel(png, 64, 76)).toEqual([255, 255, 255, 255]);
  });

  it('draws a different glyph per kind', async () => {
    const mail = await renderAppIcon({ ...shop, kind: 'mail' }, 64);
    const bag = await renderAppIcon(shop, 64);
    expect(Buffer.from(mail).equals(Buffer.from(bag))).toBe(false);
  });

  it('renders the neutral gray circle', async () => {
    const png = PNG.sync.read(Buffer.from(await neutralIcon(32)));
    expect([png.width, png.height]).toEqual([32, 32]);
    const gray = Number.parseInt(NEUTRAL_ICON_COLOR.slice(1, 3), 16);
    expect(pixel(png, 16, 16)).toEqual([gray, gray, gray, 255]);
    expect(pixel(png, 0, 0)[3]).toBe(0);
  });

  it.each([0, 1.5, 2048])('rejects icon size %d', (size) => {
    expect(() => renderAppIcon(shop, size)).toThrow(RangeError);
    expect(() => neutralIcon(size)).toThrow(RangeError);
  });
});
