// Reading one run folder's run.json, with every failure as a value.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import { pathExists } from '../../node/fs/atomicWrite';
import { osCodeOf, readFailed, runNotFound } from '../../node/fs/fileErrors';
import { parseRunJson } from './parseRunRecord';
import { RECORD_FILE } from './runHandle';
import { isRunId } from './runId';
import type { RunRecord } from './types';

/** INVALID_RUN_ID unless `id` has the exact run id format (which also keeps it inside the evidence directory). */
export function checkRunId(id: string): Result<string> {
  if (typeof id !== 'string' || !isRunId(id))
    return fail('INVALID_RUN_ID', `${JSON.stringify(id)} is not a run id`, { id });
  return ok(id);
}

/** The record of run `id` under `directory`: EVIDENCE_NOT_FOUND, FILE_READ_FAILED or INVALID_JSON otherwise. */
export async function readRunRecord(directory: string, id: string): Promise<Result<RunRecord>> {
  const checked = checkRunId(id);
  if (!checked.ok) return checked;
  const path = join(directory, id, RECORD_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = osCodeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return runNotFound(id, (await pathExists(join(directory, id))) ? 'record_missing' : 'no_such_run');
    return readFailed(path, error);
  }
  const parsed = parseRunJson(text);
  if (!parsed.ok)
    return fail(parsed.error.code, `Run ${id}: ${parsed.error.message}`, {
      ...parsed.error.details,
      id,
      path,
    });
  if (parsed.value.id !== id)
    return fail('EVIDENCE_CORRUPT', `Run ${id}: run.json names another run (${parsed.value.id})`, {
      id,
      path,
      field: 'id',
      reason: 'schema',
    });
  return parsed;
}
