// Envelope reconciliation (reference section 4): after host post-processing (e.g. a host screenshot turning
// UNSUPPORTED_RUNTIME_SCREENSHOT into success) the envelope's verdict is recomputed from its steps.
import type { ResultEnvelope, StepResult } from './envelope';

const ON_SCREEN_LOG_RUNTIME_CODES: ReadonlySet<string> = new Set([
  'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
  'ON_SCREEN_LOG_LAYOUT_INVALID',
  'ON_SCREEN_LOG_RENDER_FAILED',
  'ON_SCREEN_LOG_RENDER_TIMEOUT',
]);

function nonEmpty(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** The envelope code a failed step carries: data.errorCode, else data.error when it is an ON_SCREEN_LOG_* code. */
function stepErrorCode(step: StepResult): string | undefined {
  if (nonEmpty(step.data.errorCode)) return step.data.errorCode;
  if (nonEmpty(step.data.error) && ON_SCREEN_LOG_RUNTIME_CODES.has(step.data.error)) return step.data.error;
  return undefined;
}

/**
 * Recomputes status, error and errorCode from the steps; returns a new envelope and leaves step data alone.
 * Left as they are: an envelope without steps (an Operator failure before any step ran), and a typed runtime
 * failure (status "failed" with an errorCode), whose code, message and verdict are authoritative even when
 * steps also failed. Otherwise the first failed step decides (hint dropped: it described the old verdict);
 * with no failed step the envelope is a success without error, errorCode or hint.
 */
export function reconcileEnvelope(envelope: ResultEnvelope): ResultEnvelope {
  const copy: ResultEnvelope = {
    ...envelope,
    stepResults: envelope.stepResults.map((step) => ({ ...step, data: { ...step.data } })),
  };
  if (copy.stepResults.length === 0) return copy;
  if (copy.status === 'failed' && nonEmpty(copy.errorCode)) return copy;
  const failed = copy.stepResults.find((step) => !step.success);
  delete copy.errorCode;
  delete copy.hint;
  if (failed === undefined) return { ...copy, status: 'success', error: null };
  const detail = nonEmpty(failed.data.error) ? `: ${failed.data.error}` : '';
  const errorCode = stepErrorCode(failed);
  return {
    ...copy,
    status: 'failed',
    error: `Step ${failed.id} (${failed.actionType}) failed${detail}`,
    ...(errorCode === undefined ? {} : { errorCode }),
  };
}
