// Parsing of what the console API answers and pushes: every value from outside is `unknown` until checked here,
// with the shared zod schemas (the ApiResult envelope, and each channel's output where one is declared).
import { z } from 'zod';
import type {
  ApiResult,
  ChannelOutput,
  ConsoleChannel,
  ConsoleEventName,
  ConsoleEvents,
} from '../../../shared/api/contract';
import { OUTPUT_SCHEMAS } from '../../../shared/api/outputSchemas';
import { apiResultSchema, reportedErrorSchema } from '../../../shared/api/resultSchemas';
import { isErrorCode, type AppError } from '../../../shared/errors';
import { fieldIssues } from '../../../shared/schema/parse';

/** An AppError from an unknown value; unknown codes keep their text in details so nothing is lost. */
export function parseAppError(value: unknown, fallbackMessage: string): AppError {
  const parsed = reportedErrorSchema.safeParse(value);
  if (!parsed.success) return { code: 'INTERNAL_ERROR', message: fallbackMessage };
  const { code, ...error } = parsed.data;
  if (isErrorCode(code)) return { ...error, code };
  return { ...error, code: 'INTERNAL_ERROR', details: { ...error.details, reportedCode: code } };
}

function withoutResult(httpStatus: number): ApiResult<never> {
  return {
    ok: false,
    error: {
      code: 'INTERNAL_ERROR',
      message: `The console API answered HTTP ${httpStatus} without a result.`,
      details: { httpStatus },
    },
  };
}

/** The ApiResult in a response body: the envelope `{ ok, value | error }`, the value as `output` describes it. */
export function parseApiResult<T>(body: unknown, httpStatus: number, output?: z.ZodType<T>): ApiResult<T> {
  const result = apiResultSchema.safeParse(body);
  if (!result.success) return withoutResult(httpStatus);
  if (!result.data.ok)
    return {
      ok: false,
      error: parseAppError(result.data.error, `The console API failed with HTTP ${httpStatus}.`),
    };
  // Without a declared output schema the value's deep shape is trusted: the main side builds it from the contract.
  if (output === undefined) return { ok: true, value: result.data.value as T };
  const value = output.safeParse(result.data.value);
  if (value.success) return { ok: true, value: value.data };
  const [issue] = fieldIssues(value.error);
  const field = issue?.field === '' || issue === undefined ? 'value' : `value.${issue.field}`;
  return {
    ok: false,
    error: {
      code: 'INTERNAL_ERROR',
      message: `The console API answered with a malformed result: ${field} ${issue?.message ?? 'is invalid'}.`,
      details: { httpStatus, field },
    },
  };
}

/** parseApiResult with the channel's declared output schema, if it has one. */
export function parseChannelResult<C extends ConsoleChannel>(
  channel: C,
  body: unknown,
  httpStatus: number,
): ApiResult<ChannelOutput<C>> {
  const output: z.ZodType<ChannelOutput<C>> | undefined = OUTPUT_SCHEMAS[channel];
  return parseApiResult(body, httpStatus, output);
}

/** The error value of a request that never got an answer (server stopped, network down). */
export function unreachableError(cause: unknown): AppError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return {
    code: 'INTERNAL_ERROR',
    message: `The console server did not answer (${reason}).`,
    hint: 'Check that the console (npm run web or the desktop app) is still running, then retry.',
  };
}

/** The fields each pushed event must have (the rest of its shape comes from the same contract). */
const EVENT_SCHEMAS: { [E in ConsoleEventName]: z.ZodType } = {
  'devices:changed': z.array(z.looseObject({ serial: z.string() })),
  'run:progress': z.looseObject({
    serial: z.string(),
    runId: z.string(),
    step: z.string(),
    status: z.string(),
  }),
  'execution:finished': z.looseObject({ serial: z.string() }),
};

/** The payload of a pushed event when it has the event's shape, else null (it is dropped). */
export function parseEventPayload<E extends ConsoleEventName>(
  event: E,
  payload: unknown,
): ConsoleEvents[E] | null {
  return EVENT_SCHEMAS[event].safeParse(payload).success ? (payload as ConsoleEvents[E]) : null;
}
