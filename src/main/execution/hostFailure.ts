// Host failures carry the same evidence everywhere: where it happened, whether the device may have run it, when.
import type { AppError } from '../../shared/errors';
import type { DispatchState, Phase } from '../operator/agentClient';
import type { Clock } from './types';

/** What the runner knows about the execution when something fails. */
export interface FailureContext {
  /** Absent only before an execution exists (a sequence refused before its run was created). */
  commandId?: string;
  taskId?: string;
  /** The resolved serial, else the requested one. */
  deviceId?: string;
  startedAtMs: number;
  clock: Clock;
}

function isPhase(value: unknown): value is Phase {
  return (
    value === 'readiness' || value === 'dispatch' || value === 'result_wait' || value === 'post_processing'
  );
}

function isDispatchState(value: unknown): value is DispatchState {
  return value === 'not_dispatched' || value === 'dispatched' || value === 'unknown';
}

/**
 * Returns `error` with details { ...its details, phase, dispatchState, commandId, taskId, startedAt, completedAt,
 * deviceId }. A phase or dispatchState the error already carries (from the agent client) wins over the fallback.
 */
export function withHostDetails(
  error: AppError,
  context: FailureContext,
  fallback: { phase: Phase; dispatchState: DispatchState },
): AppError {
  const details = error.details ?? {};
  const phase = isPhase(details.phase) ? details.phase : fallback.phase;
  const dispatchState = isDispatchState(details.dispatchState)
    ? details.dispatchState
    : fallback.dispatchState;
  return {
    ...error,
    details: {
      ...details,
      phase,
      dispatchState,
      ...(context.commandId === undefined ? {} : { commandId: context.commandId }),
      ...(context.taskId === undefined ? {} : { taskId: context.taskId }),
      startedAt: new Date(context.startedAtMs).toISOString(),
      completedAt: new Date(context.clock.now()).toISOString(),
      ...(context.deviceId === undefined ? {} : { deviceId: context.deviceId }),
    },
  };
}
