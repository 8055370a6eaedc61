// execution:run (one payload, as-is), sequence:run (set -> screenshot -> clear on several devices at once, or held
// for more captures) and sequence:capture / sequence:release for held runs.
import { randomUUID } from 'node:crypto';
import type { ApiResult, ConsoleApi, ExecutionOutcome } from '../../shared/api/contract';
import type { RunGroupRef } from '../../shared/api/evidence';
import { ok } from '../../shared/errors';
import type { SetOnScreenLogParams } from '../../shared/execution/types';
import type { SequenceHoldOptions } from '../../shared/api/sequence';
import { validateExecution } from '../../shared/execution/validateExecution';
import { createRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import { adbSequencePorts } from '../sequence/adbPorts';
import type { TextMeasurer } from '../../shared/geometry/types';
import { predictAfterSet } from './setPrediction';
import type { ResolvedDependencies } from './dependencies';
import { HeldRuns } from './heldRuns';

/** The two channels that run payloads on devices. */
export function executionsApi(
  dependencies: ResolvedDependencies,
): Pick<ConsoleApi, 'execution:run' | 'sequence:run' | 'sequence:capture' | 'sequence:release'> {
  const { hub, inFlight, evidence, settings, events, run, clock } = dependencies;
  const ports = dependencies.sequencePorts ?? adbSequencePorts(createRobotoMeasurer);
  const holds = dependencies.holds ?? new HeldRuns();
  let measurer: TextMeasurer | undefined;
  const measure = (): TextMeasurer => (measurer ??= createRobotoMeasurer());

  const runOne = (
    serial: string,
    design: SetOnScreenLogParams,
    label: string | undefined,
    group: RunGroupRef | undefined,
    hold: SequenceHoldOptions | undefined,
  ) => {
    const { operatorPackage, timeoutMs } = settings.get();
    let finished: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const running = run.runSequence(
      {
        design,
        deviceId: serial,
        operatorPackage,
        timeoutMs,
        ...(label === undefined ? {} : { label }),
        ...(group === undefined ? {} : { group }),
        ...(hold === undefined ? {} : { hold }),
      },
      {
        resolver: hub,
        inFlight,
        evidence,
        ports,
        clock,
        onProgress: (progress) => events.emit('run:progress', { ...progress, serial }),
        ...(hold === undefined
          ? {}
          : {
              hold: {
                onStarted: (control) => holds.add(serial, control, done),
                onChanged: (view) => events.emit('run:hold', { ...view, serial }),
              },
            }),
      },
    );
    return running.finally(finished);
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
      const predicted = outcome.ok
        ? await predictAfterSet(serial, canonical.value, outcome.value.envelope, {
            resolver: hub,
            callAgent: run.callAgent,
            operatorPackage,
            measurer: measure,
          })
        : undefined;
      const result: ApiResult<ExecutionOutcome> = outcome.ok
        ? ok({
            deviceId: outcome.value.deviceId,
            terminalSource: outcome.value.terminalSource,
            envelope: outcome.value.envelope,
            ...(predicted === undefined ? {} : { predictedBounds: predicted }),
          })
        : outcome;
      events.emit('execution:finished', { serial, execution: canonical.value, outcome: result });
      return result;
    },
    'sequence:run': async ({ serials, design, label, hold }) => {
      // Each device runs in its own run folder under its own lease; they all start together.
      // A device that could not run answers with its own error; the others' runs are unaffected. Their run.json
      // files name one group, so History shows them as one entry without guessing from labels and times.
      const groupId = serials.length > 1 ? randomUUID() : undefined;
      return ok(
        await Promise.all(
          serials.map(async (serial, index) => ({
            serial,
            result: await runOne(
              serial,
              design,
              label,
              groupId === undefined ? undefined : { id: groupId, size: serials.length, index },
              hold,
            ),
          })),
        ),
      );
    },
    'sequence:capture': async ({ serials }) => {
      const held = holds.pick(serials);
      if (!held.ok) return held;
      for (const { control } of held.value) control.capture();
      return ok({ runs: held.value.map(({ serial, control }) => ({ serial, runId: control.runId })) });
    },
    'sequence:release': async ({ serials }) => {
      const held = holds.pick(serials);
      if (!held.ok) return held;
      for (const { control } of held.value) control.release('user');
      return ok({ runs: held.value.map(({ serial, control }) => ({ serial, runId: control.runId })) });
    },
  };
}
