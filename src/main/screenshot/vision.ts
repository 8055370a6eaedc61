// Images for a vision model (reference section 5, `view_screenshot` limits): the format is read from the content,
// never the file name; small PNG/JPEG files pass unchanged; anything else is resized to fit 1600x1600 with a
// triangle filter and sent as JPEG quality 82; a result still over 2 MiB is refused rather than sent.
import sharp from 'sharp';
import { fail, ok, type Result } from '../../shared/errors';
import { checkPng } from './png';

export const VISION_LIMITS = {
  /** Largest source file read. */
  sourceBytes: 32 * 1024 * 1024,
  /** Largest decoded image (width x height). */
  pixels: 80_000_000,
  /** PNG/JPEG up to this size are sent as they are; also the most any sent image may weigh. */
  sentBytes: 2 * 1024 * 1024,
  /** The box a transformed image fits in. */
  side: 1600,
  jpegQuality: 82,
} as const;

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** An image ready to attach: what came in, what goes out, and the reference's summary line. */
export interface VisionImage {
  mimeType: 'image/png' | 'image/jpeg';
  data: Uint8Array;
  source: { format: ImageFormat; widthPx: number; heightPx: number; bytes: number };
  sent: { widthPx: number; heightPx: number; bytes: number };
  transformed: boolean;
  /** `source=WxH, sent=WxH, bytes=N, transformed=bool` */
  summary: string;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  prefix.every((value, index) => bytes[at + index] === value);

/** PNG, JPEG or WebP by their signatures; null for anything else (whatever the file is called). */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return null;
}

function refused(message: string, details: Record<string, unknown>): Result<never> {
  return fail('IMAGE_REFUSED', message, details);
}

/** Scales (width, height) down to fit a side x side box, keeping the aspect ratio; never up. */
export function fitInside(
  widthPx: number,
  heightPx: number,
  side: number,
): { widthPx: number; heightPx: number } {
  const scale = Math.min(1, side / widthPx, side / heightPx);
  return {
    widthPx: Math.max(1, Math.round(widthPx * scale)),
    heightPx: Math.max(1, Math.round(heightPx * scale)),
  };
}

/** Checks and, where needed, shrinks an image for a vision model. Reads the header before decoding anything. */
export async function prepareForVision(bytes: Uint8Array): Promise<Result<VisionImage>> {
  if (bytes.length > VISION_LIMITS.sourceBytes)
    return refused(
      `the image is ${bytes.length} bytes, over the ${VISION_LIMITS.sourceBytes}-byte (32 MiB) limit; crop or shrink it first`,
      { reason: 'source_too_large', bytes: bytes.length, limit: VISION_LIMITS.sourceBytes },
    );
  const format = sniffImageFormat(bytes);
  if (format === null)
    return refused('the file is not a PNG, JPEG or WebP image (its first bytes say so, whatever its name)', {
      reason: 'unsupported_format',
      bytes: bytes.length,
    });
  let widthPx: number;
  let heightPx: number;
  try {
    const metadata = await sharp(bytes).metadata();
    widthPx = metadata.width;
    heightPx = metadata.height;
  } catch (error) {
    return refused(`the ${format.toUpperCase()} image cannot be read: ${(error as Error).message}`, {
      reason: 'unreadable',
      format,
    });
  }
  if (widthPx * heightPx > VISION_LIMITS.pixels)
    return refused(
      `the image is ${widthPx}x${heightPx} (${widthPx * heightPx} pixels), over the 80-megapixel limit`,
      { reason: 'too_many_pixels', widthPx, heightPx, limit: VISION_LIMITS.pixels },
    );
  const source = { format, widthPx, heightPx, bytes: bytes.length };
  if (format !== 'webp' && bytes.length <= VISION_LIMITS.sentBytes) {
    // Passed on unchanged, so it must be whole: a cut-off file would reach the model as a broken image.
    const whole = format === 'png' ? checkPng(bytes).ok : bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;
    if (!whole)
      return refused(`the ${format.toUpperCase()} image is cut off (it does not end as a whole file does)`, {
        reason: 'unreadable',
        format,
      });
    return ok(
      finish(source, format === 'png' ? 'image/png' : 'image/jpeg', bytes, { widthPx, heightPx }, false),
    );
  }
  const size = fitInside(widthPx, heightPx, VISION_LIMITS.side);
  let data: Buffer;
  try {
    data = await sharp(bytes, { limitInputPixels: VISION_LIMITS.pixels })
      .resize(size.widthPx, size.heightPx, { fit: 'fill', kernel: 'linear' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: VISION_LIMITS.jpegQuality })
      .toBuffer();
  } catch (error) {
    return refused(`the ${format.toUpperCase()} image cannot be decoded: ${(error as Error).message}`, {
      reason: 'unreadable',
      format,
    });
  }
  if (data.length > VISION_LIMITS.sentBytes)
    return refused(
      `the image is still ${data.length} bytes as a ${size.widthPx}x${size.heightPx} JPEG, over the 2 MiB limit`,
      { reason: 'sent_too_large', bytes: data.length, limit: VISION_LIMITS.sentBytes },
    );
  return ok(finish(source, 'image/jpeg', new Uint8Array(data), size, true));
}

function finish(
  source: VisionImage['source'],
  mimeType: VisionImage['mimeType'],
  data: Uint8Array,
  size: { widthPx: number; heightPx: number },
  transformed: boolean,
): VisionImage {
  const sent = { ...size, bytes: data.length };
  return {
    mimeType,
    data,
    source,
    sent,
    transformed,
    summary: `source=${source.widthPx}x${source.heightPx}, sent=${sent.widthPx}x${sent.heightPx}, bytes=${sent.bytes}, transformed=${transformed}`,
  };
}
