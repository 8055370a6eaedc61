// Just enough of the zip format to read one entry of an APK: the central directory, stored or deflated data.
import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65535. */
const MAX_END_SEARCH = 22 + 0xffff;

function findEndOfDirectory(zip: Buffer): number | undefined {
  const lowest = Math.max(0, zip.length - MAX_END_SEARCH);
  for (let offset = zip.length - 22; offset >= lowest; offset -= 1)
    if (zip.readUInt32LE(offset) === END_OF_DIRECTORY) return offset;
  return undefined;
}

/** The uncompressed bytes of entry `name`, or undefined when the zip is malformed or has no such entry. */
export function readZipEntry(zip: Buffer, name: string): Buffer | undefined {
  try {
    const end = findEndOfDirectory(zip);
    if (end === undefined) return undefined;
    const count = zip.readUInt16LE(end + 10);
    let offset = zip.readUInt32LE(end + 16);
    for (let index = 0; index < count; index += 1) {
      if (zip.readUInt32LE(offset) !== DIRECTORY_ENTRY) return undefined;
      const method = zip.readUInt16LE(offset + 10);
      const compressedSize = zip.readUInt32LE(offset + 20);
      const nameLength = zip.readUInt16LE(offset + 28);
      const extraLength = zip.readUInt16LE(offset + 30);
      const commentLength = zip.readUInt16LE(offset + 32);
      const localOffset = zip.readUInt32LE(offset + 42);
      const entryName = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
      offset += 46 + nameLength + extraLength + commentLength;
      if (entryName !== name) continue;
      if (zip.readUInt32LE(localOffset) !== LOCAL_HEADER) return undefined;
      const dataStart =
        localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      if (data.length !== compressedSize) return undefined;
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      return undefined;
    }
    return undefined;
  } catch {
    // Any out-of-range read or inflate error means a damaged zip: treated like a missing entry.
    return undefined;
  }
}
