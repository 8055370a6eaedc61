// Coalesces calls of an async task: callers during a run share one follow-up run that starts after it.

/**
 * Returns a function that runs `task`, never twice at once. A call made while a run is in flight waits for one
 * follow-up run, so every caller sees a result that started after its call. `task` must not reject.
 */
export function coalesce(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (!running) {
      running = task().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = undefined;
      return run();
    });
    return queued;
  };
  return run;
}
