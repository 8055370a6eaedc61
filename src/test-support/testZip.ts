// An independent ZIP reader for tests: walks the end record and central directory, inflates each entry.
import { crc32, inflateRawSync } from 'node:zlib';

export interface ReadEntry {
  name: string;
  method: number;
  data: Buffer;
  /** Unix mode from the external attributes. */
  mode: number;
}

/** Entries of `archive`; throws when a signature, size or CRC does not match. */
export function readZip(archive: Uint8Array): ReadEntry[] {
  const bytes = Buffer.from(archive);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end !== bytes.length - 22) throw new Error('no end of central directory record');
  const count = bytes.readUInt16LE(end + 10);
  let cursor = bytes.readUInt32LE(end + 16);
  if (cursor + bytes.readUInt32LE(end + 12) !== end) throw new Error('central directory size mismatch');
  const entries: ReadEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (bytes.readUInt32LE(cursor) !== 0x02014b50) throw new Error(`bad central header ${index}`);
    const method = bytes.readUInt16LE(cursor + 10);
    const crc = bytes.readUInt32LE(cursor + 16);
    const compressedSize = bytes.readUInt32LE(cursor + 20);
    const size = bytes.readUInt32LE(cursor + 24);
    const nameLength = bytes.readUInt16LE(cursor + 28);
    const extraLength = bytes.readUInt16LE(cursor + 30);
    const commentLength = bytes.readUInt16LE(cursor + 32);
    const mode = bytes.readUInt32LE(cursor + 38) >>> 16;
    const local = bytes.readUInt32LE(cursor + 42);
    const name = bytes.toString('utf8', cursor + 46, cursor + 46 + nameLength);
    if (bytes.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    if (bytes.readUInt32LE(local + 14) !== crc) throw new Error(`local CRC differs for ${name}`);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const body = bytes.subarray(start, start + compressedSize);
    const data = method === 8 ? inflateRawSync(body) : Buffer.from(body);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`size or CRC mismatch for ${name}`);
    entries.push({ name, method, data, mode });
    cursor += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
