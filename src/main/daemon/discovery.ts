// The discovery folder (`<home>/daemons/`): how the CLI finds the running serves and consoles and their tokens.
// Each server writes and removes only its own entry, so starting or stopping one never hides another.
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { fail, ok, type Result } from '../../shared/errors';
import { writeFileAtomic } from '../../node/fs/atomicWrite';
import { TOKEN_PATTERN } from '../http/security';
import { daemonDirectory } from '../../node/env/dataFolder';

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

/** The entry file of the server `owner` (one per process and port, so two servers never share one). */
export function discoveryEntryPath(home: string, owner: Pick<DaemonRecord, 'pid' | 'url'>): string {
  const port = new URL(owner.url).port || '80';
  return join(daemonDirectory(home), `${owner.pid}-${port}.json`);
}

/** Writes this server's entry atomically (0600 temporary file, then rename) in a 0700 folder. */
export async function writeDiscovery(home: string, record: DaemonRecord): Promise<Result<string>> {
  const path = discoveryEntryPath(home, record);
  try {
    await mkdir(daemonDirectory(home), { recursive: true, mode: 0o700 });
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `Cannot write the daemon discovery file ${path}`, {
      path,
      cause: causeOf(error),
    });
  }
  const written = await writeFileAtomic(path, `${JSON.stringify(record)}\n`, undefined, { mode: 0o600 });
  if (written.ok) return ok(path);
  return fail('FILE_WRITE_FAILED', `Cannot write the daemon discovery file ${path}`, {
    path,
    cause: String(written.error.details?.osCode ?? written.error.message),
  });
}

/** Why an entry is not usable; null when it vanished (its server just stopped). */
type EntryProblem = string | null;

/** An entry's text, or why it cannot be trusted or read. */
async function readOwnFile(path: string): Promise<Result<string, EntryProblem>> {
  // O_NOFOLLOW: a symlink planted in the discovery folder must not point the CLI at another file.
  const flags = constants.O_RDONLY | (POSIX ? constants.O_NOFOLLOW : 0);
  let handle: FileHandle;
  try {
    handle = await open(path, flags);
  } catch (error) {
    const cause = causeOf(error);
    return { ok: false, error: cause === 'ENOENT' ? null : `${path} cannot be read (${cause})` };
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

/** One entry's record, or why it is not usable. */
async function readEntry(path: string): Promise<Result<DaemonRecord, EntryProblem>> {
  const read = await readOwnFile(path);
  if (!read.ok) return read;
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.value);
  } catch {
    return { ok: false, error: `${path} is not valid JSON` };
  }
  const record = parseDaemonRecord(parsed);
  return record === null ? { ok: false, error: `${path} does not describe a daemon` } : ok(record);
}

/** The entry names in the discovery folder, or why the folder cannot be trusted. */
async function entryNames(directory: string): Promise<Result<string[], string>> {
  try {
    const stats = await lstat(directory);
    if (!stats.isDirectory()) return { ok: false, error: `${directory} is not a folder` };
    if (POSIX && process.getuid !== undefined && stats.uid !== process.getuid())
      return { ok: false, error: `${directory} belongs to another user` };
    // Why: in a folder others can write, they could plant or remove entries.
    if (POSIX && (stats.mode & 0o022) !== 0)
      return { ok: false, error: `${directory} is writable by other users` };
    return ok((await readdir(directory)).filter((name) => name.endsWith('.json')).sort());
  } catch (error) {
    const cause = causeOf(error);
    return { ok: false, error: cause === 'ENOENT' ? 'no daemon is registered' : `${directory} (${cause})` };
  }
}

/** Every registered server, newest first, and why other entries were skipped. */
export interface DiscoveryList {
  records: DaemonRecord[];
  skipped: string[];
}

function startedAtMs(record: DaemonRecord): number {
  const time = Date.parse(record.startedAt);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * Lists the registered servers whose process is alive, newest first. The entry of a process that is gone is
 * removed; answering /ping and /version is the caller's check (see `forgetDiscovery`).
 */
export async function listDiscovery(home: string): Promise<DiscoveryList> {
  const directory = daemonDirectory(home);
  const names = await entryNames(directory);
  if (!names.ok) return { records: [], skipped: [names.error] };
  const records: DaemonRecord[] = [];
  const skipped: string[] = [];
  for (const name of names.value) {
    const path = join(directory, name);
    const entry = await readEntry(path);
    if (!entry.ok) {
      if (entry.error !== null) skipped.push(entry.error);
      continue;
    }
    if (!isProcessAlive(entry.value.pid)) {
      skipped.push(`daemon pid ${entry.value.pid} is gone`);
      await unlink(path).catch(() => undefined);
      continue;
    }
    records.push(entry.value);
  }
  records.sort((a, b) => startedAtMs(b) - startedAtMs(a));
  return { records, skipped };
}

/** The newest registered server whose process is alive, or why there is none. */
export async function readDiscovery(home: string): Promise<DiscoveryRead> {
  const listed = await listDiscovery(home);
  const [record] = listed.records;
  if (record !== undefined) return { kind: 'found', record };
  return { kind: 'absent', reason: listed.skipped.join('; ') || 'no daemon is registered' };
}

/** Removes the entry of a server that certainly no longer serves (its address refuses connections). */
export async function forgetDiscovery(home: string, record: DaemonRecord): Promise<void> {
  const path = discoveryEntryPath(home, record);
  const current = await readEntry(path);
  // Only if it still describes that server: a new one on the same pid and port has replaced it otherwise.
  if (current.ok && current.value.startedAt === record.startedAt && current.value.token === record.token)
    await unlink(path).catch(() => undefined);
}

/** Removes this server's own entry; the entries of other servers stay. */
export async function removeDiscovery(home: string, owner: Pick<DaemonRecord, 'pid' | 'url'>): Promise<void> {
  await unlink(discoveryEntryPath(home, owner)).catch(() => undefined);
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
