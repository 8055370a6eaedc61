// Where a held run's capture is stored: only a file run.json names for that capture index, a plain PNG name inside
// the run folder. Nothing the caller sends becomes a path; the index only selects an entry of run.json's captures.
import { basename, join, relative } from 'node:path';
import type { RunCapture } from '../../shared/api/evidence';
import { RUN_FILE_PATTERN } from '../../shared/api/evidenceSchemas';
import { fail, ok, type Result } from '../../shared/errors';
import type { RunRecord } from './types';

/** True for a plain PNG file name (no separators, no leading dot, nothing but [A-Za-z0-9._-]). */
export function isPlainPngName(file: string): boolean {
  return (
    RUN_FILE_PATTERN.test(file) &&
    basename(file) === file &&
    !file.includes('..') &&
    file.toLowerCase().endsWith('.png')
  );
}

/** The record's stored captures whose file is a plain PNG name, in index order. */
export function storedCaptures(record: RunRecord): Array<RunCapture & { file: string }> {
  return (record.captures ?? [])
    .filter((capture): capture is RunCapture & { file: string } => capture.file !== undefined)
    .filter((capture) => capture.status === 'succeeded' && isPlainPngName(capture.file))
    .sort((a, b) => a.index - b.index);
}

/** The absolute path of capture `index` of the run in `runFolder`, or why there is none. */
export function capturePath(record: RunRecord, runFolder: string, index: number): Result<string> {
  const id = record.id;
  const captures = record.captures ?? [];
  const capture = captures.find((entry) => entry.index === index);
  if (capture === undefined)
    return fail(
      'EVIDENCE_NOT_FOUND',
      captures.length === 0
        ? `Run ${id} has no captures: only a run started with "Run and hold" records them`
        : `Run ${id} has no capture ${index}: its captures are ${captures.map((entry) => entry.index).join(', ')}`,
      { id, capture: index, reason: 'no_such_capture' },
    );
  if (capture.file === undefined || capture.status === 'failed')
    return fail('EVIDENCE_NOT_FOUND', `Run ${id}: capture ${index} failed, so it has no image`, {
      id,
      capture: index,
      reason: 'capture_failed',
    });
  const file = capture.file;
  const path = join(runFolder, file);
  if (!isPlainPngName(file) || relative(runFolder, path) !== file)
    return fail(
      'EVIDENCE_CORRUPT',
      `Run ${id}: capture ${index} names ${JSON.stringify(file)} in run.json, which is not a plain PNG file name in the run folder`,
      { id, capture: index, reason: 'unsafe_capture_file' },
    );
  return ok(path);
}
