// Downsizes a captured PNG for take_screenshot scale 50 or 25 (the full-size path never decodes).
import { createCanvas, Image } from '@napi-rs/canvas';
import { fail, ok, type Result } from '../../shared/errors';
import type { ScreenshotScale } from '../../shared/execution/types';

/** The size of an image scaled to `scale` percent: rounded, at least one pixel. */
export function scaledSize(
  widthPx: number,
  heightPx: number,
  scale: ScreenshotScale,
): { widthPx: number; heightPx: number } {
  return {
    widthPx: Math.max(1, Math.round((widthPx * scale) / 100)),
    heightPx: Math.max(1, Math.round((heightPx * scale) / 100)),
  };
}

/** Decodes `png`, draws it at `scale` percent with high-quality smoothing and encodes a new PNG. */
export async function downscalePng(
  png: Uint8Array,
  scale: ScreenshotScale,
): Promise<Result<{ png: Uint8Array; widthPx: number; heightPx: number }>> {
  try {
    const image = new Image();
    image.src = png;
    await image.decode();
    const size = scaledSize(image.naturalWidth, image.naturalHeight, scale);
    const canvas = createCanvas(size.widthPx, size.heightPx);
    const context = canvas.getContext('2d');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, size.widthPx, size.heightPx);
    const encoded = await canvas.encode('png');
    return ok({ png: new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength), ...size });
  } catch (error) {
    return fail(
      'EVIDENCE_CAPTURE_FAILED',
      `The screenshot could not be scaled to ${scale}%: ${error instanceof Error ? error.message : String(error)}`,
      { scale },
    );
  }
}
