// The MCP tools' arguments (reference section 7), declared once: the server parses with these and lists the JSON
// Schema generated from them. Messages are the reference's `<issue>` text; the server adds ` (path: <path>)`.
import { z } from 'zod';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS, SCREENSHOT_SCALES } from '../execution/limits';
import { normalizeActionType } from '../execution/validateActionType';
import { SCREENSHOT_PATH_KEYS } from '../execution/validateOtherActions';
import { isPackageName } from '../packageName';
import { isRecord } from '../schema/parse';

/** A string with a non-space character; `message` is the whole issue text. */
function nonBlank(message: string) {
  return z.string({ error: message }).min(1, message).regex(/\S/, message);
}

const BLANK_PACKAGE = 'operatorPackage must be a non-blank string';
const TIMEOUT_RANGE = `timeoutMs must be between ${MIN_TIMEOUT_MS} and ${MAX_TIMEOUT_MS}`;

/** The fields that pick a device and bound the execution (snapshot, screenshot, execute). */
const targetFields = {
  deviceId: nonBlank('deviceId must be a non-blank string')
    .describe('adb serial; optional when exactly one device is connected')
    .optional(),
  operatorPackage: nonBlank(BLANK_PACKAGE)
    .refine(isPackageName, 'operatorPackage must be an Android package name')
    .describe('Operator package, e.g. com.androperator.operator.dev (default: the server setting)')
    .optional(),
  timeoutMs: z
    .int({ error: 'timeoutMs must be an integer' })
    .min(MIN_TIMEOUT_MS, TIMEOUT_RANGE)
    .max(MAX_TIMEOUT_MS, TIMEOUT_RANGE)
    .meta({ default: DEFAULT_TIMEOUT_MS, description: 'Execution timeout in milliseconds' })
    .optional(),
};

const OBJECT_RULE = { error: 'arguments must be an object' };

/** An action as the caller wrote it: id and type checked for shape only; the canonical validator does the rest. */
const rawAction = z.strictObject(
  {
    id: nonBlank('action id must be a non-blank string'),
    // Passed on as written: padded or cased types reach the canonical validator and fail there.
    type: nonBlank('action type must be a non-blank string'),
    params: z.unknown().optional(),
  },
  { error: 'each action must be an object' },
);

export const CALLER_PATH_RULE = 'execute does not allow caller-controlled take_screenshot paths over MCP';

/** True when a take_screenshot action (after alias normalization) names any output path. */
function namesScreenshotPath(action: z.output<typeof rawAction>): boolean {
  if (normalizeActionType(action.type) !== 'take_screenshot' || !isRecord(action.params)) return false;
  const params = action.params;
  return SCREENSHOT_PATH_KEYS.some((key) => params[key] !== undefined);
}

/** Each tool's arguments, in the order tools/list shows them. */
export const TOOL_ARGUMENTS = {
  devices: z.strictObject({}, OBJECT_RULE),
  snapshot: z.strictObject(targetFields, OBJECT_RULE),
  screenshot: z.strictObject(
    {
      ...targetFields,
      scale: z
        .literal(SCREENSHOT_SCALES, { error: `scale must be one of ${SCREENSHOT_SCALES.join(', ')}` })
        .describe('Percent of full size')
        .optional(),
    },
    OBJECT_RULE,
  ),
  execute: z
    .strictObject(
      {
        actions: z
          .array(rawAction, {
            error: (issue) =>
              issue.input === undefined ? 'actions is required' : 'actions must be a non-empty array',
          })
          .min(1, 'actions must be a non-empty array'),
        ...targetFields,
      },
      OBJECT_RULE,
    )
    .refine((args) => !args.actions.some(namesScreenshotPath), {
      message: CALLER_PATH_RULE,
      path: ['actions'],
    }),
} as const;

export type ToolName = keyof typeof TOOL_ARGUMENTS;
export const TOOL_NAMES = Object.keys(TOOL_ARGUMENTS) as ToolName[];
/** A tool's checked arguments. */
export type ToolArguments<T extends ToolName> = z.output<(typeof TOOL_ARGUMENTS)[T]>;
