// The console's Screen view (screen:frame / screen:tree / screen:act / screen:find / screen:waitText /
// screen:cancelWait), declared once: inputs, answers and their zod schemas. Frames are PNG bytes as base64 (IPC and
// JSON carry no binary); trees, finds, waits and actions come from the UI tools.
import { z } from 'zod';
import { PACKAGE_NAME } from '../android/packageName';
import {
  INJECT_INPUT_ARGUMENTS,
  INPUT_TEXT_ARGUMENTS,
  MAX_COORDINATE,
  TAP_TEXT_ARGUMENTS,
  VERIFICATION,
} from '../ui/actionArguments';
import { WAIT_TEXT_ARGUMENTS } from '../ui/uiArguments';
import { exactSchema } from './exactSchema';
import { fieldCodes, serialSchema } from './fieldRules';

/** How a frame was captured: `screencap -p` on the device, or raw `screencap` encoded to PNG on the host. */
export type ScreenCaptureMethod = 'screencap-p' | 'raw';

/** One live-screen frame (screen:frame). */
export interface ScreenFrameAnswer {
  serial: string;
  mimeType: 'image/png';
  base64: string;
  widthPx: number;
  heightPx: number;
  method: ScreenCaptureMethod;
  /** Device capture time (request to last byte), ms. */
  captureMs: number;
  /** Host-side PNG encoding time; null when the device encoded it (`screencap -p`). */
  encodeMs: number | null;
  /** ISO time the frame was complete. */
  capturedAt: string;
}

/** One node of the tree beside the live screen; attributes the source did not report stay null (unknown). */
export interface ScreenNode {
  index: number;
  parent: number | null;
  depth: number;
  package: string | null;
  class: string | null;
  resource_id: string | null;
  text: string | null;
  content_description: string | null;
  bounds: string | null;
  clickable: boolean | null;
  focused: boolean | null;
  focusable: boolean | null;
  selected: boolean | null;
  enabled: boolean | null;
  scrollable: boolean | null;
}

/** One focused node and the labels of it and its descendants (inspect_android_ui's `navigation`). */
export interface ScreenFocus {
  index: number;
  class: string | null;
  resource_id: string | null;
  bounds: string | null;
  labels: string[];
  labels_truncated: boolean;
  identifies_one_action: boolean;
}

/** screen:tree's answer: the whole tree (inspect_android_ui full), its focus summary and whether it is a TV. */
export interface ScreenTreeAnswer {
  serial: string;
  source: 'operator' | 'uiautomator';
  status: 'complete' | 'partial';
  truncated: boolean;
  /** A complete, untruncated tree: the only kind that proves a unique target. */
  complete: boolean;
  node_count: number;
  nodes: ScreenNode[];
  focused: ScreenFocus[];
  fallback_reason: string | null;
  duration_ms: number;
  /** `ro.build.characteristics` names `tv`; null when it could not be read. */
  television: boolean | null;
  takenAt: string;
}

/**
 * Labels of controls the seed says never to activate while searching (restore defaults, erase, factory reset,
 * upgrade): activating a focused one needs a second, explicit confirmation.
 */
const DANGEROUS_LABEL =
  /\brestore[\s_-]*(?:to[\s_-]*)?(?:factory[\s_-]*)?defaults?\b|\berase\b|\bfactory[\s_-]*(?:data[\s_-]*)?reset\b|\bupgrade\b/i;

/** The labels among `labels` that name a dangerous control, each once. */
export function dangerousLabels(labels: readonly string[]): string[] {
  return [...new Set(labels.filter((label) => DANGEROUS_LABEL.test(label)))];
}

export const SCREEN_KEYS = ['back', 'home', 'enter', 'up', 'down', 'left', 'right', 'center'] as const;
export type ScreenKey = (typeof SCREEN_KEYS)[number];
export const SCROLL_DIRECTIONS = ['down', 'up'] as const;

/** screen:act's answer: the UI action tool's result (action_sent, command, action_result, verification). */
export interface ScreenActAnswer {
  serial: string;
  tool: string;
  action_sent: boolean;
  command: string;
  /** The tool's whole result as MCP and the CLI return it. */
  result: unknown;
  /** A dangerous-labelled activation that went through the strong confirmation. */
  confirmed_labels: string[] | null;
}

