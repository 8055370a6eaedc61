// A simulated device's writable files: what `adb push` (the sync: service) stored, kept in memory.
import type { DeviceState } from './state';

/** One stored file; `mode` holds the permission bits as sent by the host (e.g. 0o644). */
export interface DeviceFile {
  data: Buffer;
  mode: number;
  mtimeSeconds: number;
}

/** Largest single file a simulated device accepts (a real APK of the Operator is a few MiB). */
export const MAX_DEVICE_FILE_BYTES = 64 * 1024 * 1024;

/** Directories that exist on every simulated device (others exist while a file lies under them). */
const BASE_DIRECTORIES = ['/', '/data', '/data/local', '/data/local/tmp', '/sdcard'];

/** Absolute paths to file contents; directories are implied by the files under them. */
export class DeviceFiles {
  private readonly files = new Map<string, DeviceFile>();

  read(path: string): DeviceFile | undefined {
    return this.files.get(path);
  }

  write(path: string, file: DeviceFile): void {
    this.files.set(path, file);
  }

  remove(path: string): boolean {
    return this.files.delete(path);
  }

  isDirectory(path: string): boolean {
    const directory = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (BASE_DIRECTORIES.includes(directory)) return true;
    const prefix = `${directory}/`;
    return [...this.files.keys()].some((name) => name.startsWith(prefix));
  }

  /** Files directly inside `directory`, by name. */
  list(directory: string): Array<[string, DeviceFile]> {
    const prefix = directory.endsWith('/') ? directory : `${directory}/`;
    return [...this.files.entries()]
      .filter(([name]) => name.startsWith(prefix) && !name.slice(prefix.length).includes('/'))
      .map(([name, file]) => [name.slice(prefix.length), file]);
  }
}

// Why a side table: files belong to one device's state, but DeviceState (settings, packages, logs) is another
// module's contract; keying by the state object gives every command and service of a device the same files.
const filesByState = new WeakMap<DeviceState, DeviceFiles>();

/** The files of the device whose state this is (created empty on first use). */
export function filesOf(state: DeviceState): DeviceFiles {
  let files = filesByState.get(state);
  if (!files) {
    files = new DeviceFiles();
    filesByState.set(state, files);
  }
  return files;
}
