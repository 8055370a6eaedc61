// Parsing of what the console API answers and pushes: every value from outside is `unknown` until checked here.
import type { ApiResult, ConsoleEventName, ConsoleEvents } from '../../../shared/api/contract';
import { isErrorCode, type AppError } from '../../../shared/errors';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An AppError from an unknown value; unknown codes keep their text in details so nothing is lost. */
export function parseAppError(value: unknown, fallbackMessage: string): AppError {
  if (!isRecord(value) || typeof value.message !== 'string') {
    return { code: 'INTERNAL_ERROR', message: fallbackMessage };
  }
  const details = isRecord(value.details) ? value.details : undefined;
  const error: AppError = isErrorCode(value.code)
    ? { code: value.code, message: value.message }
    : { code: 'INTERNAL_ERROR', message: value.message, details: { ...details, reportedCode: value.code } };
  if (isErrorCode(value.code) && details !== undefined) error.details = details;
  if (typeof value.hint === 'string') error.hint = value.hint;
  return error;
}

/**
 * The ApiResult in a response body. The value's deep shape is trusted: it comes from the same contract types on
 * the main side; only the envelope `{ ok, value | error }` is checked.
 */
export function parseApiResult<T>(body: unknown, httpStatus: number): ApiResult<T> {
  if (isRecord(body) && body.ok === true && 'value' in body) return { ok: true, value: body.value as T };
  if (isRecord(body) && body.ok === false) {
    return { ok: false, error: parseAppError(body.error, `The console API failed with HTTP ${httpStatus}.`) };
  }
  return {
    ok: false,
    error: {
      code: 'INTERNAL_ERROR',
      message: `The console API answered HTTP ${httpStatus} without a result.`,
      details: { httpStatus },
    },
  };
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

type EventCheck = (payload: unknown) => boolean;

const EVENT_CHECKS: { [E in ConsoleEventName]: EventCheck } = {
  'devices:changed': (payload) =>
    Array.isArray(payload) &&
    payload.every((device) => isRecord(device) && typeof device.serial === 'string'),
  'run:progress': (payload) =>
    isRecord(payload) &&
    typeof payload.serial === 'string' &&
    typeof payload.runId === 'string' &&
    typeof payload.step === 'string' &&
    typeof payload.status === 'string',
  'execution:finished': (payload) => isRecord(payload) && typeof payload.serial === 'string',
};

/** The payload of a pushed event when it has the event's shape, else null (it is dropped). */
export function parseEventPayload<E extends ConsoleEventName>(
  event: E,
  payload: unknown,
): ConsoleEvents[E] | null {
  return EVENT_CHECKS[event](payload) ? (payload as ConsoleEvents[E]) : null;
}
