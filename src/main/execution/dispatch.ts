// Sends one validated execution to the Operator and returns its result envelope; never sends it twice.
import { randomUUID } from 'node:crypto';
import type { ResultEnvelope } from '../../shared/envelope';
import { failHost, ok, type HostFailure, type Result } from '../../shared/errors';
import { ENVELOPE_WAIT_BUFFER_MS } from '../../shared/execution/limits';
import type { Execution } from '../../shared/execution/types';
import { callAgent, type AgentCaller, type AgentTarget } from '../operator/agentClient';
import { diagnoseUnreachableOperator } from './operatorDiagnosis';

/** How long the host waits for the envelope: the execution's own budget plus the envelope-write buffer. */
export function envelopeWaitMs(execution: Execution): number {
  return execution.timeoutMs + ENVELOPE_WAIT_BUFFER_MS;
}

/** `promise`'s value, or `fallback` once `ms` have passed (the promise is left to settle unobserved). */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `execution` on the Operator, waiting at most `waitMs` (default envelopeWaitMs) in all, the diagnosis of an
 * unreachable Operator included (past it, the undiagnosed failure is returned). Failures keep the agent client's phase and dispatchState; a socket that does
 * not open is diagnosed (OPERATOR_NOT_INSTALLED, OPERATOR_NOT_ENABLED, OPERATOR_UNREACHABLE); an envelope for
 * another commandId or taskId is RESULT_ENVELOPE_MALFORMED.
 */
export async function dispatchExecution(
  target: AgentTarget,
  execution: Execution,
  /** How the request travels: a new stream by default, or a session's stream shared by a run's executions. */
  call: AgentCaller = (request, waitMs) => callAgent(target, request, waitMs),
  waitMs: number = envelopeWaitMs(execution),
): Promise<Result<ResultEnvelope, HostFailure>> {
  const requestId = `execute-${randomUUID()}`;
  const deadlineMs = Date.now() + waitMs;
  // Bounded here too, not only by the transport's own timer: opening the agent stream through a wedged adb server
  // has no bound of its own. Whether the frame went out is then unknown, as after any lost answer.
  const timedOut = failHost(
    'RESULT_ENVELOPE_TIMEOUT',
    `The Operator did not answer execute within ${waitMs} ms; it may have run. Inspect the device before retrying.`,
    { phase: 'result_wait', dispatchState: 'unknown' },
    { requestId },
  );
  const answer = await within(
    call({ v: 1, type: 'execute', id: requestId, execution }, waitMs),
    waitMs,
    timedOut,
  );
  if (!answer.ok) {
    const { error } = answer;
    if (error.details.phase === 'readiness' && error.details.dispatchState === 'not_dispatched') {
      const diagnosis = diagnoseUnreachableOperator(
        target.client,
        target.serial,
        target.operatorPackage,
        error,
      );
      const diagnosed = await within(diagnosis, deadlineMs - Date.now(), error);
      return { ok: false, error: diagnosed };
    }
    return answer;
  }
  const response = answer.value;
  if (response.type !== 'execute_result') {
    return failHost(
      'RESULT_ENVELOPE_MALFORMED',
      `The Operator answered execute with ${response.type}.`,
      { phase: 'result_wait', dispatchState: 'dispatched' },
      { responseType: response.type },
    );
  }
  const { envelope } = response;
  if (envelope.commandId !== execution.commandId || envelope.taskId !== execution.taskId) {
    return failHost(
      'RESULT_ENVELOPE_MALFORMED',
      `The Operator's envelope is for commandId ${JSON.stringify(envelope.commandId)} and taskId ` +
        `${JSON.stringify(envelope.taskId)}, not this execution's.`,
      { phase: 'result_wait', dispatchState: 'dispatched' },
      { envelopeCommandId: envelope.commandId, envelopeTaskId: envelope.taskId },
    );
  }
  return ok(envelope);
}
