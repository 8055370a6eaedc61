// Thumbnails of run screenshots for the evidence history.
import { createCanvas, loadImage } from '@napi-rs/canvas';

export const THUMBNAIL_WIDTH = 240;
export const THUMBNAIL_FILE = 'thumbnail.png';

/** A PNG at most `width` px wide with the screenshot's aspect ratio; rejects when `png` is not an image. */
export async function renderThumbnail(png: Uint8Array, width = THUMBNAIL_WIDTH): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  const targetWidth = Math.min(width, image.width);
  const targetHeight = Math.max(1, Math.round((image.height * targetWidth) / image.width));
  const canvas = createCanvas(targetWidth, targetHeight);
  const context = canvas.getContext('2d');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, targetWidth, targetHeight);
  return canvas.encode('png');
}
