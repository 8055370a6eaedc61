// A simulated device's writable files: what `adb push` (the sync: service) stored, kept in memory.
import type { DeviceState } from './state';

/** One stored file; `mode` holds the permission bits as sent by the host (e.g. 0o644). */
export interface DeviceFile {
  data: Buffer;
  mode: number;
  mtimeSeconds: number;
}

/** A symbolic link: its target as stored (not resolved) and its own modification time. */
export interface DeviceLink {
  target: string;
  mtimeSeconds: number;
}

/** Links followed at most this deep before a lookup gives up (the kernel's ELOOP limit). */
const MAX_LINK_DEPTH = 40;

/** Largest single file a simulated device accepts (a real APK of the Operator is a few MiB). */
export const MAX_DEVICE_FILE_BYTES = 64 * 1024 * 1024;

/** Directories that exist on every simulated device (others exist while a file lies under them). */
const BASE_DIRECTORIES = [
  '/',
  '/data',
  '/data/local',
  '/data/local/tmp',
  '/sdcard',
  ...['Alarms', 'DCIM', 'Documents', 'Download', 'Movies', 'Music', 'Notifications', 'Pictures'].map(
    (name) => `/sdcard/${name}`,
  ),
];

/** A directory's parent path (`/` for top-level entries). */
export function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** Absolute paths to file contents; directories are implied by the files under them. */
export class DeviceFiles {
  private readonly files = new Map<string, DeviceFile>();
  /** Kernel-generated files (procfs): their contents are made at each read, like /proc/stat's tick counters. */
  private readonly generated = new Map<string, () => DeviceFile>();
  /** Directories made by `mkdir` (and the base ones), with their modification time. */
  private readonly directories = new Map<string, number>(BASE_DIRECTORIES.map((path) => [path, 0]));
  /** Symbolic links by their own path (`ln -s`; on a real phone e.g. /sdcard -> /storage/self/primary). */
  private readonly links = new Map<string, DeviceLink>();

  /** The file at `path`, following symbolic links as open(2) does; undefined for a dangling or looping link. */
  read(path: string): DeviceFile | undefined {
    let current = path;
    for (let depth = 0; depth <= MAX_LINK_DEPTH; depth += 1) {
      const link = this.links.get(current);
      if (link === undefined) return this.generated.get(current)?.() ?? this.files.get(current);
      current = link.target.startsWith('/')
        ? link.target
        : `${parentOf(current)}/${link.target}`.replace(/^\/\//, '/');
    }
    return undefined;
  }

  /** Creates a symbolic link at `path` pointing at `target` (not checked, as `ln -s` does not). */
  symlink(path: string, target: string, mtimeSeconds: number): void {
    this.links.set(path, { target, mtimeSeconds });
  }

  /** The link stored at `path` itself (lstat(2)), or undefined when `path` is not a symbolic link. */
  linkAt(path: string): DeviceLink | undefined {
    return this.links.get(path);
  }

  write(path: string, file: DeviceFile): void {
    this.files.set(path, file);
  }

  /** Serves `path` from `make` at every read (a procfs file); a stored placeholder keeps it listed. */
  generate(path: string, make: () => DeviceFile): void {
    this.generated.set(path, make);
    this.files.set(path, make());
  }

  remove(path: string): boolean {
    this.generated.delete(path);
    return this.links.delete(path) || this.files.delete(path);
  }

  isDirectory(path: string): boolean {
    const directory = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (this.directories.has(directory)) return true;
    const prefix = `${directory}/`;
    return [...this.files.keys()].some((name) => name.startsWith(prefix));
  }

  /** Creates a directory and its missing parents (`mkdir -p`). */
  makeDirectory(path: string, mtimeSeconds: number): void {
    for (let current = path; current !== '/' && !this.directories.has(current); current = parentOf(current))
      this.directories.set(current, mtimeSeconds);
  }

  /** Removes a path and everything under it; false when nothing was there. */
  removeTree(path: string): boolean {
    const prefix = `${path}/`;
    let removed = this.links.delete(path) || this.files.delete(path) || this.directories.delete(path);
    this.generated.delete(path);
    for (const name of [...this.generated.keys()]) if (name.startsWith(prefix)) this.generated.delete(name);
    for (const name of [...this.files.keys()]) if (name.startsWith(prefix)) removed = this.files.delete(name);
    for (const name of [...this.directories.keys()])
      if (name.startsWith(prefix)) removed = this.directories.delete(name);
    for (const name of [...this.links.keys()]) if (name.startsWith(prefix)) removed = this.links.delete(name);
    return removed;
  }

  /** Names directly inside `directory`: files and subdirectories (made or implied by deeper files), sorted. */
  entries(directory: string): Array<{ name: string; file: DeviceFile | undefined }> {
    const prefix = directory === '/' ? '/' : `${directory}/`;
    const names = new Map<string, DeviceFile | undefined>();
    for (const path of [...this.files.keys(), ...this.directories.keys(), ...this.links.keys()]) {
      if (!path.startsWith(prefix) || path === prefix) continue;
      const name = path.slice(prefix.length).split('/')[0] as string;
      names.set(name, this.read(prefix + name));
    }
    return [...names.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, file]) => ({ name, file }));
  }

  /** Modification time of a directory (0 for base or implied ones). */
  directoryTime(path: string): number {
    return this.directories.get(path) ?? 0;
  }

  /** Files directly inside `directory`, by name. */
  list(directory: string): Array<[string, DeviceFile]> {
    const prefix = directory.endsWith('/') ? directory : `${directory}/`;
    return [...this.files.keys()]
      .filter((name) => name.startsWith(prefix) && !name.slice(prefix.length).includes('/'))
      .map((name) => [name.slice(prefix.length), this.read(name) as DeviceFile]);
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
