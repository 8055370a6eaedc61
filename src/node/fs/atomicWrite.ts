// Crash-safe file writes: an exclusive temporary sibling, flushed, then renamed over the target.
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { link, lstat, open, rename, rm, unlink } from 'node:fs/promises';
import { ok, type Result } from '../../shared/errors';
import { osCodeOf, writeFailed } from './fileErrors';

/** The file operations atomic writes use; tests replace some to simulate a failure mid-write. */
export interface FileOperations {
  open: typeof open;
  rename: typeof rename;
  link: typeof link;
  rm: typeof rm;
}

export const NODE_FILE_OPERATIONS: FileOperations = { open, rename, link, rm };

/** Temporary siblings end with this; listings and exports ignore them. */
export const TEMPORARY_SUFFIX = '.tmp';

export function temporarySibling(target: string): string {
  return `${target}.${randomUUID()}${TEMPORARY_SUFFIX}`;
}

export interface AtomicWriteOptions {
  /** Mode of the new file (default 0o600). */
  mode?: number;
  /**
   * Flush to disk before the rename (default true). Without it no reader still ever sees a partial file; only
   * durability across a power cut is given up (host screenshots skip it to stay as fast as `adb exec-out`).
   */
  sync?: boolean;
  /**
   * After the rename, flush the directory too, so the rename itself survives a power cut (default false; only
   * with `sync`). Evidence a run reports as stored uses it.
   */
  syncDirectory?: boolean;
}

/** Directory flush errors that only mean "this platform or file system cannot flush a directory". */
const UNSYNCABLE_DIRECTORY = new Set(['EISDIR', 'EINVAL', 'EPERM', 'ENOTSUP', 'EBADF']);

/** Flushes `directory` (its entries: a rename into it) to disk; a no-op where directories cannot be flushed. */
export async function syncDirectory(
  directory: string,
  operations: FileOperations = NODE_FILE_OPERATIONS,
): Promise<void> {
  // Windows cannot open a directory as a file; NTFS journals the rename itself.
  if (process.platform === 'win32') return;
  let handle: Awaited<ReturnType<FileOperations['open']>>;
  try {
    handle = await operations.open(directory, 'r');
  } catch (error) {
    if (UNSYNCABLE_DIRECTORY.has(osCodeOf(error) ?? '')) return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    if (!UNSYNCABLE_DIRECTORY.has(osCodeOf(error) ?? '')) throw error;
  } finally {
    await handle.close();
  }
}

/** Writes `temporary` exclusively (flag 'wx') and, unless told not to, flushes it to disk. */
async function writeTemporary(
  operations: FileOperations,
  temporary: string,
  data: Uint8Array | string,
  options: AtomicWriteOptions,
) {
  const handle = await operations.open(temporary, 'wx', options.mode ?? 0o600);
  try {
    await handle.writeFile(data);
    if (options.sync !== false) await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Creates `target` (which must not exist) and writes `data` into it, without a temporary sibling: for files inside a
 * folder nobody else reads until it is renamed into place. A failure removes the partial file.
 */
export async function writeFileExclusive(
  target: string,
  data: Uint8Array | string,
  operations: FileOperations = NODE_FILE_OPERATIONS,
  options: AtomicWriteOptions = {},
): Promise<Result<void>> {
  try {
    await writeTemporary(operations, target, data, options);
    return ok(undefined);
  } catch (error) {
    // EEXIST: the file was someone else's and stays untouched; otherwise remove whatever was written.
    if (osCodeOf(error) !== 'EEXIST') await operations.rm(target, { force: true }).catch(() => undefined);
    return writeFailed(target, error);
  }
}

/**
 * Replaces `target` with `data` so that readers see the old content or the new one, never a part: a crash leaves
 * at most a `*.tmp` sibling, and a failure removes it.
 */
export async function writeFileAtomic(
  target: string,
  data: Uint8Array | string,
  operations: FileOperations = NODE_FILE_OPERATIONS,
  options: AtomicWriteOptions = {},
): Promise<Result<void>> {
  const temporary = temporarySibling(target);
  try {
    await writeTemporary(operations, temporary, data, options);
    await operations.rename(temporary, target);
    if (options.syncDirectory === true && options.sync !== false)
      await syncDirectory(dirname(target), operations);
    return ok(undefined);
  } catch (error) {
    await operations.rm(temporary, { force: true }).catch(() => undefined);
    return writeFailed(target, error);
  }
}

/**
 * Like writeFileAtomic but refuses to replace an existing `target` (EEXIST): hard-linking the finished temporary
 * file into place is atomic and never overwrites. Where links are unsupported, falls back to check-then-rename.
 */
export async function writeNewFileAtomic(
  target: string,
  data: Uint8Array | string,
  operations: FileOperations = NODE_FILE_OPERATIONS,
  options: AtomicWriteOptions = {},
): Promise<Result<void>> {
  const temporary = temporarySibling(target);
  try {
    await writeTemporary(operations, temporary, data, options);
    try {
      await operations.link(temporary, target);
    } catch (error) {
      const code = osCodeOf(error);
      // FAT/exFAT volumes and some network shares have no hard links.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
      if (await pathExists(target))
        throw Object.assign(new Error(`${target} already exists`), { code: 'EEXIST' });
      await operations.rename(temporary, target);
    }
    await unlink(temporary).catch(() => undefined);
    return ok(undefined);
  } catch (error) {
    await operations.rm(temporary, { force: true }).catch(() => undefined);
    return writeFailed(target, error);
  }
}

/** True unless `path` is certainly absent (ENOENT). */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    return osCodeOf(error) !== 'ENOENT';
  }
}
