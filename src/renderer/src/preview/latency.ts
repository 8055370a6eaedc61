// Keystroke-to-preview latency, recorded as User Timing measures ("androperator:preview") that e2e tests and
// benchmarks read with performance.getEntriesByName.
export const PREVIEW_MEASURE = 'androperator:preview';

let pendingInput: number | null = null;

/** Call from an input handler with the event's timeStamp (same time base as performance.now()). */
export function markDesignInput(timeStamp: number): void {
  pendingInput ??= timeStamp;
}

/** Call once the preview has drawn; records the time since the oldest undrawn input. */
export function markPreviewDrawn(): void {
  if (pendingInput === null) return;
  const start = pendingInput;
  pendingInput = null;
  const end = performance.now();
  if (end >= start) performance.measure(PREVIEW_MEASURE, { start, end });
}
