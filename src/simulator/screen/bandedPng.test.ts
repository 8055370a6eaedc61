import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { BAND_ROWS, BandedPngEncoder, type RowReader } from './bandedPng';

function frame(width: number, height: number, seed: number): Buffer {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < rgba.length; i += 1) rgba[i] = (i * 31 + seed * (i % 7 === 0 ? 1 : 0)) & 0xff;
  return rgba;
}

describe('BandedPngEncoder', () => {
  it('writes PNGs that decode to exactly the frame, frame after frame, with a zlib stream whose Adler-32 checks out', async () => {
    const encoder = new BandedPngEncoder(130, 170);
    const base = frame(130, 170, 0);
    for (const seed of [1, 1, 5, 9]) {
      const rgba = Buffer.from(base);
      // An overlay deep inside changes one pixel, so only its band differs from the base.
      rgba[(100 * 130 + 7) * 4] = seed;
      const png = await encoder.encodeOver(
        [{ top: 100, bottom: 101, key: `dot ${seed}` }],
        (top, rows) => rgba.subarray(top * 130 * 4, (top + rows) * 130 * 4),
        (top, rows) => base.subarray(top * 130 * 4, (top + rows) * 130 * 4),
      );
      const decoded = PNG.sync.read(png);
      expect([decoded.width, decoded.height]).toEqual([130, 170]);
      expect(decoded.data.equals(rgba)).toBe(true);
      const idatStart = png.indexOf('IDAT') + 4;
      const idatLength = png.readUInt32BE(idatStart - 8);
      // inflateSync verifies the trailer checksum and throws when it is wrong.
      expect(inflateSync(png.subarray(idatStart, idatStart + idatLength)).length).toBe(170 * (130 * 4 + 1));
    }
  });

  describe('frames over a base', () => {
    const width = 40;
    const height = 12 * BAND_ROWS + 5;
    const base = frame(width, height, 2);
    /** The base with rows [top, bottom) painted `value`. */
    const withOverlay = (painted: ReadonlyArray<[number, number, number]>): Buffer => {
      const rgba = Buffer.from(base);
      for (const [top, bottom, value] of painted) rgba.fill(value, top * width * 4, bottom * width * 4);
      return rgba;
    };
    const counting =
      (rgba: Buffer, reads: Array<[number, number]>): RowReader =>
      (top, rows) => {
        reads.push([top, rows]);
        return rgba.subarray(top * width * 4, (top + rows) * width * 4);
      };

    it('reads and compresses the base once, then only the bands whose overlays changed', async () => {
      const encoder = new BandedPngEncoder(width, height);
      const baseReads: Array<[number, number]> = [];
      const frameReads: Array<[number, number]> = [];
      const first = withOverlay([[0, 3, 9]]);
      const firstPng = await encoder.encodeOver(
        [{ top: 0, bottom: 3, key: 'clock 1' }],
        counting(first, frameReads),
        counting(base, baseReads),
      );
      expect(PNG.sync.read(firstPng).data.equals(first)).toBe(true);
      expect(frameReads).toEqual([[0, BAND_ROWS]]);
      // The base is read in one run of every band the overlay does not touch.
      expect(baseReads).toEqual([[BAND_ROWS, height - BAND_ROWS]]);
      expect(encoder.recompressedBands).toBe(13);

      // A panel over bands 4..6 appears; the clock is unchanged: only the panel's bands are read.
      frameReads.length = 0;
      baseReads.length = 0;
      const panel = { top: 4 * BAND_ROWS + 2, bottom: 6 * BAND_ROWS + 1, key: 'panel a' };
      const second = withOverlay([
        [0, 3, 9],
        [panel.top, panel.bottom, 200],
      ]);
      const secondPng = await encoder.encodeOver(
        [{ top: 0, bottom: 3, key: 'clock 1' }, panel],
        counting(second, frameReads),
        counting(base, baseReads),
      );
      expect(PNG.sync.read(secondPng).data.equals(second)).toBe(true);
      expect(frameReads).toEqual([[4 * BAND_ROWS, 3 * BAND_ROWS]]);
      expect(baseReads).toEqual([]);
      expect(encoder.recompressedBands).toBe(3);

      // The same frame again reads nothing; taking the panel away reuses the base's bands.
      frameReads.length = 0;
      await encoder.encodeOver(
        [{ top: 0, bottom: 3, key: 'clock 1' }, panel],
        counting(second, frameReads),
        counting(base, baseReads),
      );
      expect([frameReads, baseReads, encoder.recompressedBands]).toEqual([[], [], 0]);
      const clearedPng = await encoder.encodeOver(
        [{ top: 0, bottom: 3, key: 'clock 1' }],
        counting(first, frameReads),
        counting(base, baseReads),
      );
      expect([frameReads, baseReads, encoder.recompressedBands]).toEqual([[], [], 0]);
      expect(PNG.sync.read(clearedPng).data.equals(first)).toBe(true);
      expect(Buffer.from(clearedPng).equals(firstPng)).toBe(true);
    });

    it('reads a band again when the key of an overlay on it changes', async () => {
      const encoder = new BandedPngEncoder(width, height);
      const reads: Array<[number, number]> = [];
      await encoder.encodeOver(
        [{ top: 0, bottom: 3, key: 'clock 1' }],
        counting(withOverlay([[0, 3, 9]]), reads),
        counting(base, []),
      );
      reads.length = 0;
      const next = withOverlay([[0, 3, 10]]);
      const png = await encoder.encodeOver(
        [{ top: 0, bottom: 3, key: 'clock 2' }],
        counting(next, reads),
        counting(base, []),
      );
      expect(reads).toEqual([[0, BAND_ROWS]]);
      expect(PNG.sync.read(png).data.equals(next)).toBe(true);
    });
  });
});
