// The server's bearer token, kept in a file only the current user can read.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import { TOKEN_PATTERN } from './security';

/** Why an existing token file was replaced instead of reused. */
export type TokenReplacement = 'loose-permissions' | 'invalid-content';

export interface LoadedToken {
  token: string;
  /** True when a new token was written (first run, or a replacement). */
  created: boolean;
  replaced?: TokenReplacement;
}

const POSIX = process.platform !== 'win32';

/** 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

function causeOf(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : String(error);
}

/** Writes `token` to a 0600 temporary sibling; the caller links or renames it into place. */
async function writeTemporary(path: string, token: string): Promise<string> {
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${token}\n`);
  } finally {
    await handle.close();
  }
  return temporary;
}

/** The token file's trimmed text and whether others may access it; null when there is no file. */
type Existing = Result<{ text: string; loose: boolean } | null>;

async function readExisting(path: string): Promise<Existing> {
  // O_NOFOLLOW: a symlink planted at the token path must not redirect what we read (or later chmod).
  const flags = constants.O_RDONLY | (POSIX ? constants.O_NOFOLLOW : 0);
  let handle: FileHandle;
  try {
    handle = await open(path, flags);
  } catch (error) {
    const cause = causeOf(error);
    if (cause === 'ENOENT') return ok(null);
    const message = cause === 'ELOOP' ? 'is a symbolic link' : `cannot be read (${cause})`;
    return fail('FILE_READ_FAILED', `Token file ${path} ${message}`, { path, cause });
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      return fail('FILE_READ_FAILED', `Token file ${path} is not a regular file`, { path });
    }
    if (POSIX && process.getuid !== undefined && stats.uid !== process.getuid()) {
      return fail('FORBIDDEN', `Token file ${path} belongs to another user; remove it or fix its owner`, {
        path,
      });
    }
    const text = await handle.readFile('utf8');
    return ok({ text: text.trim(), loose: POSIX && (stats.mode & 0o077) !== 0 });
  } finally {
    await handle.close();
  }
}

/**
 * Returns the token stored at `path`, creating it (mode 0600, atomically: temporary file + link) when absent.
 * A file readable or writable by group/others, or not holding a valid token, is replaced by a new token: fixing
 * the mode alone would keep a token others may already have read. A symlink, a non-regular file or a file owned
 * by another user is refused.
 */
export async function loadOrCreateToken(path: string): Promise<Result<LoadedToken>> {
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `Cannot create the directory of ${path}`, {
      path,
      cause: causeOf(error),
    });
  }
  const existing = await readExisting(path);
  if (!existing.ok) return existing;
  const found = existing.value;
  if (found !== null && !found.loose && TOKEN_PATTERN.test(found.text)) {
    return ok({ token: found.text, created: false });
  }
  const token = generateToken();
  let temporary: string | undefined;
  try {
    temporary = await writeTemporary(path, token);
    if (found === null) {
      // link() fails with EEXIST instead of overwriting: when two processes start at once, one token wins.
      const linked = await link(temporary, path).then(
        () => true,
        (error: unknown) => {
          if (causeOf(error) === 'EEXIST') return false;
          throw error;
        },
      );
      if (!linked) return loadOrCreateToken(path);
      return ok({ token, created: true });
    }
    await rename(temporary, path);
    temporary = undefined;
    return ok({ token, created: true, replaced: found.loose ? 'loose-permissions' : 'invalid-content' });
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `Cannot write the token file ${path}`, { path, cause: causeOf(error) });
  } finally {
    if (temporary !== undefined) await unlink(temporary).catch(() => undefined);
  }
}
