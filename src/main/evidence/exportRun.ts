// Copies a run out of the store: a folder copy or a .zip, never overwriting and never visible half-written.
import { randomUUID } from 'node:crypto';
import { constants, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import {
  pathExists,
  TEMPORARY_SUFFIX,
  writeNewFileAtomic,
  type FileOperations,
} from '../../node/fs/atomicWrite';
import { readFailed, writeFailed } from '../../node/fs/fileErrors';
import { readAttachments } from './attachments';
import { RECORD_FILE } from './runHandle';
import type { ExportedRun, ExportFormat } from './types';
import { parseRunJson } from './parseRunRecord';
import { shareableFiles } from './shareable';
import { laterCaptures } from './captureShareables';
import { buildZip, type ZipEntry } from './zipArchive';
import { freeDestination, MAX_COPIES } from './exportRunName';

interface ExtraFile {
  name: string;
  data: Uint8Array;
}

/**
 * The annotated screenshot (and a held run's later captures) and the HTML summary, from the run's own run.json and screenshot; none when run.json
 * does not parse (the raw files are still exported, and the answer's file list shows what the export holds).
 */
async function extraFiles(folder: string, files: readonly string[]): Promise<ExtraFile[]> {
  let record;
  try {
    const parsed = parseRunJson(await readFile(join(folder, RECORD_FILE), 'utf8'));
    if (!parsed.ok) return [];
    record = parsed.value;
  } catch {
    return [];
  }
  const shot = record.screenshot?.file;
  let screenshot: Uint8Array | undefined;
  if (shot !== undefined && files.includes(shot)) {
    try {
      screenshot = await readFile(join(folder, shot));
    } catch {
      screenshot = undefined;
    }
  }
  const logFile = record.logExcerpt?.file;
  let logText: string | undefined;
  if (logFile !== undefined && files.includes(logFile)) {
    try {
      logText = await readFile(join(folder, logFile), 'utf8');
    } catch {
      logText = undefined;
    }
  }
  const listed = await readAttachments(folder);
  const attachments = listed.ok ? listed.value.filter((attachment) => files.includes(attachment.file)) : [];
  const captures: Array<{ file: string; data: Uint8Array }> = [];
  for (const capture of laterCaptures(record)) {
    if (!files.includes(capture.file)) continue;
    try {
      captures.push({ file: capture.file, data: await readFile(join(folder, capture.file)) });
    } catch {
      // Gone since the listing: the raw file list already says what the export holds.
    }
  }
  try {
    return (await shareableFiles(record, screenshot, logText, attachments, captures)).filter(
      (extra) => !files.includes(extra.name),
    );
  } catch {
    // A screenshot the image decoder refuses: the summary without the picture still helps the ticket.
    return (await shareableFiles(record, undefined, logText, attachments)).filter(
      (extra) => !files.includes(extra.name),
    );
  }
}

/** The run folder's regular files (temporary siblings and the dot-named owner file excluded), run.json first. */
async function runFiles(folder: string): Promise<Result<string[]>> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    const files = entries
      .filter(
        (entry) => entry.isFile() && !entry.name.endsWith(TEMPORARY_SUFFIX) && !entry.name.startsWith('.'),
      )
      .map((entry) => entry.name)
      .sort((a, b) => (a === RECORD_FILE ? -1 : b === RECORD_FILE ? 1 : a < b ? -1 : a > b ? 1 : 0));
    return ok(files);
  } catch (error) {
    return readFailed(folder, error);
  }
}

function destinationExists(destination: string, reason = 'destination_exists') {
  return fail(
    'EVIDENCE_WRITE_FAILED',
    `Export destination ${destination} already exists`,
    { path: destination, osCode: 'EEXIST', reason },
    'The console never overwrites an export: choose another file name (or keep the suggested one).',
  );
}

/** What to do about a failed export write, by the OS error: the code's own advice speaks of the evidence folder. */
function exportHint(osCode: unknown): string {
  switch (osCode) {
    case 'ENOENT':
    case 'ENOTDIR':
      return 'The destination folder does not exist: create it, or choose a path in a folder that exists.';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'The destination folder cannot be written: choose a folder you can write to.';
    case 'ENOSPC':
      return 'The destination disk is full: free space or choose another disk.';
    default:
      return 'Choose a path in a folder you can write to, with free space, and export again.';
  }
}

function isDestinationExists(result: Result<unknown>): boolean {
  return !result.ok && result.error.details?.['reason'] === 'destination_exists';
}

