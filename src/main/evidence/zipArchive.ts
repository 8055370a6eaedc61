// The evidence export's ZIP writer: fflate, with the entries' times and the evidence files' Unix mode.
import { zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  /** Path inside the archive, `/`-separated, ASCII. */
  name: string;
  data: Uint8Array;
  modifiedAt: Date;
}

const LIMIT = 0xffffffff;
const UNIX = 3;
// -rw------- as a Unix mode in the external attributes' high half, matching the evidence files' mode.
const FILE_ATTRIBUTES = (0o100600 << 16) >>> 0;
// MS-DOS dates span 1980..2107; fflate refuses years outside 1980..2099, so clamp into that range.
const EARLIEST = new Date(1980, 0, 1).getTime();
const LATEST = new Date(2099, 11, 31, 23, 59, 58).getTime();

function clampTime(when: Date): number {
  return Math.min(LATEST, Math.max(EARLIEST, when.getTime()));
}

/** The bytes of a ZIP archive holding `entries` in order. Throws RangeError beyond ZIP's 4 GiB / 65535 limits. */
export function buildZip(entries: readonly ZipEntry[]): Uint8Array {
  if (entries.length > 0xffff) throw new RangeError('Too many files for ZIP');
  let total = 0;
  const files: Zippable = {};
  for (const entry of entries) {
    total += entry.data.length;
    if (entry.data.length >= LIMIT || total >= LIMIT)
      throw new RangeError(`${entry.name} is too large for ZIP`);
    // PNGs are already compressed, and deflating nothing only adds bytes: store those.
    const store = entry.name.endsWith('.png') || entry.data.length === 0;
    files[entry.name] = [
      entry.data,
      { level: store ? 0 : 6, mtime: clampTime(entry.modifiedAt), os: UNIX, attrs: FILE_ATTRIBUTES },
    ];
  }
  return zipSync(files);
}
