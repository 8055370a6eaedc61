// What sync: STAT/LSTAT/LIST say about a path: v1 (mode, size, mtime) and v2 (struct stat) records, as adbd sends.
import type { DeviceFiles } from '../device/files';

const FILE_TYPE = 0o100000;
const DIRECTORY_TYPE = 0o040000;
/** errno for a missing path (the `error` field of a v2 reply). */
const ENOENT = 2;

/** The struct stat fields adb's v2 records carry. */
export interface PathStatus {
  mode: number;
  size: number;
  mtimeSeconds: number;
  uid: number;
  gid: number;
  inode: number;
  links: number;
  device: number;
}

/** Owner, group, directory mode and device number of a tree, as a production build mounts it. */
function ownership(path: string): { uid: number; gid: number; directoryMode: number; device: number } {
  if (path === '/data/local/tmp' || path.startsWith('/data/local/tmp/'))
    return { uid: 2000, gid: 2000, directoryMode: 0o771, device: 0xfd05 };
  // sdcard_rw (1015) owns the emulated storage as the FUSE daemon presents it to uid shell.
  if (path === '/sdcard' || path.startsWith('/sdcard/'))
    return { uid: 0, gid: 1015, directoryMode: 0o771, device: 0x2e };
  if (path === '/proc' || path.startsWith('/proc/'))
    return { uid: 0, gid: 0, directoryMode: 0o555, device: 0x4 };
  return { uid: 0, gid: 0, directoryMode: 0o755, device: 0xfd00 };
}

/** A stable inode number per path (FNV-1a), so repeated stats agree. */
function inodeOf(path: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < path.length; index += 1) {
    hash ^= path.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The status of a file or directory, or undefined when nothing is at `path`. */
export function pathStatus(files: DeviceFiles, rawPath: string): PathStatus | undefined {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const owner = ownership(path);
  const common = { uid: owner.uid, gid: owner.gid, inode: inodeOf(path), device: owner.device };
  const file = files.read(path);
  if (file) {
    // procfs files report size 0: their contents are produced on read.
    const size = path.startsWith('/proc/') ? 0 : file.data.length;
    return {
      ...common,
      mode: FILE_TYPE | (file.mode & 0o7777),
      size,
      mtimeSeconds: file.mtimeSeconds,
      links: 1,
    };
  }
  if (!files.isDirectory(path)) return undefined;
  const subdirectories = files.entries(path).filter((entry) => entry.file === undefined).length;
  return {
    ...common,
    mode: DIRECTORY_TYPE | owner.directoryMode,
    size: 3452,
    mtimeSeconds: files.directoryTime(path),
    links: 2 + subdirectories,
  };
}

/** v1 record body: mode, size, mtime (12 bytes), zeros when missing. */
export function statV1(status: PathStatus | undefined): Buffer {
  const body = Buffer.alloc(12);
  if (!status) return body;
  body.writeUInt32LE(status.mode >>> 0, 0);
  body.writeUInt32LE(Math.min(status.size, 0xffffffff), 4);
  body.writeUInt32LE(status.mtimeSeconds >>> 0, 8);
  return body;
}

/** v2 record body after the id (68 bytes): error, dev, ino, mode, nlink, uid, gid, size, atime, mtime, ctime. */
export function statV2(status: PathStatus | undefined): Buffer {
  const body = Buffer.alloc(68);
  if (!status) {
    body.writeUInt32LE(ENOENT, 0);
    return body;
  }
  body.writeBigUInt64LE(BigInt(status.device), 4);
  body.writeBigUInt64LE(BigInt(status.inode), 12);
  body.writeUInt32LE(status.mode >>> 0, 20);
  body.writeUInt32LE(status.links, 24);
  body.writeUInt32LE(status.uid, 28);
  body.writeUInt32LE(status.gid, 32);
  body.writeBigUInt64LE(BigInt(status.size), 36);
  for (const offset of [44, 52, 60]) body.writeBigInt64LE(BigInt(status.mtimeSeconds), offset);
  return body;
}

/** Entries of a LIST reply: `.`, `..`, then files and subdirectories; empty when `path` is no directory. */
export function directoryListing(
  files: DeviceFiles,
  rawPath: string,
): Array<{ name: string; status: PathStatus }> {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const own = pathStatus(files, path);
  if (!own || (own.mode & DIRECTORY_TYPE) === 0) return [];
  const parent = path === '/' ? '/' : path.slice(0, path.lastIndexOf('/')) || '/';
  const listing = [
    { name: '.', status: own },
    { name: '..', status: pathStatus(files, parent) ?? own },
  ];
  const prefix = path === '/' ? '/' : `${path}/`;
  for (const entry of files.entries(path)) {
    const status = pathStatus(files, prefix + entry.name);
    if (status) listing.push({ name: entry.name, status });
  }
  return listing;
}
