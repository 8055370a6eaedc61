import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import type { DeviceResolver } from '../devices/types';
import { viewScreenshot } from '../ui/visionTools';
import { fitInside, prepareForVision, sniffImageFormat } from './vision';

/** A random RGB image: noise does not compress, so a large one stays over 2 MiB as PNG. */
async function noisy(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'jpeg'
      ? image.jpeg().toBuffer()
      : image.webp().toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([length, Buffer.from(type), data, crc]);
}

/** A well-formed PNG whose IHDR claims `width` x `height` with almost no pixel data: only a header reader accepts it. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('sniffImageFormat', () => {
  it('reads PNG, JPEG and WebP from their first bytes, and nothing else', async () => {
    expect(sniffImageFormat(await noisy(4, 4, 'png'))).toBe('png');
    expect(sniffImageFormat(await noisy(4, 4, 'jpeg'))).toBe('jpeg');
    expect(sniffImageFormat(await noisy(4, 4, 'webp'))).toBe('webp');
    expect(sniffImageFormat(Buffer.from('GIF89a...'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });
});

describe('prepareForVision', () => {
  it('passes a PNG of at most 2 MiB through unchanged', async () => {
    const png = await noisy(300, 200, 'png');
    const prepared = await prepareForVision(png);
    if (!prepared.ok) throw new Error(prepared.error.message);
    expect(Buffer.from(prepared.value.data).equals(png)).toBe(true);
    expect(prepared.value).toMatchObject({ mimeType: 'image/png', transformed: false });
    expect(prepared.value.summary).toBe(
      `source=300x200, sent=300x200, bytes=${png.length}, transformed=false`,
    );
  });

  it('resizes a PNG over 2 MiB to fit 1600x1600 as JPEG, keeping the aspect ratio', async () => {
    const png = await noisy(1080, 2400, 'png');
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
    const prepared = await prepareForVision(png);
    if (!prepared.ok) throw new Error(prepared.error.message);
    expect(prepared.value).toMatchObject({
      mimeType: 'image/jpeg',
      transformed: true,
      source: { format: 'png', widthPx: 1080, heightPx: 2400, bytes: png.length },
      sent: { widthPx: 720, heightPx: 1600 },
    });
    const sent = await sharp(prepared.value.data).metadata();
    expect([sent.format, sent.width, sent.height]).toEqual(['jpeg', 720, 1600]);
    expect(prepared.value.data.length).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it('always re-encodes WebP as JPEG, even when small', async () => {
    const prepared = await prepareForVision(await noisy(64, 32, 'webp'));
    expect(prepared).toMatchObject({
      ok: true,
      value: { mimeType: 'image/jpeg', transformed: true, sent: { widthPx: 64, heightPx: 32 } },
    });
  });

  it('refuses what is not an image, an image over 80 megapixels (from its header), and a broken one', async () => {
    expect(await prepareForVision(Buffer.from('<html>not an image</html>'))).toMatchObject({
      ok: false,
      error: { code: 'IMAGE_REFUSED', details: { reason: 'unsupported_format' } },
    });
    expect(await prepareForVision(pngClaiming(10_000, 9_000))).toMatchObject({
      ok: false,
      error: {
        code: 'IMAGE_REFUSED',
        details: { reason: 'too_many_pixels', widthPx: 10_000, heightPx: 9_000 },
      },
    });
    // Cut off: a large one fails to decode, a small one (which would pass unchanged) fails the whole-file check.
    for (const [width, height, format] of [
      [2000, 1500, 'png'],
      [40, 30, 'png'],
      [40, 30, 'jpeg'],
    ] as const) {
      const bytes = await noisy(width, height, format);
      expect(
        await prepareForVision(bytes.subarray(0, Math.floor(bytes.length / 2))),
        `${width} ${format}`,
      ).toMatchObject({
        ok: false,
        error: { code: 'IMAGE_REFUSED', details: { reason: 'unreadable' } },
      });
    }
  });

  it('fits sizes inside the box without enlarging', () => {
    expect(fitInside(1920, 1080, 1600)).toEqual({ widthPx: 1600, heightPx: 900 });
    expect(fitInside(800, 600, 1600)).toEqual({ widthPx: 800, heightPx: 600 });
  });
});

describe('view_screenshot', () => {
  let folder = '';
  const resolver: DeviceResolver = {
    resolve: () => {
      throw new Error('view_screenshot must not resolve a device');
    },
  };
  const view = (path: unknown) =>
    runTool(viewScreenshot, { arguments: { path }, resolver, approve: NO_APPROVER });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'androperator-vision-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('reads the format from the content, not the name, and answers with the image and summary', async () => {
    const path = join(folder, 'looks-like.jpg');
    const png = await noisy(40, 30, 'png');
    await writeFile(path, png);
    const result = await view(path);
    expect(result).toMatchObject({
      ok: true,
      value: {
        kind: 'view_screenshot',
        path,
        source: { format: 'png' },
        image: { mime_type: 'image/png', bytes: png.length, data_base64: png.toString('base64') },
        summary: `source=40x30, sent=40x30, bytes=${png.length}, transformed=false`,
      },
    });
  });

  it('refuses a relative path, a missing file, a folder, a link and a non-image with structured errors', async () => {
    const image = join(folder, 'real.png');
    await writeFile(image, await noisy(8, 8, 'png'));
    const link = join(folder, 'link.png');
    await symlink(image, link);
    const text = join(folder, 'notes.png');
    await writeFile(text, 'not a picture');
    expect(await view('shots/a.png')).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(await view(join(folder, 'missing.png'))).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await view(folder)).toMatchObject({
      ok: false,
      error: { code: 'IMAGE_REFUSED', details: { reason: 'not_a_file' } },
    });
    expect(await view(link)).toMatchObject({
      ok: false,
      error: { code: 'IMAGE_REFUSED', details: { reason: 'not_a_file' } },
    });
    expect(await view(text)).toMatchObject({
      ok: false,
      error: { code: 'IMAGE_REFUSED', details: { reason: 'unsupported_format', path: text } },
    });
    expect(await view(image)).toMatchObject({ ok: true });
  });
});
