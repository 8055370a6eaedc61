// PNG structure checks that need no decoding: signature, IHDR (size) and a closing IEND chunk.
import { crc32 } from 'node:zlib';
import { ok, type Result } from '../../shared/errors';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** An empty IEND chunk: length 0, type, CRC. */
const IEND_CHUNK = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
const IHDR_DATA_LENGTH = 13;
const MAX_DIMENSION = 0x7fffffff;
/** Signature + IHDR chunk (8 + 4 + 4 + 13 + 4) + IEND chunk. */
const MIN_PNG_LENGTH = SIGNATURE.length + 25 + IEND_CHUNK.length;

/** The image size from IHDR, or why the bytes are not a complete PNG. */
export type PngCheck = Result<{ widthPx: number; heightPx: number }, string>;

function startsWith(bytes: Uint8Array, expected: readonly number[], at: number): boolean {
  return expected.every((value, index) => bytes[at + index] === value);
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) |
      ((bytes[at + 1] ?? 0) << 16) |
      ((bytes[at + 2] ?? 0) << 8) |
      (bytes[at + 3] ?? 0)) >>>
    0
  );
}

/**
 * Checks that `bytes` is a complete PNG and reads its size from IHDR. O(1): a truncated stream is caught by the
 * missing IEND, a corrupt header by the IHDR CRC; pixel data is not inflated.
 */
export function checkPng(bytes: Uint8Array): PngCheck {
  if (bytes.length < MIN_PNG_LENGTH)
    return { ok: false, error: `only ${bytes.length} bytes, too short for a PNG` };
  if (!startsWith(bytes, SIGNATURE, 0)) return { ok: false, error: 'the PNG signature is missing' };
  const ihdrLength = readUint32(bytes, 8);
  const ihdrType = String.fromCharCode(...bytes.subarray(12, 16));
  if (ihdrLength !== IHDR_DATA_LENGTH || ihdrType !== 'IHDR')
    return { ok: false, error: 'the first chunk is not a 13-byte IHDR' };
  const crc = readUint32(bytes, 16 + IHDR_DATA_LENGTH);
  if (crc32(bytes.subarray(12, 16 + IHDR_DATA_LENGTH)) !== crc)
    return { ok: false, error: 'the IHDR CRC does not match' };
  const widthPx = readUint32(bytes, 16);
  const heightPx = readUint32(bytes, 20);
  if (widthPx < 1 || heightPx < 1 || widthPx > MAX_DIMENSION || heightPx > MAX_DIMENSION)
    return { ok: false, error: `invalid image size ${widthPx}x${heightPx}` };
  if (!startsWith(bytes, IEND_CHUNK, bytes.length - IEND_CHUNK.length))
    return { ok: false, error: 'the PNG does not end with IEND (truncated capture)' };
  return ok({ widthPx, heightPx });
}

/** A printable preview of bytes that are not a PNG (screencap writes its error text instead). */
export function describeNonPng(bytes: Uint8Array, maxChars = 200): string {
  const text = Buffer.from(bytes.subarray(0, maxChars))
    .toString('utf8')
    .replace(/[^\x20-\x7e]+/g, ' ')
    .trim();
  return text.length > 0 ? text : `${bytes.length} bytes of binary data`;
}
