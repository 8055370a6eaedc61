// What an answer looks like on the wire: the ApiResult envelope `{ ok, value | error }` and a reported error.
// Renderer responses and the CLI's daemon answers parse with these.
import { z } from 'zod';
import type { ResultEnvelope } from '../envelope';
import { isErrorCode, type AppError } from '../errors';

/** An error as a peer reported it: the code is checked by the reader (unknown codes are handled differently). */
export const reportedErrorSchema = z
  .object({
    code: z.unknown(),
    message: z.string(),
    // A malformed hint or details is dropped, the error itself kept.
    hint: z.string().optional().catch(undefined),
    details: z.record(z.string(), z.unknown()).optional().catch(undefined),
  })
  .transform(({ code, message, hint, details }) => ({
    code,
    message,
    ...(hint === undefined ? {} : { hint }),
    ...(details === undefined ? {} : { details }),
  }));

/** A reported error whose code is one of ours. */
export const appErrorSchema = reportedErrorSchema.transform((error, context): AppError => {
  const { code } = error;
  if (isErrorCode(code)) return { ...error, code };
  context.addIssue({ code: 'custom', path: ['code'], message: 'is not a known error code' });
  return z.NEVER;
});

/** `{ ok: true, value }` (value present, any shape) or `{ ok: false, error }`. */
export const apiResultSchema = z.discriminatedUnion('ok', [
  // z.unknown() as an object key requires the key to be present.
  z.looseObject({ ok: z.literal(true), value: z.unknown() }),
  z.looseObject({ ok: z.literal(false), error: z.unknown().optional() }),
]);

const stepResultSchema = z.object({
  id: z.string(),
  actionType: z.string(),
  success: z.boolean(),
  data: z.record(z.string(), z.string()),
});

/** A result envelope as a host surface reports it (fields of a newer version are kept). */
export const resultEnvelopeSchema = z.looseObject({
  commandId: z.string(),
  taskId: z.string(),
  status: z.enum(['success', 'failed']),
  stepResults: z.array(stepResultSchema),
  error: z.string().nullable(),
  errorCode: z.string().nullable().optional(),
  hint: z.string().optional(),
}) satisfies z.ZodType<ResultEnvelope>;
