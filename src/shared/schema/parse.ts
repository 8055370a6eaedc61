// How every boundary turns untrusted input into a typed value: one zod schema per shape, and on failure one
// structured error with a stable code that names the wrong field.
import type { z } from 'zod';
import { fail, ok, type AppError, type ErrorCode, type Result } from '../errors';
import { checkJsonDepth } from '../json/depth';

/** True for a plain object value (not null, not an array). The project's only copy. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One problem of an input: where (a dotted path, '' for the input itself) and what is wrong there. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** Where a parse happens, for messages: `<context>: <field> <rule>` (a channel, a route, a tool, a file). */
export interface ParseContext {
  code: ErrorCode;
  context: string;
}

function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** The input's problems, one per zod issue (an unknown key names that key). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    const base = pathText(issue.path);
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        field: base === '' ? key : `${base}.${key}`,
        message: 'is not a known field',
      }));
    return [{ field: base, message: issue.message }];
  });
}

/**
 * `<field> <rule>`. A rule written as a whole sentence about its field ('timeout_ms must be at most 10000',
 * 'verification needs at least one check') already names it: the field's last segment is replaced by the full path
 * rather than said twice.
 */
function withSubject(subject: string, rule: string): string {
  const leaf = subject.slice(subject.lastIndexOf('.') + 1);
  return rule.startsWith(`${leaf} `) ? `${subject}${rule.slice(leaf.length)}` : `${subject} ${rule}`;
}

/** The error for a failed parse: the first issue in the message, every issue in details. */
export function parseError(error: z.ZodError, where: ParseContext): AppError {
  const issues = fieldIssues(error);
  const first = issues[0] ?? { field: '', message: 'is invalid' };
  const subject = first.field === '' ? 'input' : first.field;
  return {
    code: where.code,
    message: `${where.context}: ${withSubject(subject, first.message)}`,
    details: { context: where.context, field: first.field, issues },
  };
}

/**
 * Parses `input` with `schema`: the typed value, or an error naming the field (never throws). Input nested past
 * MAX_JSON_DEPTH is EXECUTION_VALIDATION_FAILED before the schema sees it (schemas and their messages recurse).
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: ParseContext,
): Result<z.output<S>> {
  const tooDeep = checkJsonDepth(input, `${where.context}: input`);
  if (!tooDeep.ok) return tooDeep;
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const error = parseError(parsed.error, where);
  return fail(error.code, error.message, error.details);
}
