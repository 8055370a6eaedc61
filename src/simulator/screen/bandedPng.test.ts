import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { BandedPngEncoder } from './bandedPng';

function frame(width: number, height: number, seed: number): Buffer {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < rgba.length; i += 1) rgba[i] = (i * 31 + seed * (i % 7 === 0 ? 1 : 0)) & 0xff;
  return rgba;
}

describe('BandedPngEncoder', () => {
  it('writes PNGs that decode to exactly the input pixels, frame after frame', async () => {
    const encoder = new BandedPngEncoder(130, 170);
    for (const seed of [0, 0, 5, 9]) {
      const rgba = frame(130, 170, seed);
      // Change one pixel deep inside so only one band differs from the previous frame.
      rgba[(100 * 130 + 7) * 4] = seed;
      const decoded = PNG.sync.read(await encoder.encode(rgba));
      expect([decoded.width, decoded.height]).toEqual([130, 170]);
      expect(decoded.data.equals(rgba)).toBe(true);
    }
  });

  it('produces a zlib stream whose Adler-32 checks out', async () => {
    const rgba = frame(64, 100, 3);
    const png = await new BandedPngEncoder(64, 100).encode(rgba);
    const idatStart = png.indexOf('IDAT') + 4;
    const idatLength = png.readUInt32BE(idatStart - 8);
    // inflateSync verifies the trailer checksum and throws when it is wrong.
    expect(inflateSync(png.subarray(idatStart, idatStart + idatLength)).length).toBe(100 * (64 * 4 + 1));
  });

  it('compresses only the bands that changed since the previous frame', async () => {
    const encoder = new BandedPngEncoder(100, 480);
    const rgba = frame(100, 480, 1);
    await encoder.encode(rgba);
    expect(encoder.recompressedBands).toBe(10);
    rgba[(300 * 100 + 5) * 4] = 255 - (rgba[(300 * 100 + 5) * 4] ?? 0);
    const png = await encoder.encode(rgba);
    expect(encoder.recompressedBands).toBe(1);
    expect(PNG.sync.read(png).data.equals(rgba)).toBe(true);
    await encoder.encode(rgba);
    expect(encoder.recompressedBands).toBe(0);
  });
});
