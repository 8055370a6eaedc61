// Writes a file so readers never see it half-written: an exclusive temporary sibling, then one rename.
import { randomUUID } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { fail, ok, type Result } from '../../shared/errors';

export interface AtomicWriteOptions {
  /** File mode of the temporary file, kept by the rename (default 0o600). */
  mode?: number;
}

/** The temporary sibling name: `<path>.<uuid>.tmp`. */
export function temporarySiblingPath(path: string): string {
  return `${path}.${randomUUID()}.tmp`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Writes `bytes` to `<path>.<uuid>.tmp` (created exclusively, flag 'wx') and renames it onto `path`. On any
 * failure the temporary file is removed and `path` is left as it was. Fails with EVIDENCE_WRITE_FAILED.
 * No fsync: the point is that no reader sees a partial file, not durability across a power cut.
 */
export async function writeFileAtomically(
  path: string,
  bytes: Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<Result<{ path: string; bytes: number }>> {
  const temporary = temporarySiblingPath(path);
  let created = false;
  try {
    const handle = await open(temporary, 'wx', options.mode ?? 0o600);
    created = true;
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
    return ok({ path, bytes: bytes.byteLength });
  } catch (error) {
    if (created) await unlink(temporary).catch(() => undefined);
    const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
    return fail('EVIDENCE_WRITE_FAILED', `Could not write ${path}: ${message(error)}`, {
      path,
      ...(code === undefined ? {} : { cause: code }),
    });
  }
}
