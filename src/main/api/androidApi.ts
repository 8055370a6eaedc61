// android:tools (the registered Android tools with their argument schemas) and android:run (one tool call on a
// device, for the console's Diagnostics and trace areas; changes to the device go through the approval dialog).
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
): Pick<ConsoleApi, 'android:tools' | 'android:run'> {
  const { hub, clock, approvals } = dependencies;
  const named = (name: string): AndroidTool | undefined =>
    tools === ANDROID_TOOLS ? toolNamed(name) : tools.find((tool) => tool.name === name);
  return {
    'android:tools': () => Promise.resolve(ok(tools.map(infoOf))),
    'android:run': async ({ tool: name, device, arguments: args }) => {
      const tool = named(name);
      if (tool === undefined)
        return fail(
          'UNKNOWN_TOOL',
          `android:run: ${name} is not a registered Android tool; pick one from android:tools`,
          { tool: name },
        );
      const takenAtMs = clock.now();
      const result = await runTool(tool, {
        arguments: tool.device === 'none' ? (args ?? {}) : { ...args, device },
        resolver: hub,
        // Mutating and dangerous tools ask the console's approval dialog (src/main/api/consoleApprover.ts).
        approve: approvals.approve,
        now: () => clock.now(),
      });
      if (!result.ok) return result;
      return ok({ tool: name, device, taken_at: new Date(takenAtMs).toISOString(), result: result.value });
    },
  };
}
