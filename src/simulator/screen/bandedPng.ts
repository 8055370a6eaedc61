// A PNG encoder that re-compresses only the bands of rows that changed since the previous frame.
// Why: a simulated screen changes in a small area (clock, panel) between captures, yet a whole 1080x2400 PNG
// encode costs ~100 ms of CPU; with eight simulated phones on two cores that, not the console, would be measured.
// Each band is deflated on its own and ended with a full flush, so compressed bands can be reused and joined
// into one valid zlib stream; the stream's Adler-32 is combined from the bands' checksums.
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

// Async deflate runs on libuv's thread pool, so a large first frame does not block the event loop.
const deflateRawAsync = promisify(deflateRaw);

const BAND_ROWS = 48;
const ADLER_MOD = 65521;

interface Band {
  pixels: Buffer;
  compressed: Buffer;
  adler: number;
  length: number;
}

function adler32(data: Buffer): number {
  let a = 1;
  let b = 0;
  // Sums stay below 2^53 for blocks of 3800 bytes; reduce per block rather than per byte.
  for (let start = 0; start < data.length; start += 3800) {
    const end = Math.min(data.length, start + 3800);
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

/** Rows of RGBA with the Sub filter (good for flat UI colours), each row prefixed with its filter byte. */
function filterRows(rgba: Buffer, width: number, firstRow: number, rows: number): Buffer {
  const stride = width * 4;
  const out = Buffer.allocUnsafe(rows * (stride + 1));
  for (let row = 0; row < rows; row += 1) {
    const source = (firstRow + row) * stride;
    const target = row * (stride + 1);
    out[target] = 1;
    for (let i = 0; i < 4; i += 1) out[target + 1 + i] = rgba[source + i]!;
    for (let i = 4; i < stride; i += 1)
      out[target + 1 + i] = (rgba[source + i]! - rgba[source + i - 4]!) & 0xff;
  }
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 0);
  header.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(Buffer.from(type, 'latin1'))), 0);
  return Buffer.concat([header, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
// An empty final stored block ends the deflate stream after the bands' full-flush blocks.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Row ranges [top, bottom) of a frame that may differ from its static base. */
export type DirtyRows = ReadonlyArray<readonly [number, number]>;

function touches(dirty: DirtyRows, top: number, bottom: number): boolean {
  return dirty.some(([from, to]) => from < bottom && to > top);
}

/** Encodes successive frames of one size; bands equal to the previous frame's are not compressed again. */
export class BandedPngEncoder {
  private bands: Band[] = [];
  /** The dirty rows of the frame `bands` came from ('all' until a whole frame was read). */
  private bandsDirty: DirtyRows | 'all' = 'all';
  /** How many bands the last encode had to compress (the rest were reused). */
  recompressedBands = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** `rgba` is width x height x 4 bytes, unpremultiplied. */
  encode(rgba: Buffer): Promise<Buffer> {
    const stride = this.width * 4;
    return this.encodeRows((top, rows) => rgba.subarray(top * stride, (top + rows) * stride), 'all');
  }

  /**
   * Encodes a frame that equals the encoder's static base outside `dirty`: bands outside it (and outside the dirty
   * rows of the frame the cached bands came from) are reused without reading a pixel. `readRows(top, rows)` returns
   * RGBA rows [top, top + rows) of the frame.
   */
  async encodeRows(
    readRows: (top: number, rows: number) => Buffer,
    dirty: DirtyRows | 'all',
  ): Promise<Buffer> {
    const pending: Array<Promise<Band>> = [];
    let recompressed = 0;
    const previousDirty = this.bandsDirty;
    for (let index = 0, row = 0; row < this.height; index += 1, row += BAND_ROWS) {
      const rows = Math.min(BAND_ROWS, this.height - row);
      const previous = this.bands[index];
      const clean =
        dirty !== 'all' &&
        previousDirty !== 'all' &&
        !touches(dirty, row, row + rows) &&
        !touches(previousDirty, row, row + rows);
      if (previous !== undefined && clean) {
        pending.push(Promise.resolve(previous));
        continue;
      }
      const pixels = readRows(row, rows);
      if (previous !== undefined && previous.pixels.equals(pixels)) {
        pending.push(Promise.resolve(previous));
        continue;
      }
      recompressed += 1;
      const filtered = filterRows(pixels, this.width, 0, rows);
      const copy = Buffer.from(pixels);
      pending.push(
        deflateRawAsync(filtered, { level: 6, finishFlush: constants.Z_FULL_FLUSH }).then((compressed) => ({
          pixels: copy,
          compressed,
          adler: adler32(filtered),
          length: filtered.length,
        })),
      );
    }
    const next = await Promise.all(pending);
    this.bands = next;
    this.bandsDirty = dirty;
    this.recompressedBands = recompressed;
    let adler = 1;
    for (const band of next) adler = combineAdler(adler, band.adler, band.length);
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32BE(adler, 0);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bit depth
    header[9] = 6; // RGBA
    const idat = Buffer.concat([ZLIB_HEADER, ...next.map((band) => band.compressed), FINAL_BLOCK, trailer]);
    return Buffer.concat([
      SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', idat),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}
