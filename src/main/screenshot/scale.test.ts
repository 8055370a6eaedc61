import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { downscalePng, scaledSize } from './scale';

describe('scaledSize', () => {
  it('rounds and keeps at least one pixel', () => {
    expect(scaledSize(1080, 2400, 50)).toEqual({ widthPx: 540, heightPx: 1200 });
    expect(scaledSize(1081, 2401, 25)).toEqual({ widthPx: 270, heightPx: 600 });
    expect(scaledSize(1, 1, 25)).toEqual({ widthPx: 1, heightPx: 1 });
  });
});

describe('downscalePng', () => {
  it('halves a PNG and keeps its colours', async () => {
    const image = new PNG({ width: 40, height: 20 });
    for (let offset = 0; offset < image.data.length; offset += 4) image.data.set([200, 20, 60, 255], offset);
    const scaled = await downscalePng(new Uint8Array(PNG.sync.write(image)), 50);
    expect(scaled.ok).toBe(true);
    if (!scaled.ok) return;
    expect([scaled.value.widthPx, scaled.value.heightPx]).toEqual([20, 10]);
    const decoded = PNG.sync.read(Buffer.from(scaled.value.png));
    expect([decoded.width, decoded.height]).toEqual([20, 10]);
    expect([...decoded.data.subarray(0, 4)]).toEqual([200, 20, 60, 255]);
  });

  it('fails with EVIDENCE_CAPTURE_FAILED on bytes that do not decode', async () => {
    const scaled = await downscalePng(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), 25);
    expect(scaled).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CAPTURE_FAILED', details: { scale: 25 } },
    });
  });
});
