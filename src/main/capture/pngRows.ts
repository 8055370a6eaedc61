// Decodes only the top rows of a PNG: the panel sits near the top of the screen, so the capture check need not
// inflate and unfilter the whole 1080x2400 image (a full pngjs decode costs ~80 ms; the top rows a few ms).
import { constants, createInflate, inflateSync } from 'node:zlib';
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

/**
 * Reverses, in place, the PNG row filters of the rows among the first `rows` that the wanted rows need (rows the
 * caller does not read keep their filtered bytes). False for an unknown filter type.
 */
function unfilterInPlace(
  raw: Buffer,
  width: number,
  rows: number,
  channels: number,
  wanted: (y: number) => boolean,
): boolean {
  // Typed-array reads below are in bounds by construction (row lengths come from the header), hence the `!`s.
  const stride = width * channels;
  const needed = rowsToUnfilter(raw, stride, rows, wanted);
  const zeros = new Uint8Array(stride);
  const rowAt = (y: number): Uint8Array =>
    new Uint8Array(raw.buffer, raw.byteOffset + y * (stride + 1) + 1, stride);
  for (let y = 0; y < rows; y += 1) {
    if (needed[y] === 0) continue;
    // A row whose filter reads the row above is needed only once that row is unfiltered (rowsToUnfilter).
    const previous = y > 0 && needed[y - 1] === 1 ? rowAt(y - 1) : zeros;
    if (!unfilterRow(raw[y * (stride + 1)]!, rowAt(y), previous, channels)) return false;
  }
  return true;
}

/** Inflates just enough of the IDAT stream for `needed` bytes, growing the compressed prefix until they come out. */
function inflatePrefix(idat: Buffer, needed: number, total: number): Buffer | null {
  // A lean first guess: the top of a screen (status bar, toolbar) usually compresses far better than the average
  // row, so even 60% of the proportional prefix tends to yield the rows with room to spare.
  let take = Math.min(idat.length, Math.ceil((idat.length * needed * 0.6) / total) + 8192);
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
    // Short: what this prefix yielded says how much more to take (with a margin), instead of blind doubling.
    const perByte = Math.max(output.length, 1) / take;
    take = Math.min(idat.length, Math.max(take + 8192, Math.ceil((needed / perByte) * 1.25) + 8192));
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

/** The inflated rows, unfiltered where needed, read in place: no RGBA copy of the image is made. */
function finishFast(plan: FastPath, raw: Buffer | null, wanted: (y: number) => boolean): DecodedRows | null {
  const { width, height } = plan.header;
  const { channels } = plan;
  if (raw === null || !unfilterInPlace(raw, width, plan.rows, channels, wanted))
    return fullDecode(plan.bytes);
  const rowBytes = width * channels + 1;
  return { width, height, rows: plan.rows, data: raw, offset: (x, y) => y * rowBytes + 1 + x * channels };
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
 * decodePngRows with the inflating done on libuv's thread pool and stopped exactly when enough rows came out.
 * Screens compress unevenly (a status bar and toolbar far better than a photo below), so a prefix sized in
 * proportion to the rows inflates ~2.5x what is needed; an output buffer of the rows' size stops at them.
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

/**
 * Inflates `idat` until `needed` bytes came out (or null when the stream ends first or fails), in one pass through the
 * thread pool: the whole stream is written at once into an output buffer of exactly `needed` bytes; zlib stops when
 * that buffer is full and hands it over, and the inflater is destroyed before it asks for more.
 */
function inflateUntil(idat: Buffer, needed: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const inflater = createInflate({ chunkSize: Math.max(constants.Z_MIN_CHUNK, needed) });
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
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
      if (length >= needed) settle(joined(chunks, length));
    });
    inflater.on('error', () => settle(length >= needed ? joined(chunks, length) : null));
    inflater.on('end', () => settle(length >= needed ? joined(chunks, length) : null));
    inflater.end(idat);
  });
}

/** The chunks as one buffer: a view when they are adjacent slices of one buffer (as zlib emits them), else a copy. */
function joined(chunks: readonly Buffer[], length: number): Buffer {
  const first = chunks[0];
  if (first === undefined) return Buffer.alloc(0);
  let end = first.byteOffset;
  const adjacent = chunks.every((chunk) => {
    const next = chunk.buffer === first.buffer && chunk.byteOffset === end;
    end += chunk.length;
    return next;
  });
  return adjacent ? Buffer.from(first.buffer, first.byteOffset, length) : Buffer.concat(chunks, length);
}
