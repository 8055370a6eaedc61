// Host failures carry the same evidence everywhere: where it happened, whether the device may have run it, when.
import { asHostFailure, type AppError, type HostFailure } from '../../shared/errors';
import type { InFlightEntry } from './inFlight';
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

/**
 * Returns `failure` with details { ...its details (phase and dispatchState among them), commandId, taskId,
 * startedAt, completedAt, deviceId }.
 */
export function withHostDetails(failure: HostFailure, context: FailureContext): HostFailure {
  return {
    ...failure,
    details: {
      ...failure.details,
      ...(context.commandId === undefined ? {} : { commandId: context.commandId }),
      ...(context.taskId === undefined ? {} : { taskId: context.taskId }),
      startedAt: new Date(context.startedAtMs).toISOString(),
      completedAt: new Date(context.clock.now()).toISOString(),
      ...(context.deviceId === undefined ? {} : { deviceId: context.deviceId }),
    },
  };
}

/** A failure before anything was sent (device resolution, the in-flight check), with the execution's evidence. */
export function readinessFailure(error: AppError, context: FailureContext): HostFailure {
  return withHostDetails(
    asHostFailure(error, { phase: 'readiness', dispatchState: 'not_dispatched' }),
    context,
  );
}

/** EXECUTION_CONFLICT_IN_FLIGHT for a device that is busy; nothing was dispatched. */
export function conflictError(running: InFlightEntry, context: FailureContext): HostFailure {
  const what =
    running.runId !== undefined
      ? `sequence ${running.runId} (${running.commandId ?? 'starting'})`
      : running.commandId !== undefined
        ? `execution ${running.commandId}`
        : 'a sequence that is starting';
  return readinessFailure(
    {
      code: 'EXECUTION_CONFLICT_IN_FLIGHT',
      message: `${context.deviceId ?? 'The device'} is busy with ${what}; wait for its result, then retry.`,
      details: {
        ...(running.commandId === undefined ? {} : { runningCommandId: running.commandId }),
        runningSince: running.since,
        ...(running.runId === undefined ? {} : { runningRunId: running.runId }),
      },
    },
    context,
  );
}