/** screen:find's answer: the one node the query names in a complete tree, and that tree (to show and select it). */
export interface ScreenFindAnswer {
  serial: string;
  query: { text: string | null; bounds: string | null };
  node: ScreenNode;
  tree: ScreenTreeAnswer;
}

/** screen:waitText's answer: the text is on screen (android.wait_text found exactly one node with it). */
export interface ScreenWaitAnswer {
  serial: string;
  text: string;
  source: 'operator' | 'uiautomator';
  polls: number;
  elapsed_ms: number;
  node: ScreenNode;
}

/** The Screen view's Wait for text timeout: android.wait_text's default and limits. */
export const WAIT_DEFAULT_MS = 5000;
export const WAIT_MIN_MS = 100;
export const WAIT_MAX_MS = 10_000;

const COORDINATE_RULE = `must be a whole number of device pixels from 0 to ${MAX_COORDINATE}`;
const coordinate = z
  .int({ error: COORDINATE_RULE })
  .min(0, COORDINATE_RULE)
  .max(MAX_COORDINATE, COORDINATE_RULE)
  .register(fieldCodes, { code: 'INVALID_ARGUMENTS' });
const BOUNDS_RULE = 'must be bounds [l,t][r,b]';
const boundsSchema = z.string({ error: BOUNDS_RULE }).regex(/^\[-?\d+,-?\d+\]\[-?\d+,-?\d+\]$/, BOUNDS_RULE);
const WAIT_KEY_RULE = 'must be 1-64 letters, digits, _ or -';
const waitIdSchema = z.string({ error: WAIT_KEY_RULE }).regex(/^[A-Za-z0-9_-]{1,64}$/, WAIT_KEY_RULE);
const inject = INJECT_INPUT_ARGUMENTS.shape;

const actionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('tap'), x: coordinate, y: coordinate }),
    z.strictObject({
      kind: z.literal('swipe'),
      x: coordinate,
      y: coordinate,
      end_x: coordinate,
      end_y: coordinate,
      duration_ms: z.int().min(100).max(10_000).optional(),
    }),
    z.strictObject({
      kind: z.literal('key'),
      key: z.enum(SCREEN_KEYS, { error: `must be one of ${SCREEN_KEYS.join(', ')}` }),
    }),
    z.strictObject({ kind: z.literal('text'), text: INPUT_TEXT_ARGUMENTS.shape.text }),
    // tap_text, tap_node and inject are buttons aiming at a node: the console's strong approval dialog asks first,
    // and the tool re-reads the target after it (identity revalidation).
    z.strictObject({ kind: z.literal('tap_text'), text: TAP_TEXT_ARGUMENTS.shape.text }),
    z.strictObject({ kind: z.literal('tap_node'), bounds: boundsSchema }),
    z.strictObject({
      kind: z.literal('inject'),
      action: z.enum(['tap', 'long_press', 'swipe'], { error: 'must be one of tap, long_press, swipe' }),
      bounds: boundsSchema,
      x: inject.x,
      y: inject.y,
      end_x: inject.end_x,
      end_y: inject.end_y,
      duration_ms: inject.duration_ms,
    }),
    // Launch and Stop are buttons, not gestures on the live screen: they ask the console's approval dialog.
    z.strictObject({ kind: z.literal('launch_app'), package: PACKAGE_NAME }),
    z.strictObject({ kind: z.literal('stop_app'), package: PACKAGE_NAME }),
    z.strictObject({
      kind: z.literal('scroll'),
      direction: z.enum(SCROLL_DIRECTIONS, { error: `must be one of ${SCROLL_DIRECTIONS.join(', ')}` }),
    }),
  ],
  {
    error:
      'must be {kind: tap | swipe | key | text | tap_text | tap_node | inject | launch_app | stop_app | scroll, ...}',
  },
);

export type ScreenAction = z.output<typeof actionSchema>;

