// execution:run (one payload, as-is) and sequence:run (set -> screenshot -> clear on several devices at once).
import type { ApiResult, ConsoleApi, ExecutionOutcome } from '../../shared/api/contract';
import type { SequenceResult } from '../../shared/api/sequence';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import type { SetOnScreenLogParams } from '../../shared/execution/types';
import { validateExecution } from '../../shared/execution/validateExecution';
import type { ResolvedDependencies } from './dependencies';

interface DeviceOutcome {
  serial: string;
  result: Result<SequenceResult>;
}

/** All results when every device ran; otherwise the first device's error, with every device's outcome in details. */
export function combineSequenceOutcomes(outcomes: readonly DeviceOutcome[]): Result<SequenceResult[]> {
  const failed = outcomes.find((outcome) => !outcome.result.ok);
  if (failed === undefined || failed.result.ok)
    return ok(outcomes.flatMap((outcome) => (outcome.result.ok ? [outcome.result.value] : [])));
  const error: AppError = failed.result.error;
  if (outcomes.length === 1) return { ok: false, error };
  const devices = outcomes.map(({ serial, result }) =>
    result.ok
      ? { serial, runId: result.value.runId, status: result.value.status }
      : { serial, error: { code: result.error.code, message: result.error.message } },
  );
  return fail(error.code, `${failed.serial}: ${error.message}`, {
    ...error.details,
    serial: failed.serial,
    devices,
  });
}

export function executionsApi(
  dependencies: ResolvedDependencies,
): Pick<ConsoleApi, 'execution:run' | 'sequence:run'> {
  const { hub, inFlight, evidence, settings, events, run, clock } = dependencies;

  const runOne = (serial: string, design: SetOnScreenLogParams, label: string | undefined) => {
    const { operatorPackage, timeoutMs } = settings.get();
    return run.runSequence(
      { design, deviceId: serial, operatorPackage, timeoutMs, ...(label === undefined ? {} : { label }) },
      {
        resolver: hub,
        inFlight,
        evidence,
        clock,
        onProgress: (progress) => events.emit('run:progress', { ...progress, serial }),
      },
    );
  };

  return {
    'execution:run': async ({ serial, execution }) => {
      // runExecution validates again (canonical payloads pass unchanged); the event needs the canonical form.
      const canonical = validateExecution(execution);
      if (!canonical.ok) return canonical;
      const { operatorPackage } = settings.get();
      const outcome = await run.runExecution(
        canonical.value,
        { deviceId: serial, operatorPackage },
        { resolver: hub, inFlight, clock },
      );
      const result: ApiResult<ExecutionOutcome> = outcome.ok
        ? ok({
            deviceId: outcome.value.deviceId,
            terminalSource: outcome.value.terminalSource,
            envelope: outcome.value.envelope,
          })
        : outcome;
      events.emit('execution:finished', { serial, execution: canonical.value, outcome: result });
      return result;
    },
    'sequence:run': async ({ serials, design, label }) => {
      // Each device runs in its own run folder under its own lease; they all start together.
      const outcomes = await Promise.all(
        serials.map(async (serial) => ({ serial, result: await runOne(serial, design, label) })),
      );
      return combineSequenceOutcomes(outcomes);
    },
  };
}
