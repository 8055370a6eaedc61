import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { checkPng, describeNonPng } from './png';

function png(width: number, height: number): Uint8Array {
  const image = new PNG({ width, height });
  image.data.fill(128);
  return new Uint8Array(PNG.sync.write(image));
}

describe('checkPng', () => {
  it('reads the size from IHDR', () => {
    expect(checkPng(png(7, 3))).toEqual({ ok: true, value: { widthPx: 7, heightPx: 3 } });
  });

  it('rejects a missing signature, such as screencap error text', () => {
    const text = new TextEncoder().encode(
      'Error: capturing the screen failed: SurfaceFlinger capture failed\n'.repeat(2),
    );
    expect(checkPng(text)).toMatchObject({ ok: false, error: 'the PNG signature is missing' });
  });

  it('rejects a truncated PNG (no IEND at the end)', () => {
    const bytes = png(20, 20);
    expect(checkPng(bytes.subarray(0, bytes.length - 5))).toMatchObject({
      ok: false,
      error: expect.stringContaining('IEND'),
    });
  });

  it('rejects a corrupt IHDR', () => {
    const bytes = png(5, 5).slice();
    bytes[19] = (bytes[19] ?? 0) ^ 0xff; // width's low byte
    expect(checkPng(bytes)).toMatchObject({ ok: false, error: 'the IHDR CRC does not match' });
  });

  it('rejects a first chunk that is not IHDR, and input too short to be a PNG', () => {
    const bytes = png(5, 5).slice();
    bytes[12] = 0x78; // 'IHDR' -> 'xHDR'
    expect(checkPng(bytes)).toMatchObject({ ok: false, error: 'the first chunk is not a 13-byte IHDR' });
    expect(checkPng(new Uint8Array(10))).toMatchObject({
      ok: false,
      error: expect.stringContaining('too short'),
    });
  });
});

describe('describeNonPng', () => {
  it('shows printable text and names binary data by its length', () => {
    expect(describeNonPng(new TextEncoder().encode('Error: no display\r\n'))).toBe('Error: no display');
    expect(describeNonPng(new Uint8Array([0, 1, 2]))).toBe('3 bytes of binary data');
  });
});
