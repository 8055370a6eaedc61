// Builders for APK-like files in tests: a zip writer and a binary AndroidManifest.xml with package and version.
import { zipSync, type Zippable } from 'fflate';
import {
  CHUNK_RESOURCE_MAP,
  CHUNK_START_ELEMENT,
  CHUNK_STRING_POOL,
  CHUNK_XML,
  TYPE_INT_DEC,
  TYPE_STRING,
  UTF8_FLAG,
  VERSION_CODE_ID,
  VERSION_NAME_ID,
} from '../simulator/apk/axml';

export interface ZipEntryInput {
  name: string;
  data: Buffer;
  /** Deflate (method 8) instead of storing (method 0). */
  deflate?: boolean;
}

/** A zip archive with the given entries, in order. */
export function buildZip(entries: readonly ZipEntryInput[]): Buffer {
  const files: Zippable = {};
  for (const entry of entries) files[entry.name] = [entry.data, { level: entry.deflate ? 6 : 0 }];
  return Buffer.from(zipSync(files));
}

export interface ManifestInput {
  packageName: string;
  versionCode: number;
  versionName: string;
  /** Encode the string pool as UTF-8 (aapt2's default) instead of UTF-16. */
  utf8?: boolean;
  /** Leave the version attribute names blank so only the resource map names them (as obfuscated APKs do). */
  blankVersionNames?: boolean;
}

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(headerSize, 2);
  header.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([header, body]);
}

function encodeString(text: string, utf8: boolean): Buffer {
  if (utf8) {
    const bytes = Buffer.from(text, 'utf8');
    return Buffer.concat([Buffer.from([text.length, bytes.length]), bytes, Buffer.from([0])]);
  }
  const length = Buffer.alloc(2);
  length.writeUInt16LE(text.length, 0);
  return Buffer.concat([length, Buffer.from(text, 'utf16le'), Buffer.alloc(2)]);
}

function stringPool(strings: readonly string[], utf8: boolean): Buffer {
  const encoded = strings.map((text) => encodeString(text, utf8));
  const offsets = Buffer.alloc(strings.length * 4);
  let position = 0;
  encoded.forEach((bytes, index) => {
    offsets.writeUInt32LE(position, index * 4);
    position += bytes.length;
  });
  const data = Buffer.concat(encoded);
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  const fields = Buffer.alloc(20);
  fields.writeUInt32LE(strings.length, 0);
  fields.writeUInt32LE(utf8 ? UTF8_FLAG : 0, 8);
  fields.writeUInt32LE(28 + offsets.length, 12);
  return chunk(CHUNK_STRING_POOL, 28, Buffer.concat([fields, offsets, padded]));
}

function attribute(name: number, raw: number, type: number, value: number): Buffer {
  const bytes = Buffer.alloc(20);
  bytes.writeUInt32LE(0xffffffff, 0);
  bytes.writeUInt32LE(name, 4);
  bytes.writeUInt32LE(raw, 8);
  bytes.writeUInt16LE(8, 12);
  bytes.writeUInt8(type, 15);
  bytes.writeUInt32LE(value >>> 0, 16);
  return bytes;
}

/** AndroidManifest.xml as aapt writes it: string pool, resource map, `<manifest package versionCode versionName>`. */
export function buildManifestAxml(input: ManifestInput): Buffer {
  const utf8 = input.utf8 ?? false;
  const blank = input.blankVersionNames ?? false;
  const strings = [
    blank ? '' : 'versionCode',
    blank ? '' : 'versionName',
    'manifest',
    'package',
    input.packageName,
    input.versionName,
  ];
  const resourceMap = Buffer.alloc(8);
  resourceMap.writeUInt32LE(VERSION_CODE_ID, 0);
  resourceMap.writeUInt32LE(VERSION_NAME_ID, 4);
  const attributes = [
    attribute(3, 4, TYPE_STRING, 4),
    attribute(0, 0xffffffff, TYPE_INT_DEC, input.versionCode),
    attribute(1, 5, TYPE_STRING, 5),
  ];
  const element = Buffer.alloc(28);
  element.writeUInt32LE(1, 0);
  element.writeUInt32LE(0xffffffff, 4);
  element.writeUInt32LE(0xffffffff, 8);
  element.writeUInt32LE(2, 12);
  element.writeUInt16LE(20, 16);
  element.writeUInt16LE(20, 18);
  element.writeUInt16LE(attributes.length, 20);
  const body = Buffer.concat([
    stringPool(strings, utf8),
    chunk(CHUNK_RESOURCE_MAP, 8, resourceMap),
    chunk(CHUNK_START_ELEMENT, 16, Buffer.concat([element, ...attributes])),
  ]);
  return chunk(CHUNK_XML, 8, body);
}

/** An APK-like zip: the binary manifest plus a classes.dex placeholder entry, deflated like a real build. */
export function buildApk(input: ManifestInput): Buffer {
  return buildZip([
    { name: 'AndroidManifest.xml', data: buildManifestAxml(input), deflate: true },
    { name: 'classes.dex', data: Buffer.from('dex\n035\0'), deflate: true },
  ]);
}
