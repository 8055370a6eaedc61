// Decodes the top rows of a PNG: the panel sits near the top of the screen, so the capture check inflates the image
// data with zlib (~6 ms for a 1080x2400 screen) and unfilters only the rows down to the panel, where a full pngjs
// decode costs ~45-60 ms of JavaScript.
import { constants, inflate, inflateSync } from 'node:zlib';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';

/** Pixels of rows [0, rows) of an image `width` x `height`: pixel (x, y) is at offset(x, y) in `data`, R G B. */
export interface DecodedRows {
  width: number;
  height: number;
  rows: number;
  data: Uint8Array;
  /** Offset of the red byte of pixel (x, y); green and blue follow it. */
  offset(x: number, y: number): number;
}

interface Header {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function parse(bytes: Buffer): { header: Header; idat: Buffer } | null {
  if (bytes.length < 33 || !SIGNATURE.every((byte, index) => bytes[index] === byte)) return null;
  let header: Header | null = null;
  const parts: Buffer[] = [];
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR' && body.length >= 13) {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8] ?? 0,
        colorType: body[9] ?? 0,
        interlace: body[12] ?? 0,
      };
    } else if (type === 'IDAT') parts.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (header === null) return null;
  return { header, idat: parts.length === 1 && parts[0] !== undefined ? parts[0] : Buffer.concat(parts) };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Reverses one row's filter in place: `row` holds the filtered bytes, `previous` the row above (zeros for the first). */
function unfilterRow(filter: number, row: Uint8Array, previous: Uint8Array, channels: number): boolean {
  const length = row.length;
  switch (filter) {
    case 0:
      return true;
    case 1:
      for (let i = channels; i < length; i += 1) row[i] = (row[i]! + row[i - channels]!) & 0xff;
      return true;
    case 2:
      for (let i = 0; i < length; i += 1) row[i] = (row[i]! + previous[i]!) & 0xff;
      return true;
    case 3:
      for (let i = 0; i < length; i += 1) {
        const left = i >= channels ? row[i - channels]! : 0;
        row[i] = (row[i]! + ((left + previous[i]!) >> 1)) & 0xff;
      }
      return true;
    case 4:
      for (let i = 0; i < length; i += 1) {
        const left = i >= channels ? row[i - channels]! : 0;
        const upLeft = i >= channels ? previous[i - channels]! : 0;
        row[i] = (row[i]! + paeth(left, previous[i]!, upLeft)) & 0xff;
      }
      return true;
    default:
      return false;
  }
}

/** Reverses, in place, the row filters of rows [0, rows). False for an unknown filter type. */
function unfilterRows(raw: Buffer, width: number, rows: number, channels: number): boolean {
  // Typed-array reads are in bounds by construction (row lengths come from the header), hence the `!`s.
  const stride = width * channels;
  const rowAt = (y: number): Uint8Array =>
    new Uint8Array(raw.buffer, raw.byteOffset + y * (stride + 1) + 1, stride);
  let previous: Uint8Array = new Uint8Array(stride);
  for (let y = 0; y < rows; y += 1) {
    const row = rowAt(y);
    if (!unfilterRow(raw[y * (stride + 1)]!, row, previous, channels)) return false;
    previous = row;
  }
  return true;
}

/** The image size from the IHDR chunk, or null when `png` is not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const parsed = parse(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  return parsed === null ? null : { width: parsed.header.width, height: parsed.header.height };
}

interface RowsPlan {
  header: Header;
  idat: Buffer;
  rows: number;
  channels: number;
  /** zlib options: an output chunk as large as the whole image, so inflating is one pass, not one per 16 KiB. */
  zlib: { chunkSize: number };
}

/** 8-bit RGB/RGBA non-interlaced images (what screencap writes) are read row by row; others decode whole with pngjs. */
function planDecode(
  png: Uint8Array,
  rows: number,
): { kind: 'rows'; plan: RowsPlan } | { kind: 'full' } | null {
  const parsed = parse(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  if (parsed === null) return null;
  const { header, idat } = parsed;
  const channels = header.colorType === 6 ? 4 : header.colorType === 2 ? 3 : 0;
  if (header.bitDepth !== 8 || channels === 0 || header.interlace !== 0) return { kind: 'full' };
  const wanted = Math.max(0, Math.min(header.height, Math.ceil(rows)));
  const chunkSize = Math.max(constants.Z_MIN_CHUNK, header.height * (header.width * channels + 1));
  return { kind: 'rows', plan: { header, idat, rows: wanted, channels, zlib: { chunkSize } } };
}

function fullDecode(png: Uint8Array): DecodedRows | null {
  try {
    const full = PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    const { width } = full;
    return {
      width,
      height: full.height,
      rows: full.height,
      data: full.data,
      offset: (x, y) => (y * width + x) * 4,
    };
  } catch {
    return null;
  }
}

/** The inflated image data, unfiltered down to the rows asked for and read in place (no RGBA copy). */
function rowsOf(png: Uint8Array, plan: RowsPlan, raw: Buffer | null): DecodedRows | null {
  const { width, height } = plan.header;
  const { channels, rows } = plan;
  const rowBytes = width * channels + 1;
  if (raw === null || raw.length < rows * rowBytes || !unfilterRows(raw, width, rows, channels))
    return fullDecode(png);
  return { width, height, rows, data: raw, offset: (x, y) => y * rowBytes + 1 + x * channels };
}

/** Decodes rows [0, rows) of `png` (clamped to its height). Null when the bytes are not a readable PNG. */
export function decodePngRows(png: Uint8Array, rows: number): DecodedRows | null {
  const planned = planDecode(png, rows);
  if (planned === null) return null;
  if (planned.kind === 'full') return fullDecode(png);
  let raw: Buffer | null;
  try {
    raw = inflateSync(planned.plan.idat, planned.plan.zlib);
  } catch {
    raw = null;
  }
  return rowsOf(png, planned.plan, raw);
}

const inflateAsync = promisify(inflate);

/** decodePngRows with the inflating done on libuv's thread pool, off the event loop (same answers). */
export async function decodePngRowsAsync(png: Uint8Array, rows: number): Promise<DecodedRows | null> {
  const planned = planDecode(png, rows);
  if (planned === null) return null;
  if (planned.kind === 'full') return fullDecode(png);
  const raw = await inflateAsync(planned.plan.idat, planned.plan.zlib).catch(() => null);
  return rowsOf(png, planned.plan, raw);
}
