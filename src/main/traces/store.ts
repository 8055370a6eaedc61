// The private record of system trace captures: <data folder>/system-traces/ (0700, no group or other bits), one
// trace-<id> folder (0700) per capture with config.pb, session.json and lock, each created 0600 with 'wx'. At most
// 16 are kept; nothing is deleted except by delete_system_trace.
import { lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import { TRACE_ID } from '../../shared/traces/captureArguments';

export const MAX_CAPTURES = 16;
const SESSION_MAX_BYTES = 8192;
export const TRACE_FILE = 'trace.pftrace';

export interface TraceSession {
  id: string;
  deadline_unix_secs: number;
  package: string | null;
  sources: string[];
  device: string;
  path: string;
  status: 'recording' | 'stopped' | 'already_stopped';
  host_path?: string;
  bytes?: number;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Creates the root (0700) when missing and refuses one that is not a private directory of this user. */
export async function openRoot(root: string): Promise<Result<string>> {
  try {
    await mkdir(root, { recursive: true, mode: 0o700 });
    const stat = await lstat(root);
    if (!stat.isDirectory())
      return fail(
        'SYSTEM_TRACE_REFUSED',
        `${root} is not a directory: remove it so system traces can be kept there`,
      );
    if (process.platform !== 'win32') {
      if ((stat.mode & 0o077) !== 0)
        return fail(
          'SYSTEM_TRACE_REFUSED',
          `${root} is readable by others (mode ${(stat.mode & 0o777).toString(8)}): run chmod 700 on it`,
        );
      if (process.getuid && stat.uid !== process.getuid())
        return fail('SYSTEM_TRACE_REFUSED', `${root} belongs to another user: remove it or fix its owner`);
    }
    return ok(root);
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `cannot use the system trace folder ${root}: ${message(error)}`);
  }
}

/** The capture folders kept now. */
export async function captureIds(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && TRACE_ID.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

async function writeExclusive(path: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/** Creates trace-<id>/ with config.pb and session.json; fails if the folder exists. */
export async function createCapture(
  root: string,
  session: TraceSession,
  config: Uint8Array,
): Promise<Result<string>> {
  const folder = join(root, session.id);
  try {
    await mkdir(folder, { mode: 0o700 });
    await writeExclusive(join(folder, 'config.pb'), config);
    await writeExclusive(join(folder, 'session.json'), `${JSON.stringify(session, null, 2)}\n`);
    return ok(folder);
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `cannot record the capture in ${folder}: ${message(error)}`);
  }
}

/** Reads a regular file (not a symlink) of at most `max` bytes. */
async function readRegular(path: string, max: number): Promise<Buffer> {
  const stat = await lstat(path);
  if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
  if (stat.size > max) throw new Error(`${path} is larger than ${max} bytes`);
  return readFile(path);
}

/** The session of a capture this console started, or SYSTEM_TRACE_REFUSED for an id it does not know. */
export async function readSession(root: string, id: string): Promise<Result<TraceSession>> {
  const folder = join(root, id);
  try {
    const stat = await lstat(folder);
    if (!stat.isDirectory()) throw new Error('not a directory');
  } catch {
    return fail(
      'SYSTEM_TRACE_REFUSED',
      `${id} is not a capture started by this console (list_system_traces shows the ones kept)`,
      { trace_id: id },
    );
  }
  try {
    const parsed = JSON.parse(
      (await readRegular(join(folder, 'session.json'), SESSION_MAX_BYTES)).toString('utf8'),
    ) as TraceSession;
    if (parsed.id !== id) throw new Error(`session.json names ${String(parsed.id)}`);
    return ok(parsed);
  } catch (error) {
    return fail('SYSTEM_TRACE_REFUSED', `the record of ${id} is unreadable: ${message(error)}; delete it`, {
      trace_id: id,
    });
  }
}

/** Replaces a file through a new 0600 file renamed over it. */
async function replaceFile(path: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${path}.new`;
  await rm(temporary, { force: true });
  await writeExclusive(temporary, data);
  await rename(temporary, path);
}

export async function writeSession(root: string, session: TraceSession): Promise<Result<void>> {
  const path = join(root, session.id, 'session.json');
  try {
    await replaceFile(path, `${JSON.stringify(session, null, 2)}\n`);
    return ok(undefined);
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `cannot update ${path}: ${message(error)}`);
  }
}

/** Keeps the pulled trace as trace-<id>/trace.pftrace (0600). */
export async function saveTrace(root: string, id: string, data: Uint8Array): Promise<Result<string>> {
  const path = join(root, id, TRACE_FILE);
  try {
    await replaceFile(path, data);
    return ok(path);
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `cannot write the pulled trace to ${path}: ${message(error)}`);
  }
}

export async function removeCapture(root: string, id: string): Promise<Result<void>> {
  try {
    await rm(join(root, id), { recursive: true, force: true });
    return ok(undefined);
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `cannot delete ${join(root, id)}: ${message(error)}`);
  }
}
