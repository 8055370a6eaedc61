// Parsing of what the console API answers and pushes: every value from outside is `unknown` until checked here,
// with the shared zod schemas (the ApiResult envelope, each channel's output, each event's payload).
import { z } from 'zod';
import type {
  ApiResult,
  ChannelOutput,
  ConsoleChannel,
  ConsoleEventName,
  ConsoleEvents,
} from '../../../shared/api/contract';
import { answeredErrorSchema } from '../../../shared/api/outputParts';
import { EVENT_SCHEMAS, OUTPUT_SCHEMAS } from '../../../shared/api/outputSchemas';
import { apiResultSchema } from '../../../shared/api/resultSchemas';
import type { AppError } from '../../../shared/errors';
import { fieldIssues } from '../../../shared/schema/parse';

/** An AppError from an unknown value; unknown codes keep their text in details so nothing is lost. */
export function parseAppError(value: unknown, fallbackMessage: string): AppError {
  const parsed = answeredErrorSchema.safeParse(value);
  return parsed.success ? parsed.data : { code: 'INTERNAL_ERROR', message: fallbackMessage };
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

/** What was wrong with an answer: the channel, and the first malformed field of its value. */
function malformed(channel: string, error: z.ZodError, httpStatus: number): ApiResult<never> {
  const [issue] = fieldIssues(error);
  const path = issue?.field ?? '';
  // `value[1].serial` for an array answer, `value.status` for an object.
  const field = path === '' ? 'value' : path.startsWith('[') ? `value${path}` : `value.${path}`;
  return {
    ok: false,
    error: {
      code: 'INTERNAL_ERROR',
      message: `The console API answered ${channel} with a malformed result: ${field} ${issue?.message ?? 'is invalid'}.`,
      details: { httpStatus, channel, field },
    },
  };
}

/** The ApiResult in a response body: the envelope `{ ok, value | error }`, the value as `output` describes it. */
export function parseApiResult(body: unknown, httpStatus: number): ApiResult<unknown>;
export function parseApiResult<T>(
  body: unknown,
  httpStatus: number,
  output: z.ZodType<T>,
  channel?: string,
): ApiResult<T>;
export function parseApiResult(
  body: unknown,
  httpStatus: number,
  output: z.ZodType = z.unknown(),
  channel = 'a request',
): ApiResult<unknown> {
  const result = apiResultSchema.safeParse(body);
  if (!result.success) return withoutResult(httpStatus);
  if (!result.data.ok)
    return {
      ok: false,
      error: parseAppError(result.data.error, `The console API failed with HTTP ${httpStatus}.`),
    };
  const value = output.safeParse(result.data.value);
  return value.success ? { ok: true, value: value.data } : malformed(channel, value.error, httpStatus);
}

/** parseApiResult with the channel's output schema. */
export function parseChannelResult<C extends ConsoleChannel>(
  channel: C,
  body: unknown,
  httpStatus: number,
): ApiResult<ChannelOutput<C>> {
  const output: z.ZodType<ChannelOutput<C>> = OUTPUT_SCHEMAS[channel];
  return parseApiResult(body, httpStatus, output, channel);
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

/** The payload of a pushed event when it has the event's shape, else null (it is dropped). */
export function parseEventPayload<E extends ConsoleEventName>(
  event: E,
  payload: unknown,
): ConsoleEvents[E] | null {
  const schema: z.ZodType<ConsoleEvents[E]> = EVENT_SCHEMAS[event];
  const parsed = schema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}
