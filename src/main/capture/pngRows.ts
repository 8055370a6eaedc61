// Decodes only the top rows of a PNG: the panel sits near the top of the screen, so the capture check need not
// inflate and unfilter the whole 1080x2400 image (a full pngjs decode costs ~80 ms; the top rows a few ms).
import { constants, createInflate, inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

/** RGBA pixels of rows [0, rows) of an image `width` x `height`. */
export interface DecodedRows {
  width: number;
  height: number;
  rows: number;
  data: Uint8Array;
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
  return header === null ? null : { header, idat: Buffer.concat(parts) };
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

/**
 * Which rows must be unfiltered so that every `wanted` row can be: a row filtered with Up, Average or Paeth needs the
 * row above it; None and Sub rows stand alone. (Simulated screens use Sub everywhere, so only sampled rows are done.)
 */
function rowsToUnfilter(
  raw: Buffer,
  stride: number,
  rows: number,
  wanted: (y: number) => boolean,
): Uint8Array {
  const needed = new Uint8Array(rows);
  let next: boolean = false;
  for (let y = rows - 1; y >= 0; y -= 1) {
    const nextFilter = y + 1 < rows ? raw[(y + 1) * (stride + 1)]! : 0;
    const neededByNext: boolean = next && nextFilter >= 2;
    next = wanted(y) || neededByNext;
    needed[y] = next ? 1 : 0;
  }
  return needed;
}

/** Reverses the PNG row filters of the needed rows among the first `rows` and widens them to RGBA (others stay 0). */
function unfilter(
  raw: Buffer,
  width: number,
  rows: number,
  channels: number,
  wanted: (y: number) => boolean,
): Uint8Array | null {
  // Typed-array reads below are in bounds by construction (row lengths come from the header), hence the `!`s.
  const stride = width * channels;
  const out = new Uint8Array(width * rows * 4);
  const needed = rowsToUnfilter(raw, stride, rows, wanted);
  const zeros = new Uint8Array(stride);
  let previous = zeros;
  for (let y = 0; y < rows; y += 1) {
    if (needed[y] === 0) {
      previous = zeros;
      continue;
    }
    const start = y * (stride + 1);
    const current = new Uint8Array(raw.buffer, raw.byteOffset + start + 1, stride).slice();
    if (!unfilterRow(raw[start]!, current, previous, channels)) return null;
    let target = y * width * 4;
    if (channels === 4) out.set(current, target);
    else
      for (let source = 0; source < stride; source += 3, target += 4) {
        out[target] = current[source]!;
        out[target + 1] = current[source + 1]!;
        out[target + 2] = current[source + 2]!;
        out[target + 3] = 255;
      }
    previous = current;
  }
  return out;
}

/** Inflates just enough of the IDAT stream for `needed` bytes, growing the compressed prefix until they come out. */
function inflatePrefix(idat: Buffer, needed: number, total: number): Buffer | null {
  // A generous first guess: inflating a few extra rows is cheaper than inflating the prefix twice.
  let take = Math.min(idat.length, Math.ceil((idat.length * needed * 1.5) / total) + 16384);
  for (;;) {
    let output: Buffer;
    try {
      // A sync flush returns what a truncated stream yields so far instead of failing on the missing end.
      output = inflateSync(idat.subarray(0, take), { finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      return null;
    }
    if (output.length >= needed) return output;
    if (take >= idat.length) return null;
    take = Math.min(idat.length, take * 2);
  }
}

/** The image size from the IHDR chunk, or null when `png` is not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const parsed = parse(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  return parsed === null ? null : { width: parsed.header.width, height: parsed.header.height };
}

/**
 * Decodes rows [0, rows) of `png` as RGBA. 8-bit RGB/RGBA non-interlaced images (what screencap writes) take the
 * fast path; anything else is decoded whole with pngjs. Null when the bytes are not a readable PNG.
 */
interface FastPath {
  bytes: Buffer;
  header: { width: number; height: number };
  idat: Buffer;
  rows: number;
  channels: number;
  needed: number;
  total: number;
}

/** Parses the PNG and decides whether the fast path applies; `full` means decode everything with pngjs. */
function planDecode(
  png: Uint8Array,
  rows: number,
): { kind: 'fast'; plan: FastPath } | { kind: 'full'; bytes: Buffer } | null {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const parsed = parse(bytes);
  if (parsed === null) return null;
  const { header, idat } = parsed;
  const wantedRows = Math.max(0, Math.min(header.height, Math.ceil(rows)));
  const channels = header.colorType === 6 ? 4 : header.colorType === 2 ? 3 : 0;
  if (header.bitDepth !== 8 || channels === 0 || header.interlace !== 0) return { kind: 'full', bytes };
  const rowBytes = header.width * channels + 1;
  return {
    kind: 'fast',
    plan: {
      bytes,
      header,
      idat,
      rows: wantedRows,
      channels,
      needed: wantedRows * rowBytes,
      total: header.height * rowBytes,
    },
  };
}

function fullDecode(bytes: Buffer): DecodedRows | null {
  try {
    const full = PNG.sync.read(bytes);
    return { width: full.width, height: full.height, rows: full.height, data: full.data };
  } catch {
    return null;
  }
}

function finishFast(plan: FastPath, raw: Buffer | null, wanted: (y: number) => boolean): DecodedRows | null {
  const data = raw === null ? null : unfilter(raw, plan.header.width, plan.rows, plan.channels, wanted);
  if (data === null) return fullDecode(plan.bytes);
  return { width: plan.header.width, height: plan.header.height, rows: plan.rows, data };
}

/**
 * Decodes rows [0, rows) of `png` as RGBA. 8-bit RGB/RGBA non-interlaced images (what screencap writes) take the
 * fast path; anything else is decoded whole with pngjs. Null when the bytes are not a readable PNG.
 */
export function decodePngRows(
  png: Uint8Array,
  rows: number,
  /** Rows the caller will read; others may be left unfiltered (zeros). Default: every row. */
  wanted: (y: number) => boolean = () => true,
): DecodedRows | null {
  const planned = planDecode(png, rows);
  if (planned === null) return null;
  if (planned.kind === 'full') return fullDecode(planned.bytes);
  const { plan } = planned;
  return finishFast(plan, inflatePrefix(plan.idat, plan.needed, plan.total), wanted);
}

/**
 * decodePngRows with the inflating done on libuv's thread pool and stopped as soon as enough rows came out, so the
 * event loop stays free for the device work running alongside (the sequence checks a capture while clear runs).
 */
export async function decodePngRowsAsync(
  png: Uint8Array,
  rows: number,
  wanted: (y: number) => boolean = () => true,
): Promise<DecodedRows | null> {
  const planned = planDecode(png, rows);
  if (planned === null) return null;
  if (planned.kind === 'full') return fullDecode(planned.bytes);
  const { plan } = planned;
  return finishFast(plan, await inflateUntil(plan.idat, plan.needed), wanted);
}

const FEED_BYTES = 16384;

/** Streams `idat` through an inflater until `needed` bytes came out (or null when the stream ends first or fails). */
function inflateUntil(idat: Buffer, needed: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const inflater = createInflate();
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    let offset = 0;
    const settle = (value: Buffer | null): void => {
      if (settled) return;
      settled = true;
      inflater.removeAllListeners('data');
      inflater.on('error', () => undefined);
      inflater.destroy();
      resolve(value);
    };
    inflater.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= needed) settle(Buffer.concat(chunks, length));
    });
    inflater.on('error', () => settle(length >= needed ? Buffer.concat(chunks, length) : null));
    inflater.on('end', () => settle(length >= needed ? Buffer.concat(chunks, length) : null));
    const feed = (): void => {
      while (!settled && offset < idat.length) {
        const slice = idat.subarray(offset, offset + FEED_BYTES);
        offset += slice.length;
        if (!inflater.write(slice)) {
          inflater.once('drain', feed);
          return;
        }
      }
      if (!settled) inflater.end();
    };
    feed();
  });
}
