// The discovery file (`<home>/daemon.json`): how the CLI finds a running serve or console and its token.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/errors';
import { TOKEN_PATTERN } from '../http/security';
import { daemonFilePath } from './home';

function isHttpBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && url.pathname === '/' && url.search === '' && !value.endsWith('/');
  } catch {
    return false;
  }
}

/** What a running server publishes about itself (fields of a newer version are ignored). */
export const daemonRecordSchema = z.object({
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:3000. */
  url: z.string().refine(isHttpBaseUrl, 'must be an http:// base URL without a path'),
  token: z.string().regex(TOKEN_PATTERN),
  pid: z.int().positive(),
  /** The package version of the process that wrote it; the CLI only uses a daemon of its own version. */
  version: z.string().min(1),
  /** ISO time the server started listening. */
  startedAt: z.string(),
});

export type DaemonRecord = z.output<typeof daemonRecordSchema>;

/** A usable record, or why there is none (for the CLI's fallback note). */
export type DiscoveryRead = { kind: 'found'; record: DaemonRecord } | { kind: 'absent'; reason: string };

const POSIX = process.platform !== 'win32';
/** A discovery file is a few hundred bytes; anything much larger is not ours. */
const MAX_FILE_BYTES = 16 * 1024;

/** The record in `value`, or null when any field is missing or malformed. */
export function parseDaemonRecord(value: unknown): DaemonRecord | null {
  const parsed = daemonRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function causeOf(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : String(error);
}

/** Writes the record atomically (0600 temporary file, then rename) in a 0700 home directory. */
export async function writeDiscovery(home: string, record: DaemonRecord): Promise<Result<string>> {
  const path = daemonFilePath(home);
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    await mkdir(home, { recursive: true, mode: 0o700 });
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(record)}\n`);
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
    return ok(path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    return fail('FILE_WRITE_FAILED', `Cannot write the daemon discovery file ${path}`, {
      path,
      cause: causeOf(error),
    });
  }
}

/** The discovery file's text, or why it cannot be trusted or read. */
async function readOwnFile(path: string): Promise<Result<string, string>> {
  // O_NOFOLLOW: a symlink planted at the discovery path must not point the CLI at another file.
  const flags = constants.O_RDONLY | (POSIX ? constants.O_NOFOLLOW : 0);
  let handle: FileHandle;
  try {
    handle = await open(path, flags);
  } catch (error) {
    const cause = causeOf(error);
    return {
      ok: false,
      error: cause === 'ENOENT' ? 'no daemon is registered' : `${path} cannot be read (${cause})`,
    };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_FILE_BYTES)
      return { ok: false, error: `${path} is not a discovery file` };
    // Why: a file other users can write (or own) could point the CLI at their server.
    if (POSIX && process.getuid !== undefined && stats.uid !== process.getuid())
      return { ok: false, error: `${path} belongs to another user` };
    if (POSIX && (stats.mode & 0o077) !== 0)
      return { ok: false, error: `${path} is accessible to other users` };
    return ok(await handle.readFile('utf8'));
  } finally {
    await handle.close();
  }
}

/** Reads and checks the discovery file; liveness (pid, /ping, /version) is the caller's job. */
export async function readDiscovery(home: string): Promise<DiscoveryRead> {
  const path = daemonFilePath(home);
  const read = await readOwnFile(path);
  if (!read.ok) return { kind: 'absent', reason: read.error };
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.value);
  } catch {
    return { kind: 'absent', reason: `${path} is not valid JSON` };
  }
  const record = parseDaemonRecord(parsed);
  return record === null
    ? { kind: 'absent', reason: `${path} does not describe a daemon` }
    : { kind: 'found', record };
}

/** Removes the discovery file if it still describes this server (another one may have replaced it). */
export async function removeDiscovery(home: string, owner: Pick<DaemonRecord, 'pid' | 'url'>): Promise<void> {
  const current = await readDiscovery(home);
  if (current.kind === 'found' && current.record.pid === owner.pid && current.record.url === owner.url) {
    await unlink(daemonFilePath(home)).catch(() => undefined);
  }
}

/** False when no process `pid` exists (or it belongs to another user, so it is not the server that wrote it). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: the pid was reused by another user's process, so our server is gone too.
    return false;
  }
}
