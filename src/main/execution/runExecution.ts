// The execution runner: canonical validation, device resolution, single flight, dispatch, host screenshots.
import type { Result } from '../../shared/errors';
import { validateExecution } from '../../shared/execution/validateExecution';
import { checkExecutionScreenshotPaths } from '../screenshot/paths';
import { defaultScreenshotPersist, runOnDevice } from './deviceRun';
import { conflictError, readinessFailure, type FailureContext } from './hostFailure';
import { deviceKey } from './inFlight';
import { systemClock, type ExecutionDependencies, type ExecutionResult, type ExecutionTarget } from './types';

/**
 * Runs one execution payload (aliases allowed: it is validated canonically first, its take_screenshot paths are
 * checked (INVALID_PATH, see screenshot/paths.ts), and a rejected payload never reaches the device). Returns the
 * envelope after host screenshot post-processing; a failed step is still an ok result with a failed envelope.
 * Host failures carry details { phase, dispatchState, commandId, taskId, startedAt, completedAt, deviceId };
 * nothing is ever sent twice.
 */
export async function runExecution(
  input: unknown,
  target: ExecutionTarget,
  dependencies: ExecutionDependencies,
): Promise<Result<ExecutionResult>> {
  const clock = dependencies.clock ?? systemClock;
  const startedAtMs = clock.now();
  const validated = validateExecution(input);
  if (!validated.ok) return validated;
  const execution = validated.value;
  // Caller paths are checked before the device is even resolved: a refused path never reaches it.
  const overwrite = target.overwrite === true;
  const paths = await checkExecutionScreenshotPaths(execution, overwrite);
  if (!paths.ok) return paths;
  const context: FailureContext = {
    commandId: execution.commandId,
    taskId: execution.taskId,
    ...(target.deviceId === undefined ? {} : { deviceId: target.deviceId }),
    startedAtMs,
    clock,
  };
  const resolved = await dependencies.resolver.resolve(target.deviceId);
  if (!resolved.ok) {
    return { ok: false, error: readinessFailure(resolved.error, context) };
  }
  const device = resolved.value;
  context.deviceId = device.serial;
  const leased = dependencies.inFlight.acquire(
    deviceKey(device.client, device.serial),
    { commandId: execution.commandId },
    clock.now(),
  );
  if (!leased.ok) return { ok: false, error: conflictError(leased.error, context) };
  try {
    const outcome = await runOnDevice({
      device,
      operatorPackage: target.operatorPackage,
      execution,
      startedAtMs,
      clock,
      persist: defaultScreenshotPersist({
        commandId: execution.commandId,
        clock,
        ...(dependencies.screenshotDirectory === undefined
          ? {}
          : { screenshotDirectory: dependencies.screenshotDirectory }),
        overwrite,
      }),
    });
    if (!outcome.ok) return outcome;
    return {
      ok: true,
      value: {
        ok: true,
        deviceId: device.serial,
        terminalSource: 'androperator_result',
        envelope: outcome.value.envelope,
      },
    };
  } finally {
    leased.value.release();
  }
}
