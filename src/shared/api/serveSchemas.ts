// The Serve API's request bodies (reference section 6), declared once: zod schemas, the types inferred from them,
// and which stable code a wrong field answers with. The execution itself stays raw here: the canonical execution
// validator checks it, with its own order and messages.
import { z } from 'zod';
import { fail, type ErrorCode, type Result } from '../errors';
import { isPackageName } from '../packageName';
import { parseWith, type FieldIssue } from '../schema/parse';

const RUN_ID = /^[A-Za-z0-9._:-]{1,240}$/;
const MAX_DEVICE_ID_LENGTH = 256;

function isNonBlank(value: string): boolean {
  return value.trim() !== '';
}

const DEVICE_ID_RULE = `must be a non-blank string of at most ${MAX_DEVICE_ID_LENGTH} characters`;
const PACKAGE_RULE = 'must be an Android package name';
const RUN_ID_RULE = 'must be 1..240 characters of A-Z a-z 0-9 . _ : -';
const PATH_RULE = 'must be a non-empty string';
const OVERWRITE_RULE = 'must be true or false';

/** `overwrite: true` lets take_screenshot replace an existing regular file at its path (never a symbolic link). */
const overwriteField = z.boolean({ error: OVERWRITE_RULE }).optional();

/** Where an execution goes and how it is labelled, as a request may give it. */
const targetShape = {
  deviceId: z
    .string({ error: DEVICE_ID_RULE })
    .refine((value) => isNonBlank(value) && value.length <= MAX_DEVICE_ID_LENGTH, DEVICE_ID_RULE)
    .optional(),
  operatorPackage: z.string({ error: PACKAGE_RULE }).refine(isPackageName, PACKAGE_RULE).optional(),
  runId: z.string({ error: RUN_ID_RULE }).regex(RUN_ID, RUN_ID_RULE).optional(),
};

/**
 * `POST /execute`: `{ execution, deviceId?, operatorPackage?, runId?, overwrite? }`; `execution` is raw (aliases
 * allowed).
 */
export const ExecuteBodySchema = z.strictObject({
  execution: z.custom<unknown>((value) => value !== undefined && value !== null, { error: 'is missing' }),
  ...targetShape,
  overwrite: overwriteField,
});

/** `POST /snapshot`: `{ deviceId?, operatorPackage?, runId? }`. */
export const SnapshotBodySchema = z.strictObject(targetShape);

/**
 * `POST /screenshot`: the snapshot fields plus `path?` and `overwrite?`. The runner checks the path's rules
 * (absolute, ending in .png, no `..`, not a symbolic link, not an existing file without overwrite) as INVALID_PATH.
 */
export const ScreenshotBodySchema = z.strictObject({
  ...targetShape,
  path: z.string({ error: PATH_RULE }).refine(isNonBlank, PATH_RULE).optional(),
  overwrite: overwriteField,
});

export type TargetFields = z.output<typeof SnapshotBodySchema>;
export type ExecuteBody = z.output<typeof ExecuteBodySchema>;
export type ScreenshotBody = z.output<typeof ScreenshotBodySchema>;

/** The code of each field; a body that is not an object and unknown keys are INVALID_BODY. */
const FIELD_CODES: Readonly<Record<string, ErrorCode>> = {
  execution: 'MISSING_EXECUTION',
  deviceId: 'INVALID_DEVICE_ID',
  operatorPackage: 'INVALID_OPERATOR_PACKAGE',
  runId: 'INVALID_RUN_ID',
  path: 'INVALID_PATH',
};

/** Messages the reference fixes word for word, by field ('' is the body itself). */
const REFERENCE_MESSAGES: Readonly<Record<string, string>> = {
  '': 'Invalid or missing JSON body',
  execution: "Missing 'execution' in body",
  path: "'path' must be a non-empty string",
};

/** The order the checks report in: the body, execution, unknown keys, then the target fields and path. */
const UNKNOWN_KEY = '*';
const CHECK_ORDER = [
  '',
  'execution',
  UNKNOWN_KEY,
  'deviceId',
  'operatorPackage',
  'runId',
  'path',
  'overwrite',
];

/**
 * Parses a Serve body with its schema. The first problem in check order decides the code and names the field:
 * `<route>: <field> <rule>`, or the reference's own message where it has one. Unknown keys are refused (the
 * reference ignores them): a misspelt `device_id` would otherwise run on whichever single device is connected.
 */
export function parseServeBody<S extends z.ZodObject>(
  schema: S,
  body: unknown,
  route: string,
): Result<z.output<S>> {
  const parsed = parseWith(schema, body, { code: 'INVALID_BODY', context: route });
  if (parsed.ok) return parsed;
  const known = new Set(Object.keys(schema.shape));
  const category = (issue: FieldIssue): string =>
    issue.field === '' || known.has(issue.field) ? issue.field : UNKNOWN_KEY;
  const rank = (issue: FieldIssue): number => CHECK_ORDER.indexOf(category(issue));
  // parseWith puts every issue in details.issues (see schema/parse.ts).
  const issues = (parsed.error.details?.issues ?? []) as FieldIssue[];
  const first = [...issues].sort((left, right) => rank(left) - rank(right))[0];
  if (first === undefined) return parsed;
  const code = FIELD_CODES[category(first)] ?? 'INVALID_BODY';
  const unknownKeys = issues.filter((issue) => category(issue) === UNKNOWN_KEY);
  const message = REFERENCE_MESSAGES[category(first)] ?? `${route}: ${first.field} ${first.message}`;
  return fail(code, message, {
    context: route,
    field: first.field,
    issues,
    ...(unknownKeys.length > 0 ? { invalidKeys: unknownKeys.map((issue) => issue.field) } : {}),
  });
}

/** `POST /execute`'s body; no body is INVALID_BODY. */
export function parseExecuteBody(body: unknown): Result<ExecuteBody> {
  return parseServeBody(ExecuteBodySchema, body, 'POST /execute');
}

/** `POST /snapshot` (`withPath` false) or `POST /screenshot` (`path` too); no body means `{}`. */
export function parseObserveBody(body: unknown, withPath: boolean): Result<ScreenshotBody> {
  const input = body === undefined ? {} : body;
  return withPath
    ? parseServeBody(ScreenshotBodySchema, input, 'POST /screenshot')
    : parseServeBody(SnapshotBodySchema, input, 'POST /snapshot');
}
