// Bounds a wait on a promise that has no timeout of its own (adbkit calls on a hung server or device).
import { ok, type Result } from '../../shared/errors';

/** The value or the rejection (whatever was thrown), or 'timeout'. */
export type Settled<T> = Result<T, unknown> | 'timeout';

/** Settles with the value, the rejection, or 'timeout' after `ms`; the promise itself keeps running. */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const outcome = promise.then(
    (value): Result<T, unknown> => ok(value),
    (error: unknown): Result<T, unknown> => ({ ok: false, error }),
  );
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