// Copies into a hidden sibling, then renames it into place, so the destination appears complete or not at all.
async function exportFolder(
  folder: string,
  files: string[],
  extras: readonly ExtraFile[],
  destination: string,
): Promise<Result<void>> {
  const staging = `${destination}.${randomUUID()}${TEMPORARY_SUFFIX}`;
  try {
    await mkdir(staging, { mode: 0o700 });
    for (const file of files)
      await copyFile(join(folder, file), join(staging, file), constants.COPYFILE_EXCL);
    for (const extra of extras) await writeFile(join(staging, extra.name), extra.data, { flag: 'wx' });
    // rename() would replace an empty directory that appeared meanwhile: look again just before.
    if (await pathExists(destination)) {
      await rm(staging, { recursive: true, force: true });
      return destinationExists(destination);
    }
    await rename(staging, destination);
    return ok(undefined);
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    return writeFailed(destination, error);
  }
}

/** The run's files and extras as one zip archive under `<id>/`, in memory. */
async function zipOfRun(
  id: string,
  folder: string,
  files: readonly string[],
  extras: readonly ExtraFile[],
  reportedPath: string,
): Promise<Result<Uint8Array>> {
  const entries: ZipEntry[] = [];
  const now = new Date();
  for (const file of files) {
    const path = join(folder, file);
    try {
      const [data, info] = await Promise.all([readFile(path), stat(path)]);
      entries.push({ name: `${id}/${file}`, data, modifiedAt: info.mtime });
    } catch (error) {
      return readFailed(path, error);
    }
  }
  for (const extra of extras)
    entries.push({ name: `${id}/${extra.name}`, data: extra.data, modifiedAt: now });
  try {
    return ok(buildZip(entries));
  } catch (error) {
    return writeFailed(reportedPath, error, 'archive_too_large');
  }
}

async function exportZip(
  id: string,
  folder: string,
  files: string[],
  extras: readonly ExtraFile[],
  destination: string,
  operations: FileOperations,
): Promise<Result<void>> {
  const archive = await zipOfRun(id, folder, files, extras, destination);
  if (!archive.ok) return archive;
  const written = await writeNewFileAtomic(destination, archive.value, operations);
  if (!written.ok && written.error.details?.['osCode'] === 'EEXIST') return destinationExists(destination);
  return written;
}

/** Run folder `folder` (already validated as run `id`) as the same zip an export writes, for a browser download. */
export async function archiveRunFolder(
  id: string,
  folder: string,
): Promise<Result<{ fileName: string; bytes: Uint8Array; files: string[] }>> {
  const files = await runFiles(folder);
  if (!files.ok) return files;
  const extras = await extraFiles(folder, files.value);
  const archive = await zipOfRun(id, folder, files.value, extras, folder);
  if (!archive.ok) return archive;
  return ok({
    fileName: `${id}.zip`,
    bytes: archive.value,
    files: [...files.value, ...extras.map((extra) => extra.name)],
  });
}

/** What an export does when its destination exists: fail (a path the user typed), or take the next free copy name. */
export type IfExists = 'fail' | 'rename';

async function exportOnce(
  id: string,
  folder: string,
  destination: string,
  format: ExportFormat,
  operations: FileOperations,
): Promise<Result<ExportedRun>> {
  if (await pathExists(destination)) return destinationExists(destination);
  const files = await runFiles(folder);
  if (!files.ok) return files;
  const extras = await extraFiles(folder, files.value);
  const written =
    format === 'folder'
      ? await exportFolder(folder, files.value, extras, destination)
      : await exportZip(id, folder, files.value, extras, destination, operations);
  if (!written.ok) {
    const { error } = written;
    if (error.code !== 'EVIDENCE_WRITE_FAILED' || error.hint !== undefined) return written;
    return { ok: false, error: { ...error, hint: exportHint(error.details?.['osCode']) } };
  }
  return ok({ path: destination, format, files: [...files.value, ...extras.map((extra) => extra.name)] });
}

/**
 * Exports run folder `folder` (already validated as run `id`) to the absolute path `destination`. With `ifExists`
 * "rename" an existing destination (or one that appears meanwhile) becomes its next free copy (`<id> (2).zip`); the
 * answer's path says where the export went. Nothing is ever overwritten.
 */
export async function exportRunFolder(
  id: string,
  folder: string,
  destination: string,
  format: ExportFormat,
  operations: FileOperations,
  ifExists: IfExists = 'fail',
): Promise<Result<ExportedRun>> {
  if (!isAbsolute(destination))
    return fail('INVALID_PATH', `Export destination must be an absolute path (got ${destination})`, {
      path: destination,
    });
  if (format !== 'zip' && format !== 'folder')
    return fail('INVALID_BODY', `Export format must be zip or folder (got ${String(format)})`, { format });
  if (ifExists === 'fail') return exportOnce(id, folder, destination, format, operations);
  for (let copy = 1; copy <= MAX_COPIES; copy += 1) {
    const free = await freeDestination(destination, copy);
    if (free === null) break;
    const exported = await exportOnce(id, folder, free.path, format, operations);
    if (!isDestinationExists(exported)) return exported;
    // Taken between the look and the write (another export, another program): go on after that copy.
    copy = free.copy;
  }
  return destinationExists(destination, 'no_free_name');
}
