// Pieces several output schemas share: a reported error, a pixel rectangle, a Result, the execution payload.
import { z } from 'zod';
import { isErrorCode, type AppError } from '../errors';
import type { Action, Execution, SetOnScreenLogParams } from '../execution/types';
import type { Rect } from '../geometry/types';
import { exactSchema } from './exactSchema';
import { reportedErrorSchema } from './resultSchemas';

/**
 * An error inside an answer. A code this console does not know becomes INTERNAL_ERROR with the reported code kept
 * in `details.reportedCode` (the answer is not rejected for it: a newer main process may report new codes).
 */
export const answeredErrorSchema = exactSchema<AppError>()(
  reportedErrorSchema.transform(({ code, ...error }): AppError => {
    if (isErrorCode(code)) return { ...error, code };
    return { ...error, code: 'INTERNAL_ERROR', details: { ...error.details, reportedCode: code } };
  }),
);

export const rectSchema = exactSchema<Rect>()(
  z.object({ left: z.number(), top: z.number(), right: z.number(), bottom: z.number() }),
);

/** `{ ok: true, value }` with `value` as `schema` describes it, or `{ ok: false, error }`. */
export function resultSchema<S extends z.ZodType>(schema: S) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value: schema }),
    z.object({ ok: z.literal(false), error: answeredErrorSchema }),
  ]);
}

/** A panel design's fields by type (its limits are the canonical set validator's; the main side already ran it). */
export const setParamsSchema = exactSchema<SetOnScreenLogParams>()(
  z.object({
    text: z.string().optional(),
    template: z.string().optional(),
    anchor: z.enum(['left', 'right']).optional(),
    textAlign: z.enum(['left', 'right']).optional(),
    topOffsetDp: z.number().optional(),
    edgeOffsetDp: z.number().optional(),
    widthDp: z.number().optional(),
    fontSizeSp: z.number().optional(),
    textColor: z.string().optional(),
    backgroundColor: z.string().optional(),
    ttlMs: z.number().optional(),
  }),
);

const noParams = z.record(z.string(), z.never()).optional();

const actionSchema = exactSchema<Action>()(
  z.discriminatedUnion('type', [
    z.object({ id: z.string(), type: z.literal('set_on_screen_log'), params: setParamsSchema }),
    z.object({ id: z.string(), type: z.literal('clear_on_screen_log'), params: noParams }),
    z.object({ id: z.string(), type: z.literal('snapshot'), params: noParams }),
    z.object({
      id: z.string(),
      type: z.literal('take_screenshot'),
      params: z
        .object({ path: z.string().optional(), scale: z.literal([100, 50, 25]).optional() })
        .optional(),
    }),
  ]),
);

/** A canonical execution payload as the main side sent it. */
export const executionSchema = exactSchema<Execution>()(
  z.object({
    commandId: z.string(),
    taskId: z.string(),
    source: z.string(),
    expectedFormat: z.literal('android-ui-automator'),
    timeoutMs: z.number(),
    mode: z.literal('direct').optional(),
    actions: z.array(actionSchema),
  }),
);
