// The MCP tools and their input schemas (reference section 7), listed in this order by tools/list.
import { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS, SCREENSHOT_SCALES } from '../../shared/execution/limits';

export const TOOL_NAMES = ['devices', 'snapshot', 'screenshot', 'execute'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

const NON_BLANK = { type: 'string', minLength: 1, pattern: '\\S' } as const;

const TARGET_PROPERTIES = {
  deviceId: { ...NON_BLANK, description: 'adb serial; optional when exactly one device is connected' },
  operatorPackage: {
    ...NON_BLANK,
    description: 'Operator package, e.g. com.androperator.operator.dev (default: the server setting)',
  },
  timeoutMs: {
    type: 'integer',
    minimum: MIN_TIMEOUT_MS,
    maximum: MAX_TIMEOUT_MS,
    default: 30000,
    description: 'Execution timeout in milliseconds',
  },
} as const;

/** One tools/list entry. */
export interface ToolDefinition {
  name: ToolName;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] } & Record<
    string,
    unknown
  >;
}

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'devices',
    description: 'List adb devices with their model, API level and Operator status.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'snapshot',
    description:
      'Capture the UI hierarchy of a device; step data includes operator_overlay_visible ("true" or "false").',
    inputSchema: { type: 'object', properties: { ...TARGET_PROPERTIES }, additionalProperties: false },
  },
  {
    name: 'screenshot',
    description:
      'Capture the screen as a PNG. The result holds the image and data.path, a runtime-managed file on the host.',
    inputSchema: {
      type: 'object',
      properties: {
        ...TARGET_PROPERTIES,
        scale: { type: 'integer', enum: [...SCREENSHOT_SCALES], description: 'Percent of full size' },
      },
      additionalProperties: false,
    },
  },
  {
    name: 'execute',
    description:
      'Run raw actions (set_on_screen_log, clear_on_screen_log, snapshot, take_screenshot) as one execution. ' +
      'take_screenshot must not name a path: the result reports the runtime-managed data.path.',
    inputSchema: {
      type: 'object',
      properties: {
        actions: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: { id: NON_BLANK, type: NON_BLANK, params: {} },
            required: ['id', 'type'],
            additionalProperties: false,
          },
        },
        ...TARGET_PROPERTIES,
      },
      required: ['actions'],
      additionalProperties: false,
    },
  },
];
