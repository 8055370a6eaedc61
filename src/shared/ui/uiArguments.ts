// Arguments of the read-only UI tools (android.screen_dump, inspect_android_ui, android.find_node,
// android.wait_text): zod strictObjects, so an unknown field is INVALID_ARGUMENTS.
import { z } from 'zod';

export const UI_DEFAULT_MAX_NODES = 250;
export const UI_MAX_NODES_LIMIT = 1000;

const maxNodes = z
  .number({ error: 'max_nodes must be a whole number from 1 to 1000' })
  .int('max_nodes must be a whole number from 1 to 1000')
  .min(1, 'max_nodes must be at least 1')
  .max(UI_MAX_NODES_LIMIT, 'max_nodes must be at most 1000')
  .optional();

const source = z
  .enum(['auto', 'operator', 'uiautomator'], { error: 'source must be one of auto, operator, uiautomator' })
  .optional();

const label = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .min(1, `${name} must not be empty`)
    .refine(
      (value) => new TextEncoder().encode(value).length <= 1024,
      `${name} must be at most 1024 bytes of UTF-8`,
    );

export const BOUNDS_PATTERN = /^\[-?\d+,-?\d+\]\[-?\d+,-?\d+\]$/;

export const SCREEN_DUMP_ARGUMENTS = z.strictObject({ max_nodes: maxNodes, source });

export const INSPECT_UI_ARGUMENTS = z.strictObject({
  full: z.boolean({ error: 'full must be true or false' }).optional(),
  max_nodes: maxNodes,
  source,
});

export const FIND_NODE_ARGUMENTS = z
  .strictObject({
    text: label('text').optional(),
    content_description: label('content_description').optional(),
    resource_id: label('resource_id').optional(),
    bounds: z
      .string({ error: 'bounds must be a string like [0,0][100,50]' })
      .regex(BOUNDS_PATTERN, 'bounds must look like [left,top][right,bottom], e.g. [0,0][100,50]')
      .optional(),
    max_nodes: maxNodes,
    source,
  })
  .refine(
    (value) =>
      value.text !== undefined ||
      value.content_description !== undefined ||
      value.resource_id !== undefined ||
      value.bounds !== undefined,
    { message: 'give at least one of text, content_description, resource_id, bounds' },
  );

export const WAIT_TEXT_ARGUMENTS = z.strictObject({
  text: label('text'),
  // The reference's timeout_ms; on the CLI the common --timeout-ms / --timeout option sets it (src/cli/toolFlags.ts).
  timeout_ms: z
    .number({ error: 'timeout_ms must be a number of milliseconds from 100 to 10000' })
    .int('timeout_ms must be a whole number of milliseconds')
    .min(100, 'timeout_ms must be at least 100')
    .max(10000, 'timeout_ms must be at most 10000')
    .optional(),
  max_nodes: maxNodes,
  source,
});

export type UiSourceChoice = 'auto' | 'operator' | 'uiautomator';
