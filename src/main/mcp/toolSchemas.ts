// The MCP tools as tools/list shows them (reference section 7): each input schema generated from the zod schema
// the server parses with (src/shared/api/toolSchemas.ts), so the two cannot drift.
import { z } from 'zod';
import { TOOL_ARGUMENTS, TOOL_NAMES, type ToolName } from '../../shared/api/toolSchemas';

export { TOOL_NAMES, type ToolName };

/** One tools/list entry. */
export interface ToolDefinition {
  name: ToolName;
  description: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<
    string,
    unknown
  >;
}

const DESCRIPTIONS: Record<ToolName, string> = {
  devices: 'List adb devices with their model, API level and Operator status.',
  snapshot:
    'Capture the UI hierarchy of a device; step data includes operator_overlay_visible ("true" or "false").',
  screenshot:
    'Capture the screen as a PNG. The result holds the image and data.path, a runtime-managed file on the host.',
  execute:
    'Run raw actions (set_on_screen_log, clear_on_screen_log, snapshot, take_screenshot) as one execution. ' +
    'take_screenshot must not name a path: the result reports the runtime-managed data.path.',
};

/** The JSON Schema of what a caller may send (zod's input side), without the `$schema` dialect line. */
export function inputSchemaOf(tool: ToolName): ToolDefinition['inputSchema'] {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(TOOL_ARGUMENTS[tool], { io: 'input' });
  return { ...schema, type: 'object' };
}

export const TOOLS: readonly ToolDefinition[] = TOOL_NAMES.map((name) => ({
  name,
  description: DESCRIPTIONS[name],
  inputSchema: inputSchemaOf(name),
}));
