// Android's binary XML (AXML), read just far enough to get the <manifest> element's package and version.
import { readZipEntry } from './zip';

/** What `pm install` needs from an APK's AndroidManifest.xml. */
export interface ManifestFacts {
  packageName: string;
  versionCode: number;
  versionName: string | undefined;
}

export const CHUNK_XML = 0x0003;
export const CHUNK_STRING_POOL = 0x0001;
export const CHUNK_RESOURCE_MAP = 0x0180;
export const CHUNK_START_ELEMENT = 0x0102;
export const UTF8_FLAG = 0x100;
export const TYPE_STRING = 0x03;
export const TYPE_INT_DEC = 0x10;
export const TYPE_INT_HEX = 0x11;
const NO_INDEX = 0xffffffff;
/** android:versionCode and android:versionName: attribute names may be blank, with only these resource ids. */
export const VERSION_CODE_ID = 0x0101021b;
export const VERSION_NAME_ID = 0x0101021c;

/** Reads a UTF-8 pool length: one byte, or two when the high bit is set. */
function utf8Length(data: Buffer, offset: number): [number, number] {
  const first = data.readUInt8(offset);
  return first & 0x80 ? [((first & 0x7f) << 8) | data.readUInt8(offset + 1), 2] : [first, 1];
}

function readStringPool(data: Buffer, start: number): string[] {
  const count = data.readUInt32LE(start + 8);
  const flags = data.readUInt32LE(start + 16);
  const stringsStart = start + data.readUInt32LE(start + 20);
  const headerSize = data.readUInt16LE(start + 2);
  const strings: string[] = [];
  for (let index = 0; index < count; index += 1) {
    let at = stringsStart + data.readUInt32LE(start + headerSize + index * 4);
    if (flags & UTF8_FLAG) {
      at += utf8Length(data, at)[1];
      const [bytes, size] = utf8Length(data, at);
      strings.push(data.toString('utf8', at + size, at + size + bytes));
    } else {
      let length = data.readUInt16LE(at);
      if (length & 0x8000) {
        length = ((length & 0x7fff) << 16) | data.readUInt16LE(at + 2);
        at += 2;
      }
      strings.push(data.toString('utf16le', at + 2, at + 2 + length * 2));
    }
  }
  return strings;
}

/** Parses AXML bytes; undefined when they are not AXML or the first element is not a <manifest> with a package. */
export function parseManifest(data: Buffer): ManifestFacts | undefined {
  try {
    if (data.readUInt16LE(0) !== CHUNK_XML) return undefined;
    let strings: string[] = [];
    let resourceIds: number[] = [];
    let offset = data.readUInt16LE(2);
    while (offset + 8 <= data.length) {
      const type = data.readUInt16LE(offset);
      const headerSize = data.readUInt16LE(offset + 2);
      const size = data.readUInt32LE(offset + 4);
      if (size < 8) return undefined;
      if (type === CHUNK_STRING_POOL) strings = readStringPool(data, offset);
      else if (type === CHUNK_RESOURCE_MAP)
        resourceIds = Array.from({ length: (size - headerSize) / 4 }, (_, index) =>
          data.readUInt32LE(offset + headerSize + index * 4),
        );
      else if (type === CHUNK_START_ELEMENT) {
        if (strings[data.readUInt32LE(offset + 20)] !== 'manifest') return undefined;
        return manifestAttributes(data, offset, strings, resourceIds);
      }
      offset += size;
    }
    return undefined;
  } catch {
    // An out-of-range read means truncated or damaged AXML.
    return undefined;
  }
}

function manifestAttributes(
  data: Buffer,
  offset: number,
  strings: readonly string[],
  resourceIds: readonly number[],
): ManifestFacts | undefined {
  const headerSize = data.readUInt16LE(offset + 2);
  const attributeStart = offset + headerSize + data.readUInt16LE(offset + 24);
  const attributeSize = data.readUInt16LE(offset + 26);
  const count = data.readUInt16LE(offset + 28);
  const facts: Partial<ManifestFacts> = {};
  for (let index = 0; index < count; index += 1) {
    const at = attributeStart + index * attributeSize;
    const nameIndex = data.readUInt32LE(at + 4);
    const name =
      strings[nameIndex] ||
      (resourceIds[nameIndex] === VERSION_CODE_ID ? 'versionCode' : '') ||
      (resourceIds[nameIndex] === VERSION_NAME_ID ? 'versionName' : '');
    const raw = data.readUInt32LE(at + 8);
    const dataType = data.readUInt8(at + 15);
    const value = data.readUInt32LE(at + 16);
    const text = raw !== NO_INDEX ? strings[raw] : dataType === TYPE_STRING ? strings[value] : undefined;
    if (name === 'package' && text !== undefined) facts.packageName = text;
    else if (name === 'versionName' && text !== undefined) facts.versionName = text;
    else if (name === 'versionCode')
      facts.versionCode =
        dataType === TYPE_INT_DEC || dataType === TYPE_INT_HEX ? value | 0 : Number(text ?? Number.NaN);
  }
  if (facts.packageName === undefined || !/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(facts.packageName))
    return undefined;
  const versionCode = facts.versionCode ?? 0;
  return {
    packageName: facts.packageName,
    versionCode: Number.isInteger(versionCode) ? versionCode : 0,
    versionName: facts.versionName,
  };
}

/** The manifest facts of an APK (a zip with a binary AndroidManifest.xml); undefined when it is not one. */
export function readApkManifest(apk: Buffer): ManifestFacts | undefined {
  const manifest = readZipEntry(apk, 'AndroidManifest.xml');
  return manifest ? parseManifest(manifest) : undefined;
}
