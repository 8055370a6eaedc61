// Reads one entry of an APK (a zip) through fflate.
import { unzipSync } from 'fflate';

/** The uncompressed bytes of entry `name`, or undefined when the zip is malformed or has no such entry. */
export function readZipEntry(zip: Uint8Array, name: string): Buffer | undefined {
  try {
    const data = unzipSync(zip, { filter: (file) => file.name === name })[name];
    return data === undefined ? undefined : Buffer.from(data);
  } catch {
    // A damaged zip (bad records, unknown method, bad deflate data) is treated like a missing entry.
    return undefined;
  }
}
