// The one-time move of ~/.androperator (the folder of earlier releases) into the data folder. Crash-safe: each entry
// is renamed in one step, or (across file systems) copied to a temporary name, renamed into place and only then
// removed from the old folder, so an interrupted start leaves every file in one of the two places and the next start
// finishes the move. An entry that already exists in the data folder is never overwritten: it stays where it is.
import { cp, lstat, mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  dataFolder,
  dataPaths,
  homeOverride,
  legacyFolder,
  type DataPaths,
  type FolderContext,
} from './dataFolder';

export type { DataPaths, FolderContext } from './dataFolder';

/** Written into the data folder after the move; its presence means "done, never again". */
export const MIGRATION_MARKER = 'migrated-from-dot-androperator.json';
/** Left in the old folder when something had to stay there. */
export const LEFT_BEHIND_NOTE = 'MOVED.txt';
const PARTIAL_SUFFIX = '.migrating';
/**
 * Not moved: discovery entries belong to the processes that wrote them (an older serve removes its own on exit), and
 * they mean nothing after those processes end.
 */
const EPHEMERAL = new Set(['daemons']);

export interface MigrationReport {
  from: string;
  to: string;
  /** Entry names moved into the data folder. */
  moved: string[];
  /** Entry names left in the old folder because the data folder already has one of that name. */
  kept: string[];
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    (error: unknown) => {
      if (errorCode(error) === 'ENOENT') return false;
      throw error;
    },
  );
}

async function entriesOf(folder: string): Promise<string[] | undefined> {
  return readdir(folder).catch((error: unknown) => {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw error;
  });
}

/** Moves one entry; false when the target already exists (nothing is touched then). */
async function moveEntry(source: string, target: string): Promise<boolean> {
  if (await exists(target)) return false;
  try {
    await rename(source, target);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return !(await exists(source));
    if (errorCode(error) !== 'EXDEV') throw error;
  }
  const partial = `${target}${PARTIAL_SUFFIX}`;
  await rm(partial, { recursive: true, force: true });
  await cp(source, partial, { recursive: true, preserveTimestamps: true, errorOnExist: true });
  await rename(partial, target);
  await rm(source, { recursive: true, force: true });
  return true;
}

async function markerOf(folder: string): Promise<MigrationReport | undefined> {
  const text = await readFile(join(folder, MIGRATION_MARKER), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as MigrationReport;
  } catch {
    return { from: '', to: folder, moved: [], kept: [] };
  }
}

/**
 * Moves ~/.androperator into the data folder once; undefined when there was nothing to do (ANDROPERATOR_HOME set,
 * no old folder, or moved before). Throws only on file-system errors other than "missing".
 */
export async function migrateLegacyFolder(context: FolderContext): Promise<MigrationReport | undefined> {
  if (homeOverride(context) !== undefined) return undefined;
  const from = legacyFolder(context);
  const to = dataFolder(context);
  if (from === to) return undefined;
  if ((await markerOf(to)) !== undefined) return undefined;
  const entries = await entriesOf(from);
  if (entries === undefined) return undefined;
  await mkdir(to, { recursive: true, mode: 0o700 });
  // Leftovers of an interrupted cross-device copy are removed: their source is still in the old folder.
  for (const name of await readdir(to))
    if (name.endsWith(PARTIAL_SUFFIX)) await rm(join(to, name), { recursive: true, force: true });
  const moved: string[] = [];
  const kept: string[] = [];
  for (const name of entries.sort()) {
    if (EPHEMERAL.has(name) || name === LEFT_BEHIND_NOTE) continue;
    if (await moveEntry(join(from, name), join(to, name))) moved.push(name);
    else kept.push(name);
  }
  for (const name of EPHEMERAL)
    await rm(join(from, name), { recursive: true, force: true }).catch(() => undefined);
  const report: MigrationReport = { from, to, moved, kept };
  if (kept.length === 0) {
    await rm(join(from, LEFT_BEHIND_NOTE), { force: true });
    // Only an empty folder goes; anything a process wrote meanwhile stays.
    await rmdir(from).catch(() => undefined);
  } else {
    await writeFile(
      join(from, LEFT_BEHIND_NOTE),
      `androperator now keeps its files in ${to}.\n` +
        `These entries were not moved because ${to} already had one of the same name:\n` +
        kept.map((name) => `  ${name}\n`).join(''),
    );
  }
  await writeFile(
    join(to, MIGRATION_MARKER),
    `${JSON.stringify({ ...report, at: new Date().toISOString() })}\n`,
  );
  return report;
}

/** One line for stderr saying what a migration did. */
export function describeMigration(report: MigrationReport): string {
  const moved = report.moved.length === 0 ? 'nothing needed moving' : `moved ${report.moved.join(', ')}`;
  const kept =
    report.kept.length === 0
      ? ''
      : `; kept ${report.kept.join(', ')} in ${report.from} (already in the data folder, see ${LEFT_BEHIND_NOTE} there)`;
  return `data folder is now ${report.to}: from ${report.from} ${moved}${kept}`;
}

/**
 * The data paths of `context`, after moving ~/.androperator into the data folder when that is still to do. A failed
 * move is reported through `log` and leaves the old folder as it is; the paths are returned either way.
 */
export async function openDataFolder(
  context: FolderContext,
  log: (message: string) => void,
): Promise<DataPaths> {
  try {
    const report = await migrateLegacyFolder(context);
    if (report !== undefined) log(describeMigration(report));
  } catch (error) {
    log(
      `could not move ${legacyFolder(context)} into ${dataFolder(context)} (${error instanceof Error ? error.message : String(error)}); the old folder is left as it is`,
    );
  }
  return dataPaths(context);
}