export const screenChannelSchemas = {
  'screen:frame': z.strictObject({ serial: serialSchema }),
  'screen:tree': z.strictObject({
    serial: serialSchema,
    source: z
      .enum(['auto', 'operator', 'uiautomator'], { error: 'must be auto, operator or uiautomator' })
      .optional(),
  }),
  'screen:act': z.strictObject({
    serial: serialSchema,
    action: actionSchema.register(fieldCodes, { code: 'INVALID_ARGUMENTS' }),
    verification: VERIFICATION.register(fieldCodes, { code: 'INVALID_ARGUMENTS' }).optional(),
  }),
  'screen:find': z
    .strictObject({
      serial: serialSchema,
      text: TAP_TEXT_ARGUMENTS.shape.text.register(fieldCodes, { code: 'INVALID_ARGUMENTS' }).optional(),
      bounds: boundsSchema.register(fieldCodes, { code: 'INVALID_ARGUMENTS' }).optional(),
    })
    .refine((value) => value.text !== undefined || value.bounds !== undefined, {
      message: 'give text (exact text or description), bounds, or both',
    }),
  'screen:waitText': z.strictObject({
    serial: serialSchema,
    text: WAIT_TEXT_ARGUMENTS.shape.text.register(fieldCodes, { code: 'INVALID_ARGUMENTS' }),
    timeout_ms: WAIT_TEXT_ARGUMENTS.shape.timeout_ms
      .unwrap()
      .register(fieldCodes, { code: 'INVALID_ARGUMENTS' })
      .optional(),
    // The caller's name for this wait, so screen:cancelWait can stop its poll.
    wait_id: waitIdSchema,
  }),
  'screen:cancelWait': z.strictObject({ wait_id: waitIdSchema }),
} as const;

const nullableString = z.string().nullable();
const nullableBoolean = z.boolean().nullable();

export const screenFrameSchema = exactSchema<ScreenFrameAnswer>()(
  z.object({
    serial: z.string(),
    mimeType: z.literal('image/png'),
    base64: z.string(),
    widthPx: z.number(),
    heightPx: z.number(),
    method: z.enum(['screencap-p', 'raw']),
    captureMs: z.number(),
    encodeMs: z.number().nullable(),
    capturedAt: z.string(),
  }),
);

const screenNodeSchema = z.object({
  index: z.number(),
  parent: z.number().nullable(),
  depth: z.number(),
  package: nullableString,
  class: nullableString,
  resource_id: nullableString,
  text: nullableString,
  content_description: nullableString,
  bounds: nullableString,
  clickable: nullableBoolean,
  focused: nullableBoolean,
  focusable: nullableBoolean,
  selected: nullableBoolean,
  enabled: nullableBoolean,
  scrollable: nullableBoolean,
});

export const screenTreeSchema = exactSchema<ScreenTreeAnswer>()(
  z.object({
    serial: z.string(),
    source: z.enum(['operator', 'uiautomator']),
    status: z.enum(['complete', 'partial']),
    truncated: z.boolean(),
    complete: z.boolean(),
    node_count: z.number(),
    nodes: z.array(screenNodeSchema),
    focused: z.array(
      z.object({
        index: z.number(),
        class: nullableString,
        resource_id: nullableString,
        bounds: nullableString,
        labels: z.array(z.string()),
        labels_truncated: z.boolean(),
        identifies_one_action: z.boolean(),
      }),
    ),
    fallback_reason: nullableString,
    duration_ms: z.number(),
    television: nullableBoolean,
    takenAt: z.string(),
  }),
);

export const screenActSchema = exactSchema<ScreenActAnswer>()(
  z.object({
    serial: z.string(),
    tool: z.string(),
    action_sent: z.boolean(),
    command: z.string(),
    result: z.unknown(),
    confirmed_labels: z.array(z.string()).nullable(),
  }),
);

export const screenFindSchema = exactSchema<ScreenFindAnswer>()(
  z.object({
    serial: z.string(),
    query: z.object({ text: nullableString, bounds: nullableString }),
    node: screenNodeSchema,
    tree: screenTreeSchema,
  }),
);

export const screenWaitSchema = exactSchema<ScreenWaitAnswer>()(
  z.object({
    serial: z.string(),
    text: z.string(),
    source: z.enum(['operator', 'uiautomator']),
    polls: z.number(),
    elapsed_ms: z.number(),
    node: screenNodeSchema,
  }),
);
