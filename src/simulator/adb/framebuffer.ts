import type { Duplex } from 'node:stream';
import type { DeviceShell } from './shellService';

// `framebuffer:` as adbd serves it: it runs `screencap` (raw), then writes a DDMS raw-image header (version 2:
// bpp, colour space, size, width, height, then offset/length pairs for red, blue, green, alpha) and the pixels.
// A failed capture closes the stream without a header, which clients report as "framebuffer disabled".

const DDMS_RAWIMAGE_VERSION = 2;
const RGBA_8888 = 1;
const HAL_DATASPACE_SRGB = 0x08810000;
const HAL_DATASPACE_DISPLAY_P3 = 0x08a20000;
/** The colour-space word of the v2 header: 0 unknown, 1 sRGB, 2 Display P3. */
const COLOR_SPACE = { unknown: 0, srgb: 1, displayP3: 2 } as const;

export function serveFramebuffer(stream: Duplex & { signal: AbortSignal }, shell: DeviceShell): void {
  stream.resume();
  const chunks: Buffer[] = [];
  const collect = (chunk: Uint8Array | string): void => {
    if (typeof chunk !== 'string') chunks.push(Buffer.from(chunk));
  };
  const close = (): void => {
    if (!stream.writableEnded && !stream.destroyed) stream.end();
  };
  void shell
    .run('screencap', { stdout: collect, stderr: () => undefined, signal: stream.signal })
    .then((status) => {
      const image = rawImage(Buffer.concat(chunks));
      if (status !== 0 || !image || stream.destroyed) return close();
      stream.end(Buffer.concat([header(image), image.pixels]));
    }, close);
}

interface RawImage {
  width: number;
  height: number;
  colorSpace: number;
  pixels: Buffer;
}

/** screencap's raw output: width, height, format and (API 28+) dataspace as u32le, then RGBA rows. */
function rawImage(raw: Buffer): RawImage | undefined {
  if (raw.length < 12) return undefined;
  const width = raw.readUInt32LE(0);
  const height = raw.readUInt32LE(4);
  if (raw.readUInt32LE(8) !== RGBA_8888) return undefined;
  const size = width * height * 4;
  const headerLength = raw.length - size;
  if (headerLength !== 12 && headerLength !== 16) return undefined;
  const dataspace = headerLength === 16 ? raw.readUInt32LE(12) : 0;
  const colorSpace =
    dataspace === HAL_DATASPACE_SRGB
      ? COLOR_SPACE.srgb
      : dataspace === HAL_DATASPACE_DISPLAY_P3
        ? COLOR_SPACE.displayP3
        : COLOR_SPACE.unknown;
  return { width, height, colorSpace, pixels: raw.subarray(headerLength) };
}

function header(image: RawImage): Buffer {
  // version, bpp, colorSpace, size, width, height, red (offset, length), blue, green, alpha.
  const words = [DDMS_RAWIMAGE_VERSION, 32, image.colorSpace, image.pixels.length, image.width, image.height];
  words.push(0, 8, 16, 8, 8, 8, 24, 8);
  const buffer = Buffer.alloc(words.length * 4);
  words.forEach((word, index) => buffer.writeUInt32LE(word, index * 4));
  return buffer;
}
