// Which process writes each unfinished run: `<run folder>/.owner` exists from createRun until the final run.json
// is stored (listings, reads and exports never show dot files). A run whose owner is gone (or whose final record could not be written) is marked
// 'interrupted' on the next start, instead of staying 'running' forever.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { readdir, readFile, unlink } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic, writeFileExclusive, type FileOperations } from '../../node/fs/atomicWrite';
import type { Result } from '../../shared/errors';
import { readRunRecord } from './readRun';
import { RECORD_FILE, serializeRecord } from './runHandle';
import { isRunId } from './runId';

/** The owner file in a run folder; its leading dot keeps it out of RUN_FILE_PATTERN, so out of the evidence. */
export const OWNER_FILE = '.owner';

const ownerSchema = z.object({ pid: z.int().positive(), host: z.string() });
type Owner = z.output<typeof ownerSchema>;

/** Run folders this process still writes (any store): their final record is yet to come. */
const activeRuns = new Set<string>();

/** Notes that this process writes the run in `folder` until `finishRun`. */
export function startRun(folder: string): void {
  activeRuns.add(folder);
}

/** The run's final record was written (or failed to be): this process writes it no more. */
export function finishRun(folder: string): void {
  activeRuns.delete(folder);
}

/** Registers this process as the writer of the run in `folder` (its staging folder, before it is renamed). */
export function writeOwner(folder: string, operations: FileOperations): Promise<Result<void>> {
  const owner: Owner = { pid: process.pid, host: hostname() };
  return writeFileExclusive(join(folder, OWNER_FILE), JSON.stringify(owner), operations, { sync: false });
}

/** The run in `folder` is finished (or was marked interrupted): it has no owner any more. */
export async function removeOwner(folder: string): Promise<void> {
  await unlink(join(folder, OWNER_FILE)).catch(() => undefined);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds that pid, so it is alive (and may be the owner).
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** The owner of a run, 'none' for a finished run (no owner file), null for an unreadable owner file. */
async function readOwner(folder: string): Promise<Owner | 'none' | null> {
  let text: string;
  try {
    text = await readFile(join(folder, OWNER_FILE), 'utf8');
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'ENOENT' ? 'none' : null;
  }
  try {
    const parsed = ownerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * True when nobody will finish the run in `folder`: its owner process is gone, or it is this process and the run
 * is not one it still writes. Runs owned on another host (a shared evidence folder) are left to that host.
 */
function abandoned(owner: Owner | null, folder: string): boolean {
  if (owner === null) return true;
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !activeRuns.has(folder);
  return !processAlive(owner.pid);
}

/**
 * Marks every abandoned run that is still 'running' as 'interrupted' and drops its owner file. A run whose record
 * cannot be rewritten now (the folder is still read-only) keeps its owner file, so a later start tries again.
 * Answers the ids it marked and those it could not mark yet.
 */
export async function markInterruptedRuns(
  directory: string,
  operations: FileOperations,
): Promise<{ marked: string[]; unmarked: string[] }> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return { marked: [], unmarked: [] };
  }
  const marked: string[] = [];
  const unmarked: string[] = [];
  for (const id of names.filter(isRunId)) {
    const folder = join(directory, id);
    const owner = await readOwner(folder);
    if (owner === 'none' || !abandoned(owner, folder)) continue;
    const record = await readRunRecord(directory, id);
    if (!record.ok || record.value.status !== 'running') {
      if (record.ok) await removeOwner(folder);
      continue;
    }
    const target = join(directory, id, RECORD_FILE);
    const text = serializeRecord({ ...record.value, status: 'interrupted' }, target);
    const written = text.ok
      ? await writeFileAtomic(target, text.value, operations, { syncDirectory: true })
      : text;
    if (!written.ok) {
      unmarked.push(id);
      continue;
    }
    await removeOwner(folder);
    marked.push(id);
  }
  return { marked, unmarked };
}
