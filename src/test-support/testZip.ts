// Reads ZIP archives in tests through fflate, keeping each entry's compression method.
import { unzipSync } from 'fflate';

export interface ReadEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  data: Buffer;
}

/** Entries of `archive` in central-directory order; throws when the archive is malformed. */
export function readZip(archive: Uint8Array): ReadEntry[] {
  const methods: Array<{ name: string; method: number }> = [];
  const files = unzipSync(archive, {
    filter: (file) => {
      methods.push({ name: file.name, method: file.compression });
      return true;
    },
  });
  return methods.map(({ name, method }) => {
    const data = files[name];
    if (data === undefined) throw new Error(`no data for ${name}`);
    return { name, method, data: Buffer.from(data) };
  });
}
