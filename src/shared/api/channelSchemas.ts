// Every console channel's input, declared once: the main process parses with these, contract.ts infers from them.
import { z } from 'zod';
import { validateSetParams } from '../execution/validateSetParams';
import {
  absolutePathSchema,
  fieldCodes,
  labelSchema,
  presetNameSchema,
  runIdSchema,
  serialSchema,
  settingsFields,
} from './fieldRules';
import { logcatChannelSchemas } from './logcatSchemas';
import { screenChannelSchemas } from './screenSchemas';
import { HOLD_MAX_CAPTURES, HOLD_MAX_MS } from './sequence';

/** How many devices one sequence:run may drive at once. */
export const MAX_SEQUENCE_DEVICES = 32;
export const MAX_LIST_LIMIT = 100_000;
const MAX_ADDRESS_LENGTH = 300;

const SERIALS_RULE = `must be a list of 1 to ${MAX_SEQUENCE_DEVICES} device serials`;
const serialsSchema = z
  .array(serialSchema, { error: SERIALS_RULE })
  .min(1, SERIALS_RULE)
  .max(MAX_SEQUENCE_DEVICES, SERIALS_RULE)
  .superRefine((serials, context) => {
    const index = serials.findIndex((serial, at) => serials.indexOf(serial) !== at);
    if (index >= 0)
      context.addIssue({
        code: 'custom',
        path: [index],
        message: `repeats ${serials[index]}; list each device once`,
      });
  })
  .register(fieldCodes, { code: 'INVALID_DEVICE_ID' });

/**
 * A panel design, checked and normalized by the canonical set validator (its code and messages unchanged): a
 * failure is a custom issue carrying the validator's error in `params.error`.
 */
export const designSchema = z
  .unknown()
  .refine((value) => value !== undefined, 'is required')
  .transform((value, context) => {
    const design = validateSetParams(value);
    if (design.ok) return design.value;
    context.addIssue({ code: 'custom', message: design.error.message, params: { error: design.error } });
    return z.NEVER;
  });

const ADDRESS_RULE = 'must be an adb server address such as host:5037';
const addressInput = z.strictObject({
  address: z
    .string({ error: ADDRESS_RULE })
    .refine((value) => value.trim() !== '', ADDRESS_RULE)
    .max(MAX_ADDRESS_LENGTH, ADDRESS_RULE),
});

const TOOL_RULE = 'must be an Android tool name such as android_settings';
const APPROVAL_ID_RULE = 'must be the id of an approval:requested prompt (approval-...)';
const RUN_KEY_RULE = 'must be 1 to 64 letters, digits, _ or -';
const LIMIT_RULE = `must be an integer from 1 to ${MAX_LIST_LIMIT}`;
const empty = z.strictObject({});
const HOLD_CAPTURES_RULE = `must be an integer from 1 to ${HOLD_MAX_CAPTURES}`;
const HOLD_MS_RULE = `must be an integer from 1000 to ${HOLD_MAX_MS}`;
/** Hold the panel for more captures (docs/sequences.md "Run and hold"), within the hold's bounds. */
const holdSchema = z.strictObject({
  maxCaptures: z
    .int({ error: HOLD_CAPTURES_RULE })
    .min(1, HOLD_CAPTURES_RULE)
    .max(HOLD_MAX_CAPTURES, HOLD_CAPTURES_RULE)
    .optional(),
  maxMs: z.int({ error: HOLD_MS_RULE }).min(1000, HOLD_MS_RULE).max(HOLD_MAX_MS, HOLD_MS_RULE).optional(),
});
/** Which held runs a capture or release is for: these devices', or every held run. */
const heldSerials = z.strictObject({ serials: serialsSchema.optional() });
const serialOnly = z.strictObject({ serial: serialSchema });
const runIdOnly = z.strictObject({ id: runIdSchema });
const presetNameOnly = z.strictObject({ name: presetNameSchema });

