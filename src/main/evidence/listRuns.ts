// The evidence history: run folders newest first, unreadable ones reported rather than failing the list.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import { osCodeOf, readFailed } from '../../node/fs/fileErrors';
import { readAttachments } from './attachments';
import { readRunRecord } from './readRun';
import { isRunId, secondOf } from './runId';
import { THUMBNAIL_FILE } from './thumbnail';
import type { ListRunsOptions, RunList, RunRecord, RunSummary, SkippedRun } from './types';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function summarize(directory: string, record: RunRecord): Promise<RunSummary> {
  const path = join(directory, record.id);
  const screenshotFile = record.screenshot?.file;
  const [hasScreenshot, hasThumbnail, attachments] = await Promise.all([
    screenshotFile === undefined ? false : isFile(join(path, screenshotFile)),
    isFile(join(path, THUMBNAIL_FILE)),
    readAttachments(path),
  ]);
  const summary: RunSummary = {
    id: record.id,
    path,
    status: record.status,
    startedAt: record.startedAt,
    deviceSerial: record.device.serial,
    hasScreenshot,
  };
  if (record.label !== undefined) summary.label = record.label;
  if (record.finishedAt !== undefined) summary.finishedAt = record.finishedAt;
  if (record.device.model !== undefined) summary.deviceModel = record.device.model;
  if (record.group !== undefined) {
    summary.groupId = record.group.id;
    summary.groupIndex = record.group.index;
  }
  if (hasScreenshot && screenshotFile !== undefined) summary.screenshotFile = screenshotFile;
  if (hasThumbnail) summary.thumbnailFile = THUMBNAIL_FILE;
  if (record.captureCheck !== undefined) summary.inCapture = record.captureCheck.inCapture;
  if (record.context !== undefined) summary.context = record.context;
  if (record.logExcerpt !== undefined) summary.logExcerpt = record.logExcerpt;
  if (record.crashes !== undefined) summary.crashesSeen = record.crashes.entries.length;
  if (record.captures !== undefined) summary.captureCount = record.captures.length;
  // An unreadable attachments.json does not hide the run: its attachments are still files in the folder.
  if (attachments.ok && attachments.value.length > 0) summary.attachments = attachments.value;
  return summary;
}

/** Run ids grouped by the second they started in, newest second first. */
function groupBySecond(ids: string[]): string[][] {
  const groups: string[][] = [];
  for (const id of [...ids].sort().reverse()) {
    const last = groups[groups.length - 1];
    if (last !== undefined && secondOf(last[0] ?? '') === secondOf(id)) last.push(id);
    else groups.push([id]);
  }
  return groups;
}

function newestFirst(a: RunRecord, b: RunRecord): number {
  const byTime = Date.parse(b.startedAt) - Date.parse(a.startedAt);
  return byTime !== 0 ? byTime : b.id < a.id ? -1 : b.id > a.id ? 1 : 0;
}

/**
 * Runs under `directory`, newest first (by start time, then id). Ids order runs to the second, so folders are
 * read one second at a time until `limit` is reached; `skipped` lists the unreadable folders among those read.
 */
export async function listRunsIn(directory: string, options: ListRunsOptions = {}): Promise<Result<RunList>> {
  const { limit, deviceSerial } = options;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1))
    return fail('INVALID_BODY', 'limit must be a positive integer', { limit });
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (osCodeOf(error) === 'ENOENT') return ok({ runs: [], skipped: [] });
    return readFailed(directory, error);
  }
  const runs: RunSummary[] = [];
  const skipped: SkippedRun[] = [];
  for (const group of groupBySecond(names.filter(isRunId))) {
    if (limit !== undefined && runs.length >= limit) break;
    const results = await Promise.all(group.map((id) => readRunRecord(directory, id)));
    const records: RunRecord[] = [];
    results.forEach((result, index) => {
      if (result.ok) records.push(result.value);
      else skipped.push({ id: group[index] ?? '', reason: result.error.message });
    });
    const wanted = records.filter(
      (record) => deviceSerial === undefined || record.device.serial === deviceSerial,
    );
    runs.push(...(await Promise.all(wanted.sort(newestFirst).map((record) => summarize(directory, record)))));
  }
  return ok({ runs: limit === undefined ? runs : runs.slice(0, limit), skipped });
}
