// A PNG encoder for frames that differ from a static base only in a few keyed row ranges (clock, panel).
// Why: a simulated screen changes in a small area between captures, yet a whole 1080x2400 PNG encode costs
// ~100 ms of CPU; with eight simulated phones on two cores that, not the console, would be measured.
// Each band of rows is deflated on its own and ended with a full flush, so compressed bands can be reused and
// joined into one valid zlib stream; the stream's Adler-32 is combined from the bands' checksums. A band no overlay
// touches is the base's band, compressed once; a band whose overlays are the same as in the previous frame is that
// frame's band, not read again.
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

// Async deflate runs on libuv's thread pool, so a large first frame does not block the event loop.
const deflateRawAsync = promisify(deflateRaw);

/** Rows per band: small enough that a panel re-encodes little more than its own rows. */
export const BAND_ROWS = 16;
const ADLER_MOD = 65521;

interface Band {
  compressed: Buffer;
  adler: number;
  length: number;
}

/** Bytes between reductions of the sums: the most that cannot overflow 32 bits (zlib's NMAX). */
const ADLER_BLOCK = 5552;

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let start = 0; start < data.length; start += ADLER_BLOCK) {
    const end = Math.min(data.length, start + ADLER_BLOCK);
    for (let i = start; i < end; i += 1) {
      a += data[i]!;
      b += a;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return ((b << 16) | a) >>> 0;
}

/** adler32(A + B) from adler32(A), adler32(B) and B's length (zlib's adler32_combine). */
function combineAdler(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_MOD;
  let a1 = first & 0xffff;
  let b1 = (first >>> 16) & 0xffff;
  const a2 = second & 0xffff;
  const b2 = (second >>> 16) & 0xffff;
  b1 = (b1 + remainder * a1) % ADLER_MOD;
  a1 = (a1 + a2 + ADLER_MOD - 1) % ADLER_MOD;
  b1 = (b1 + b2 + ADLER_MOD - remainder) % ADLER_MOD;
  return ((b1 << 16) | a1) >>> 0;
}

/** Rows of RGBA with a filter byte before each: Sub (1) for the base's bands, None (0) for a frame's. */
function filterRows(rgba: Buffer, width: number, rows: number, sub: boolean): Buffer {
  const stride = width * 4;
  const out = Buffer.allocUnsafe(rows * (stride + 1));
  for (let row = 0; row < rows; row += 1) {
    const source = row * stride;
    const target = row * (stride + 1);
    out[target] = sub ? 1 : 0;
    if (!sub) {
      rgba.copy(out, target + 1, source, source + stride);
      continue;
    }
    for (let i = 0; i < 4; i += 1) out[target + 1 + i] = rgba[source + i]!;
    for (let i = 4; i < stride; i += 1)
      out[target + 1 + i] = (rgba[source + i]! - rgba[source + i - 4]!) & 0xff;
  }
  return out;
}

/**
 * Deflate levels: the base's bands are compressed once, so they get zlib's default; a frame's changed bands are
 * compressed on every capture, where level 1 is ~3.5x faster for ~10% more bytes on UI pixels.
 */
export const BASE_LEVEL = 6;
export const FRAME_LEVEL = 1;

async function compressBand(pixels: Buffer, width: number, rows: number, level: number): Promise<Band> {
  const filtered = filterRows(pixels, width, rows, level === BASE_LEVEL);
  const options = { level, finishFlush: constants.Z_FULL_FLUSH };
  // A frame's few bands deflate faster in place than through the thread pool's hand-offs.
  const compressed =
    level === BASE_LEVEL ? await deflateRawAsync(filtered, options) : deflateRawSync(filtered, options);
  return { compressed, adler: adler32(filtered), length: filtered.length };
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
// An empty final stored block ends the deflate stream after the bands' full-flush blocks.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * Rows [top, bottom) of a frame drawn over the base; `key` names what is drawn there, exactly: two frames whose
 * overlays on a band have equal keys and rows have equal pixels in that band.
 */
export interface Overlay {
  top: number;
  bottom: number;
  key: string;
}

/** Reads RGBA rows [top, top + rows) as width x rows x 4 unpremultiplied bytes. */
export type RowReader = (top: number, rows: number) => Buffer;

/** Consecutive band indexes, so each run of bands is read with one call. */
function runsOf(indexes: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const index of indexes) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[1] === index) last[1] = index + 1;
    else runs.push([index, index + 1]);
  }
  return runs;
}

/** Encodes successive frames of one size; bands that did not change are not read or compressed again. */
export class BandedPngEncoder {
  /** The base's bands, compressed the first time a frame shows the base there. */
  private readonly baseBands: Array<Band | undefined> = [];
  /** The previous frame's overlay bands and the overlay signature each was drawn with. */
  private frameBands: Array<{ signature: string; band: Band } | undefined> = [];
  /** How many bands the last encode had to compress (the rest were reused). */
  recompressedBands = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private get bandCount(): number {
    return Math.ceil(this.height / BAND_ROWS);
  }

