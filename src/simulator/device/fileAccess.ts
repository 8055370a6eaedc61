import type { DeviceFiles } from './files';

// Which paths the adb shell user (uid 2000) may write, with the errno text a real device gives.

/** Directory trees uid shell may create files in. */
const WRITABLE_ROOTS = ['/data/local/tmp', '/sdcard'];
/** Mounted read-only on a production build. */
const READ_ONLY_ROOTS = ['/system', '/vendor', '/product', '/system_ext', '/odm', '/apex'];

/** Why a file cannot be created, as strerror() words it; undefined when it can. */
export type WriteRefusal =
  'Read-only file system' | 'Permission denied' | 'No such file or directory' | 'Is a directory';

const within = (path: string, root: string): boolean => path === root || path.startsWith(`${root}/`);

/** An absolute path without `.`, `..` or repeated slashes; relative paths start at `cwd`. */
export function resolvePath(path: string, cwd = '/'): string {
  const segments: string[] = [];
  for (const segment of `${path.startsWith('/') ? '' : `${cwd}/`}${path}`.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** Whether uid shell may create or overwrite the file at `path` (absolute, resolved). */
export function writeRefusal(files: DeviceFiles, path: string): WriteRefusal | undefined {
  if (files.isDirectory(path)) return 'Is a directory';
  const parent = path.slice(0, path.lastIndexOf('/')) || '/';
  if (path === '/' || parent === '/' || READ_ONLY_ROOTS.some((root) => within(path, root)))
    return 'Read-only file system';
  if (!WRITABLE_ROOTS.some((root) => within(parent, root))) return 'Permission denied';
  if (!files.isDirectory(parent)) return 'No such file or directory';
  return undefined;
}