/** The channel input schemas; `isAbsolutePath` is the platform's rule for the path fields. */
export function createChannelSchemas(isAbsolutePath: (path: string) => boolean) {
  const absolutePath = absolutePathSchema(isAbsolutePath);
  return {
    'app:info': empty,
    'settings:update': z.strictObject(settingsFields).partial(),
    'devices:list': empty,
    'devices:describe': serialOnly,
    'devices:servers': empty,
    'devices:addServer': addressInput,
    'devices:removeServer': addressInput,
    'devices:setServerEnabled': addressInput.extend({
      enabled: z.boolean({ error: 'must be true or false' }),
    }),
    'execution:run': z.strictObject({
      serial: serialSchema,
      // The execution itself is validated canonically by runExecution (validateExecution), aliases included.
      execution: z
        .unknown()
        .refine((value) => value !== undefined, 'is missing')
        .register(fieldCodes, {
          code: 'MISSING_EXECUTION',
          missing: { code: 'MISSING_EXECUTION', rule: 'is missing' },
        }),
    }),
    'sequence:run': z.strictObject({
      serials: serialsSchema,
      design: designSchema,
      label: labelSchema.optional(),
      hold: holdSchema.optional(),
    }),
    'sequence:capture': heldSerials,
    'sequence:release': heldSerials,
    'screenshot:capture': z.strictObject({ serial: serialSchema, label: labelSchema.optional() }),
    'screenshot:save': z.strictObject({ runId: runIdSchema, destination: absolutePath }),
    'evidence:list': z.strictObject({
      limit: z.int({ error: LIMIT_RULE }).min(1, LIMIT_RULE).max(MAX_LIST_LIMIT, LIMIT_RULE).optional(),
    }),
    'evidence:get': runIdOnly,
    'evidence:image': z.strictObject({
      id: runIdSchema,
      kind: z.enum(['screenshot', 'thumbnail'], { error: 'must be one of "screenshot", "thumbnail"' }),
      // A held run's capture by its index in run.json's captures (1 is the screenshot); kind "screenshot" only.
      capture: z
        .int({ error: 'must be a capture index (an integer from 1)' })
        .min(1, 'must be a capture index (an integer from 1)')
        .max(10_000, 'must be a capture index (at most 10000)')
        .optional(),
    }),
    'evidence:log': runIdOnly,
    'evidence:delete': runIdOnly,
    'evidence:export': z.strictObject({
      id: runIdSchema,
      destination: absolutePath,
      format: z.enum(['zip', 'folder'], { error: 'must be one of "zip", "folder"' }),
      // "rename": an existing destination becomes its next free copy (`<id> (2).zip`); default "fail".
      ifExists: z.enum(['fail', 'rename'], { error: 'must be one of "fail", "rename"' }).optional(),
    }),
    'evidence:attach': z.strictObject({
      id: runIdSchema,
      kind: z.enum(['diagnostic', 'logcat'], { error: 'must be one of "diagnostic", "logcat"' }),
      title: labelSchema.min(1, 'must be a non-empty title'),
      tool: z
        .string({ error: TOOL_RULE })
        .regex(/^[A-Za-z0-9_.]{1,64}$/, TOOL_RULE)
        .register(fieldCodes, { code: 'UNKNOWN_TOOL' }),
      arguments: z.record(z.string(), z.unknown(), { error: 'must be an object' }),
      serial: serialSchema,
      takenAt: z
        .string({ error: 'must be a timestamp' })
        .refine((value) => Number.isFinite(Date.parse(value)), 'must be a timestamp'),
      status: z
        .string({ error: 'must be a status word' })
        .regex(/^[a-z_]{1,32}$/, 'must be a status word such as complete'),
      answer: z.unknown(),
    }),
    'operator:status': serialOnly,
    'operator:enable': serialOnly,
    'operator:disable': serialOnly,
    'operator:openSettings': serialOnly,
    'operator:install': z.strictObject({ serial: serialSchema, apkPath: absolutePath }),
    'presets:list': empty,
    'presets:save': z.strictObject({ name: presetNameSchema, design: designSchema }),
    'presets:delete': presetNameOnly,
    'android:tools': empty,
    'android:run': z.strictObject({
      tool: z
        .string({ error: TOOL_RULE })
        .regex(/^[A-Za-z0-9_.]{1,64}$/, TOOL_RULE)
        .register(fieldCodes, { code: 'UNKNOWN_TOOL' }),
      device: serialSchema,
      // Checked by the tool's own schema (runTool): INVALID_ARGUMENTS naming the field.
      arguments: z
        .record(z.string(), z.unknown(), { error: "must be an object of the tool's arguments" })
        .refine((value) => !('device' in value), 'must not name the device; send it as `device`')
        .register(fieldCodes, { code: 'INVALID_ARGUMENTS' })
        .optional(),
      // The caller's name for this run, so android:cancel can stop it.
      run_id: z
        .string({ error: RUN_KEY_RULE })
        .regex(/^[A-Za-z0-9_-]{1,64}$/, RUN_KEY_RULE)
        .optional(),
    }),
    'android:cancel': z.strictObject({
      run_id: z.string({ error: RUN_KEY_RULE }).regex(/^[A-Za-z0-9_-]{1,64}$/, RUN_KEY_RULE),
    }),
    ...logcatChannelSchemas,
    ...screenChannelSchemas,
    'approval:answer': z.strictObject({
      id: z
        .string({ error: APPROVAL_ID_RULE })
        .regex(/^approval-[A-Za-z0-9_-]{8,64}$/, APPROVAL_ID_RULE)
        .register(fieldCodes, { code: 'APPROVAL_NOT_PENDING' }),
      approved: z.boolean({ error: 'must be true or false' }),
      // The strong dialog's second confirmation; required with approved: true for a strong request.
      confirmed: z.boolean({ error: 'must be true or false' }).optional(),
    }),
  } as const;
}

/** Channel -> input schema. */
export type ChannelSchemas = ReturnType<typeof createChannelSchemas>;
/** What a channel's handler receives: the parsed (normalized) input. */
export type ParsedChannelInput<C extends keyof ChannelSchemas> = z.output<ChannelSchemas[C]>;
