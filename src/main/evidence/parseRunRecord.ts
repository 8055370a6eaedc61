// Validates run.json (unknown → RunRecord) with the shared schema, so a hand-edited or truncated file gives a
// clear error naming the field.
import { runRecordSchema } from '../../shared/api/evidenceSchemas';
import { fail, ok, type Result } from '../../shared/errors';
import { fieldIssues } from '../../shared/schema/parse';
import type { RunRecord } from './types';

export { RUN_FILE_PATTERN } from '../../shared/api/evidenceSchemas';

/** The typed record, or the first problem as an error value (EVIDENCE_CORRUPT, details.field). */
export function parseRunRecord(value: unknown): Result<RunRecord> {
  const parsed = runRecordSchema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const [issue] = fieldIssues(parsed.error);
  const field = issue === undefined || issue.field === '' ? 'run.json' : issue.field;
  return fail('EVIDENCE_CORRUPT', `run.json is invalid: ${field} ${issue?.message ?? 'is invalid'}`, {
    field,
    reason: 'schema',
  });
}

/** Parses run.json text; syntax errors come back as EVIDENCE_CORRUPT with reason 'syntax'. */
export function parseRunJson(text: string): Result<RunRecord> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return fail('EVIDENCE_CORRUPT', `run.json is not valid JSON: ${detail}`, { reason: 'syntax' });
  }
  return parseRunRecord(value);
}
