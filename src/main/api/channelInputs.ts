// Every channel's input, re-validated in the main process whatever the renderer already checked: one zod schema
// per channel (src/shared/api/channelSchemas.ts), errors naming the channel and the field with its stable code.
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { createChannelSchemas } from '../../shared/api/channelSchemas';
import type { ChannelInput, ConsoleChannel } from '../../shared/api/contract';
import { fieldCodes } from '../../shared/api/fieldRules';
import { fail, isErrorCode, ok, type AppError, type Result } from '../../shared/errors';
import { fieldIssues, isRecord } from '../../shared/schema/parse';

export { MAX_LIST_LIMIT, MAX_SEQUENCE_DEVICES } from '../../shared/api/channelSchemas';

/** Every channel's schema; a channel without one (or a stray one) is a compile error. */
const SCHEMAS: { [C in ConsoleChannel]: z.ZodType<ChannelInput<C>> } = createChannelSchemas(isAbsolute);

type ObjectSchema = z.ZodType & { shape?: Record<string, z.ZodType> };

function fieldSchema(schema: ObjectSchema, key: string): z.ZodType | undefined {
  const field = schema.shape?.[key];
  if (field === undefined) return undefined;
  return field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
}

function fieldError(code: AppError['code'], channel: ConsoleChannel, field: string, rule: string) {
  return fail(code, `${channel}: ${field} ${rule}`, { channel, field });
}

function isAppError(value: unknown): value is AppError {
  return isRecord(value) && isErrorCode(value['code']) && typeof value['message'] === 'string';
}

/** The one error for a failed parse, in the order the channel reference fixes. */
function channelError(
  channel: ConsoleChannel,
  schema: ObjectSchema,
  input: Record<string, unknown>,
  error: z.ZodError,
): Result<never> {
  const unknown = error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
  if (unknown.length > 0)
    return fail('INVALID_BODY', `${channel}: unknown field(s) ${unknown.join(', ')}`, {
      channel,
      field: unknown[0],
      invalidKeys: unknown,
    });
  for (const key of Object.keys(schema.shape ?? {})) {
    const declared = schema.shape?.[key];
    if (input[key] !== undefined || declared === undefined || declared.safeParse(undefined).success) continue;
    const field = fieldSchema(schema, key);
    const missing = field === undefined ? undefined : fieldCodes.get(field)?.missing;
    return fieldError(missing?.code ?? 'INVALID_BODY', channel, key, missing?.rule ?? 'is required');
  }
  const issue = error.issues[0];
  const root = issue === undefined ? '' : String(issue.path[0] ?? '');
  const validator = issue?.code === 'custom' ? issue.params?.['error'] : undefined;
  if (isAppError(validator))
    return fail(validator.code, `${channel}: ${root}: ${validator.message}`, {
      ...validator.details,
      channel,
      field: root,
    });
  // No unknown keys here, so the first field issue is the first zod issue.
  const [first] = fieldIssues(error);
  const field = fieldSchema(schema, root);
  const code = (field === undefined ? undefined : fieldCodes.get(field)?.code) ?? 'INVALID_BODY';
  return fieldError(code, channel, first?.field ?? root, first?.message ?? 'is invalid');
}

/** Checks `input` against the channel's strict shape; errors name the channel and the field. */
export function parseChannelInput<C extends ConsoleChannel>(
  channel: C,
  input: unknown,
): Result<ChannelInput<C>> {
  const schema: ObjectSchema = SCHEMAS[channel];
  // `undefined` counts as `{}` for a channel whose fields are all optional.
  const object = input === undefined && schema.safeParse({}).success ? {} : input;
  if (!isRecord(object))
    return fail('INVALID_BODY', `${channel} expects a JSON object`, { channel, field: '' });
  const parsed = SCHEMAS[channel].safeParse(object);
  return parsed.success ? ok(parsed.data) : channelError(channel, schema, object, parsed.error);
}
