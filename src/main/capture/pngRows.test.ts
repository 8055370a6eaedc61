import { constants, crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodePngRows, decodePngRowsAsync, pngSize, type DecodedRows } from './pngRows';

/** Row y's pixels as R, G, B bytes, read through `offset` (what the capture check reads). */
function rgbRow(decoded: DecodedRows, y: number): Buffer {
  const row = Buffer.alloc(decoded.width * 3);
  for (let x = 0; x < decoded.width; x += 1) {
    const at = decoded.offset(x, y);
    row.set(decoded.data.subarray(at, at + 3), x * 3);
  }
  return row;
}

/** Row y of a width-wide RGBA buffer as R, G, B bytes. */
function rgbOf(rgba: Uint8Array, width: number, y: number): Buffer {
  const row = Buffer.alloc(width * 3);
  for (let x = 0; x < width; x += 1)
    row.set(rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 3), x * 3);
  return row;
}

function image(width: number, height: number, colorType: 2 | 6): { png: Uint8Array; rgba: Buffer } {
  const png = new PNG({ width, height, colorType, inputHasAlpha: true });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 4;
      // A mix of gradients and noise so every filter type gets used by the encoder.
      png.data[offset] = (x * 7 + y * 3) & 0xff;
      png.data[offset + 1] = (x * y) & 0xff;
      png.data[offset + 2] = ((x ^ y) * 13) & 0xff;
      png.data[offset + 3] = colorType === 6 ? (x + y) & 0xff : 255;
    }
  }
  const bytes = PNG.sync.write(png, { colorType, filterType: -1 });
  return { png: bytes, rgba: PNG.sync.read(bytes).data };
}

describe('decodePngRows', () => {
  it.each([2, 6] as const)(
    'decodes the top rows of colour type %i exactly like a full decode',
    (colorType) => {
      const { png, rgba } = image(300, 500, colorType);
      for (const rows of [1, 37, 250, 500]) {
        const decoded = decodePngRows(png, rows);
        if (decoded === null) throw new Error('not decoded');
        expect(decoded).toMatchObject({ width: 300, height: 500, rows });
        for (let y = 0; y < rows; y += 1) expect(rgbRow(decoded, y).equals(rgbOf(rgba, 300, y))).toBe(true);
      }
    },
  );

  it.each([-1, 0, 1, 2, 3, 4] as const)('decodes every row with filter type %i', (filterType) => {
    const source = new PNG({ width: 64, height: 90 });
    for (let i = 0; i < source.data.length; i += 1) source.data[i] = (i * 7 + (i >> 8)) & 0xff;
    const bytes = PNG.sync.write(source, { filterType });
    const full = PNG.sync.read(bytes).data;
    const decoded = decodePngRows(bytes, 90);
    if (decoded === null) throw new Error('not decoded');
    for (let y = 0; y < 90; y += 1) expect(rgbRow(decoded, y).equals(rgbOf(full, 64, y))).toBe(true);
  });

  it.each([-1, 2, 4] as const)(
    'decodes the same rows off the event loop (filter type %i)',
    async (filterType) => {
      const source = new PNG({ width: 300, height: 400 });
      for (let i = 0; i < source.data.length; i += 1) source.data[i] = (i * 13 + (i >> 9)) & 0xff;
      const bytes = PNG.sync.write(source, { filterType });
      const full = PNG.sync.read(bytes).data;
      for (const rows of [1, 120, 400]) {
        const decoded = await decodePngRowsAsync(bytes, rows);
        if (decoded === null) throw new Error('not decoded');
        expect(decoded.rows).toBe(rows);
        for (let y = 0; y < rows; y += 1) expect(rgbRow(decoded, y).equals(rgbOf(full, 300, y))).toBe(true);
      }
      expect(await decodePngRowsAsync(new Uint8Array([1, 2]), 3)).toBeNull();
    },
  );

  it('answers null when the image data is broken, in and off the event loop', async () => {
    const width = 40;
    const stride = width * 3 + 1;
    const raw = Buffer.alloc(30 * stride, 7);
    // Rows 0..29 as a flushed zlib stream, then a deflate block of the reserved type 3: inflating it is an error.
    const idat = Buffer.concat([
      deflateSync(raw, { finishFlush: constants.Z_FULL_FLUSH }),
      Buffer.from([0x07, 0, 0, 0]),
    ]);
    const chunk = (type: string, body: Buffer): Buffer => {
      const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
      const framed = Buffer.alloc(typed.length + 8);
      framed.writeUInt32BE(body.length, 0);
      typed.copy(framed, 4);
      framed.writeUInt32BE(crc32(typed), typed.length + 4);
      return framed;
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(60, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', idat),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(decodePngRows(png, 20)).toBeNull();
    expect(await decodePngRowsAsync(png, 20)).toBeNull();
  });

  it('clamps the rows to the image height and reads the size from IHDR', () => {
    const { png } = image(20, 10, 6);
    expect(decodePngRows(png, 99)?.rows).toBe(10);
    expect(pngSize(png)).toEqual({ width: 20, height: 10 });
  });

  it('answers null for bytes that are not a PNG', () => {
    expect(decodePngRows(new Uint8Array([1, 2, 3]), 5)).toBeNull();
    expect(pngSize(new Uint8Array(40))).toBeNull();
  });

  it('falls back to a full decode for other PNG kinds (grayscale)', () => {
    const gray = new PNG({ width: 8, height: 4, colorType: 0 });
    gray.data.fill(200);
    const bytes = PNG.sync.write(gray, { colorType: 0 });
    const decoded = decodePngRows(bytes, 2);
    expect(decoded?.rows).toBe(4);
    expect(Buffer.from(decoded?.data ?? []).equals(PNG.sync.read(bytes).data)).toBe(true);
  });
});
