// Arguments of the read-only inspection tools (reference section 2): dumpsys, environment, app, app list, top,
// content query. Declared once for MCP, the CLI and the console.
import { z } from 'zod';
import { IDENTIFIER } from './diagnosticsArguments';
import { PACKAGE_NAME } from './packageName';

/** An integer clamped into [minimum, maximum] as the reference does (list/top apps); non-integers are refused. */
const clampedInt = (minimum: number, maximum: number, fallback: number) =>
  z
    .number({ error: 'must be an integer' })
    .int('must be an integer')
    .transform((value) => Math.min(maximum, Math.max(minimum, value)))
    .optional()
    .transform((value) => value ?? fallback);

/** Service and arguments are checked by the allow-list (dumpsysAllowList.ts), which names the rule it applies. */
export const DUMPSYS_ARGUMENTS = z.strictObject({
  service: z.string({ error: 'must be a string' }).min(1, 'must name a service').describe('dumpsys service'),
  arguments: z
    .string({ error: 'must be a string' })
    .describe('Space-separated arguments, only the read-only forms of the allow-list (at most 16 words)')
    .optional(),
});

export const ENVIRONMENT_ARGUMENTS = z.strictObject({});

export const APP_ARGUMENTS = z.strictObject({
  package: PACKAGE_NAME.describe('Package to inspect; omit for the foreground app').optional(),
});

export const APP_SCOPES = ['all', 'user', 'system'] as const;

export const LIST_APPS_ARGUMENTS = z.strictObject({
  scope: z
    .enum(APP_SCOPES, { error: `must be one of ${APP_SCOPES.join(', ')}` })
    .default('all')
    .describe('all packages, user-installed (-3) or system (-s)'),
  limit: clampedInt(1, 500, 200).describe('Most packages listed (default 200, clamped to 1-500)'),
});

export const TOP_APPS_ARGUMENTS = z.strictObject({
  limit: clampedInt(1, 50, 10).describe('Processes listed, by resident memory (default 10, clamped to 1-50)'),
});

export const CONTENT_URI = /^content:\/\/[A-Za-z0-9:/._\-%?=&]+$/;
export const MAX_PROJECTION_COLUMNS = 64;
export const MAX_WHERE_CHARS = 1024;

/** The projection's columns: a string split on `,` or `:` (blanks around them dropped), or the array as given. */
export function projectionColumns(projection: string | readonly string[]): string[] {
  return typeof projection === 'string'
    ? projection.split(/[,:]/).map((column) => column.trim())
    : [...projection];
}

/** Why a projection is refused, or undefined when it is 1-64 identifier columns. */
export function projectionProblem(projection: string | readonly string[]): string | undefined {
  const columns = projectionColumns(projection);
  if (columns.length === 0 || columns.length > MAX_PROJECTION_COLUMNS)
    return `must name 1 to ${MAX_PROJECTION_COLUMNS} columns`;
  const bad = columns.find((column) => !IDENTIFIER.test(column));
  return bad === undefined
    ? undefined
    : `column ${JSON.stringify(bad)} must use only letters, digits and . _ $ -`;
}

export const CONTENT_QUERY_ARGUMENTS = z.strictObject({
  uri: z
    .string({ error: 'must be a content:// URI' })
    .max(2048, 'must be at most 2048 characters')
    .regex(CONTENT_URI, 'must start with content:// and use only letters, digits and : / . _ - % ? = &')
    .describe('content:// URI to query'),
  projection: z
    .union([z.string(), z.array(z.string())], { error: 'must be a string or an array of column names' })
    .superRefine((value, context) => {
      const problem = projectionProblem(value);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    })
    .describe('Columns: "a,b" or "a:b" or ["a","b"] (1-64 identifiers)')
    .optional(),
  where_clause: z
    .string({ error: 'must be a string' })
    .max(MAX_WHERE_CHARS, `must be at most ${MAX_WHERE_CHARS} characters`)
    .refine((value) => !/[\r\n\0]/.test(value), 'must not contain CR, LF or NUL')
    .describe('SQL selection passed as --where')
    .optional(),
});
