// The console's Screen view (screen:frame / screen:tree / screen:act), declared once: inputs, answers and their zod
// schemas. Frames are PNG bytes as base64 (IPC and JSON carry no binary); trees and actions come from the UI tools.
import { z } from 'zod';
import { PACKAGE_NAME } from '../android/packageName';
import { INPUT_TEXT_ARGUMENTS, MAX_COORDINATE, VERIFICATION } from '../ui/actionArguments';
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

const COORDINATE_RULE = `must be a whole number of device pixels from 0 to ${MAX_COORDINATE}`;
const coordinate = z
  .int({ error: COORDINATE_RULE })
  .min(0, COORDINATE_RULE)
  .max(MAX_COORDINATE, COORDINATE_RULE)
  .register(fieldCodes, { code: 'INVALID_ARGUMENTS' });
const BOUNDS_RULE = 'must be bounds [l,t][r,b]';

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
    z.strictObject({
      kind: z.literal('tap_node'),
      bounds: z.string({ error: BOUNDS_RULE }).regex(/^\[-?\d+,-?\d+\]\[-?\d+,-?\d+\]$/, BOUNDS_RULE),
    }),
    // Launch and Stop are buttons, not gestures on the live screen: they ask the console's approval dialog.
    z.strictObject({ kind: z.literal('launch_app'), package: PACKAGE_NAME }),
    z.strictObject({ kind: z.literal('stop_app'), package: PACKAGE_NAME }),
    z.strictObject({
      kind: z.literal('scroll'),
      direction: z.enum(SCROLL_DIRECTIONS, { error: `must be one of ${SCROLL_DIRECTIONS.join(', ')}` }),
    }),
  ],
  { error: 'must be {kind: tap | swipe | key | text | tap_node | launch_app | stop_app | scroll, ...}' },
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

export const screenTreeSchema = exactSchema<ScreenTreeAnswer>()(
  z.object({
    serial: z.string(),
    source: z.enum(['operator', 'uiautomator']),
    status: z.enum(['complete', 'partial']),
    truncated: z.boolean(),
    complete: z.boolean(),
    node_count: z.number(),
    nodes: z.array(
      z.object({
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
      }),
    ),
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