  private rowsOf(index: number): number {
    return Math.min(BAND_ROWS, this.height - index * BAND_ROWS);
  }

  /** Reads the bands of `indexes` in runs and compresses each; the reader is called before anything awaits. */
  private compressBands(
    indexes: readonly number[],
    read: RowReader,
    level: number,
  ): Map<number, Promise<Band>> {
    const stride = this.width * 4;
    const bands = new Map<number, Promise<Band>>();
    for (const [first, end] of runsOf(indexes)) {
      const top = first * BAND_ROWS;
      const rows = Math.min(this.height, end * BAND_ROWS) - top;
      const pixels = read(top, rows);
      for (let index = first; index < end; index += 1) {
        const offset = (index - first) * BAND_ROWS * stride;
        const bandRows = this.rowsOf(index);
        bands.set(
          index,
          compressBand(pixels.subarray(offset, offset + bandRows * stride), this.width, bandRows, level),
        );
      }
    }
    return bands;
  }

  /**
   * Encodes a frame that is the base outside `overlays`. Only bands whose overlays differ from the previous frame's
   * are read (through `readFrame`, in runs) and compressed; bands with no overlay are the base's, read once through
   * `readBase`. Both readers are called synchronously, before this method first awaits.
   */
  async encodeOver(overlays: readonly Overlay[], readFrame: RowReader, readBase: RowReader): Promise<Buffer> {
    // Read once, before any await: two frames encoding at once must each reuse the bands they were compared with.
    const previous = this.frameBands;
    const signatures: string[] = [];
    const changed: number[] = [];
    const missingBase: number[] = [];
    for (let index = 0; index < this.bandCount; index += 1) {
      const top = index * BAND_ROWS;
      const bottom = top + this.rowsOf(index);
      const touching = overlays.filter((overlay) => overlay.top < bottom && overlay.bottom > top);
      const signature = touching.length === 0 ? '' : JSON.stringify(touching);
      signatures.push(signature);
      if (signature === '') {
        if (this.baseBands[index] === undefined) missingBase.push(index);
      } else if (previous[index]?.signature !== signature) changed.push(index);
    }
    const fromFrame = this.compressBands(changed, readFrame, FRAME_LEVEL);
    const fromBase = this.compressBands(missingBase, readBase, BASE_LEVEL);
    const bands = await Promise.all(
      signatures.map(async (signature, index) => {
        if (signature === '') {
          const band = this.baseBands[index] ?? (await fromBase.get(index)!);
          this.baseBands[index] = band;
          return band;
        }
        const band = (await fromFrame.get(index)) ?? previous[index]!.band;
        return band;
      }),
    );
    this.frameBands = signatures.map((signature, index) =>
      signature === '' ? undefined : { signature, band: bands[index]! },
    );
    this.recompressedBands = changed.length + missingBase.length;
    return this.assemble(bands);
  }

  /** The PNG, written straight into one buffer (every capture assembles ~200 KB; copies add up). */
  private assemble(bands: readonly Band[]): Buffer {
    let adler = 1;
    let compressed = 0;
    for (const band of bands) {
      adler = combineAdler(adler, band.adler, band.length);
      compressed += band.compressed.length;
    }
    const idatLength = ZLIB_HEADER.length + compressed + FINAL_BLOCK.length + 4;
    // Signature, IHDR (8 + 13 + 4), IDAT (8 + data + 4), IEND (8 + 4).
    const png = Buffer.allocUnsafe(SIGNATURE.length + 25 + 12 + idatLength + 12);
    let at = SIGNATURE.copy(png, 0);
    const startChunk = (type: string, length: number): number => {
      png.writeUInt32BE(length, at);
      png.write(type, at + 4, 'latin1');
      at += 8;
      return at - 4;
    };
    const endChunk = (typeAt: number): void => {
      png.writeUInt32BE(crc32(png.subarray(typeAt, at)), at);
      at += 4;
    };
    const ihdr = startChunk('IHDR', 13);
    png.writeUInt32BE(this.width, at);
    png.writeUInt32BE(this.height, at + 4);
    // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filters, no interlace.
    png.set([8, 6, 0, 0, 0], at + 8);
    at += 13;
    endChunk(ihdr);
    const idat = startChunk('IDAT', idatLength);
    at += ZLIB_HEADER.copy(png, at);
    for (const band of bands) at += band.compressed.copy(png, at);
    at += FINAL_BLOCK.copy(png, at);
    png.writeUInt32BE(adler, at);
    at += 4;
    endChunk(idat);
    endChunk(startChunk('IEND', 0));
    return png;
  }
}
