// A minimal ZIP writer (PKWARE APPNOTE 6.3: local headers, central directory, end record; no ZIP64, no encryption).
import { crc32, deflateRaw } from 'node:zlib';

function deflate(data: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    deflateRaw(data, (error, result) => (error === null ? resolve(result) : reject(error))),
  );
}

export interface ZipEntry {
  /** Path inside the archive, `/`-separated, ASCII. */
  name: string;
  data: Uint8Array;
  modifiedAt: Date;
}

const STORED = 0;
const DEFLATED = 8;
const VERSION = 20;
const UTF8_NAMES = 0x0800;
const LIMIT = 0xffffffff;
// Unix "made by" host with -rw------- permissions, matching the evidence files' mode.
const MADE_BY_UNIX = (3 << 8) | VERSION;
const FILE_ATTRIBUTES = (0o100600 << 16) >>> 0;

interface Packed {
  name: Buffer;
  method: number;
  crc: number;
  size: number;
  body: Uint8Array;
  time: number;
  date: number;
  offset: number;
}

/** MS-DOS time and date fields (local time, 2-second resolution, years 1980..2107). */
function dosDateTime(when: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, when.getFullYear()));
  const time = (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2);
  const date = ((year - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate();
  return { time, date };
}

// PNGs are already compressed: storing them avoids a pointless second deflate.
async function pack(entry: ZipEntry, offset: number): Promise<Packed> {
  const compressed = entry.name.endsWith('.png') ? null : await deflate(entry.data);
  const useDeflate = compressed !== null && compressed.length < entry.data.length;
  const body = useDeflate ? compressed : entry.data;
  if (entry.data.length >= LIMIT || body.length >= LIMIT)
    throw new RangeError(`${entry.name} is too large for ZIP`);
  return {
    name: Buffer.from(entry.name, 'utf8'),
    method: useDeflate ? DEFLATED : STORED,
    crc: crc32(entry.data),
    size: entry.data.length,
    body,
    ...dosDateTime(entry.modifiedAt),
    offset,
  };
}

function localHeader(file: Packed): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(file.method, 8);
  header.writeUInt16LE(file.time, 10);
  header.writeUInt16LE(file.date, 12);
  header.writeUInt32LE(file.crc, 14);
  header.writeUInt32LE(file.body.length, 18);
  header.writeUInt32LE(file.size, 22);
  header.writeUInt16LE(file.name.length, 26);
  header.writeUInt16LE(0, 28);
  return header;
}

function centralHeader(file: Packed): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(file.method, 10);
  header.writeUInt16LE(file.time, 12);
  header.writeUInt16LE(file.date, 14);
  header.writeUInt32LE(file.crc, 16);
  header.writeUInt32LE(file.body.length, 20);
  header.writeUInt32LE(file.size, 24);
  header.writeUInt16LE(file.name.length, 28);
  // Extra field, comment, disk number and internal attributes stay zero.
  header.writeUInt32LE(FILE_ATTRIBUTES, 38);
  header.writeUInt32LE(file.offset, 42);
  return header;
}

function endRecord(count: number, size: number, offset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(size, 12);
  record.writeUInt32LE(offset, 16);
  return record;
}

/** The bytes of a ZIP archive holding `entries` in order. Throws RangeError beyond ZIP's 4 GiB / 65535 limits. */
export async function buildZip(entries: ZipEntry[]): Promise<Uint8Array> {
  if (entries.length > 0xffff) throw new RangeError('Too many files for ZIP');
  const parts: Uint8Array[] = [];
  const packed: Packed[] = [];
  let offset = 0;
  for (const entry of entries) {
    const file = await pack(entry, offset);
    const header = localHeader(file);
    parts.push(header, file.name, file.body);
    packed.push(file);
    offset += header.length + file.name.length + file.body.length;
    if (offset >= LIMIT) throw new RangeError('Archive too large for ZIP');
  }
  const central = packed.flatMap((file) => [centralHeader(file), file.name]);
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  return Buffer.concat([...parts, ...central, endRecord(packed.length, centralSize, offset)]);
}
