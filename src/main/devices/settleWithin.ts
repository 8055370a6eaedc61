// Bounds a wait on a promise that has no timeout of its own (adbkit calls on a hung server or device).

export type Settled<T> = { value: T } | { error: unknown } | 'timeout';

/** Settles with the value, the rejection, or 'timeout' after `ms`; the promise itself keeps running. */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
