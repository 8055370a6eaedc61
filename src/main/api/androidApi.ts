// android:tools (the registered Android tools with their argument schemas) and android:run (one read-only tool
// call on a device, for the console's Diagnostics area).
import { z } from 'zod';
import type { AndroidToolInfo, ConsoleApi } from '../../shared/api/contract';
import { fail, ok } from '../../shared/errors';
import { NO_APPROVER } from '../approval/approval';
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
  dependencies: Pick<ResolvedDependencies, 'hub' | 'clock'>,
  tools: readonly AndroidTool[] = ANDROID_TOOLS,
): Pick<ConsoleApi, 'android:tools' | 'android:run'> {
  const { hub, clock } = dependencies;
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
      if (tool.risk !== 'read_only')
        return fail(
          'APPROVAL_UNAVAILABLE',
          `android:run: ${name} is ${tool.risk} and needs approval, which the console cannot ask for yet; run it from the CLI or MCP`,
          { tool: name, risk: tool.risk },
        );
      const takenAtMs = clock.now();
      const result = await runTool(tool, {
        arguments: tool.device === 'none' ? (args ?? {}) : { ...args, device },
        resolver: hub,
        // Only read-only tools get here; the console's approval dialog does not exist yet.
        approve: NO_APPROVER,
        now: () => clock.now(),
      });
      if (!result.ok) return result;
      return ok({ tool: name, device, taken_at: new Date(takenAtMs).toISOString(), result: result.value });
    },
  };
}
