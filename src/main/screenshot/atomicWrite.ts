// Host screenshots and copies of them are written atomically, without fsync (see AtomicWriteOptions.sync).
import { ok, type Result } from '../../shared/errors';
import { NODE_FILE_OPERATIONS, writeFileAtomic, writeNewFileAtomic } from '../../node/fs/atomicWrite';

/**
 * Writes `bytes` through an exclusive temporary sibling renamed onto `path`; on failure `path` is left as it was and
 * the temporary file removed. Fails with EVIDENCE_WRITE_FAILED (details: path, osCode).
 */
export async function writeFileAtomically(
  path: string,
  bytes: Uint8Array,
  options: { mode?: number } = {},
): Promise<Result<{ path: string; bytes: number }>> {
  const written = await writeFileAtomic(path, bytes, NODE_FILE_OPERATIONS, { ...options, sync: false });
  return written.ok ? ok({ path, bytes: bytes.byteLength }) : written;
}

/**
 * Like writeFileAtomically, but never replaces anything: the finished temporary file is linked into place, so a
 * file (or link) that appeared at `path` meanwhile stays as it was and the write fails with EVIDENCE_WRITE_FAILED
 * (osCode EEXIST).
 */
export async function writeNewFileAtomically(
  path: string,
  bytes: Uint8Array,
): Promise<Result<{ path: string; bytes: number }>> {
  const written = await writeNewFileAtomic(path, bytes, NODE_FILE_OPERATIONS, { sync: false });
  return written.ok ? ok({ path, bytes: bytes.byteLength }) : written;
}
