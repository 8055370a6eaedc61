// android:tools (the registered Android tools with their argument schemas), android:run (one tool call on a device,
// for the console's Diagnostics and trace areas; changes to the device go through the approval dialog) and
// android:cancel (stops a run named by its run_id: the signal its device commands got aborts, and the answer waits
// until their adb streams are closed).
import { z } from 'zod';
import type { AndroidToolInfo, ConsoleApi } from '../../shared/api/contract';
import { fail, ok } from '../../shared/errors';
import { callSchema, runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { ANDROID_TOOLS, toolNamed } from '../toolbox/registry';
import type { ResolvedDependencies } from './dependencies';

/** The JSON Schema a caller may send (zod's input side), without the `$schema` dialect line. */
export function argumentsSchemaOf(tool: AndroidTool): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(callSchema(tool), { io: 'input' });
  return schema;
}

function infoOf(tool: AndroidTool): AndroidToolInfo {
  return {
    name: tool.name,
    cli: { command: tool.cli.command, verb: tool.cli.verb },
    description: tool.description,
    risk: tool.risk,
    argumentsSchema: argumentsSchemaOf(tool),
  };
}

export function androidApi(
  dependencies: Pick<ResolvedDependencies, 'hub' | 'clock' | 'approvals'>,
  tools: readonly AndroidTool[] = ANDROID_TOOLS,
): Pick<ConsoleApi, 'android:tools' | 'android:run' | 'android:cancel'> {
  const { hub, clock, approvals } = dependencies;
  /** Runs in flight by run_id: what stops each one, and its answer (settled once its streams are closed). */
  const inFlight = new Map<string, { controller: AbortController; settled: Promise<unknown> }>();
  const named = (name: string): AndroidTool | undefined =>
    tools === ANDROID_TOOLS ? toolNamed(name) : tools.find((tool) => tool.name === name);
  return {
    'android:tools': () => Promise.resolve(ok(tools.map(infoOf))),
    'android:run': async ({ tool: name, device, arguments: args, run_id: runId }) => {
      const tool = named(name);
      if (tool === undefined)
        return fail(
          'UNKNOWN_TOOL',
          `android:run: ${name} is not a registered Android tool; pick one from android:tools`,
          { tool: name },
        );
      if (runId !== undefined && inFlight.has(runId))
        return fail(
          'INVALID_ARGUMENTS',
          `android:run: run_id ${runId} is already running; pick a new run_id`,
          {
            field: 'run_id',
          },
        );
      const controller = new AbortController();
      const takenAtMs = clock.now();
      const running = runTool(tool, {
        arguments: tool.device === 'none' ? (args ?? {}) : { ...args, device },
        resolver: hub,
        // Mutating and dangerous tools ask the console's approval dialog (src/main/api/consoleApprover.ts).
        approve: approvals.approve,
        signal: controller.signal,
        now: () => clock.now(),
      });
      if (runId !== undefined) inFlight.set(runId, { controller, settled: running });
      const result = await running.finally(() => {
        if (runId !== undefined) inFlight.delete(runId);
      });
      // Tools that gather several sections may turn a cancelled command into a failed section: the run as a whole
      // was cancelled, whatever it made of that.
      if (controller.signal.aborted)
        return fail(
          'COMMAND_CANCELLED',
          `android:run: ${name} was cancelled; its adb streams are closed`,
          runId === undefined ? { tool: name } : { tool: name, run_id: runId },
        );
      if (!result.ok) return result;
      return ok({ tool: name, device, taken_at: new Date(takenAtMs).toISOString(), result: result.value });
    },
    'android:cancel': async ({ run_id: runId }) => {
      const run = inFlight.get(runId);
      if (run === undefined) return ok({ cancelled: false });
      run.controller.abort();
      await run.settled;
      return ok({ cancelled: true });
    },
  };
}
