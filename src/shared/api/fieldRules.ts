// Field rules several boundaries share (channel inputs, settings and presets files, evidence records), as zod.
import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../execution/limits';
import { isPackageName } from '../packageName';

export const MAX_SERIAL_LENGTH = 255;
export const MAX_LABEL_LENGTH = 200;
export const MAX_PATH_LENGTH = 4096;
export const MAX_PRESET_NAME_LENGTH = 64;

/** Matches exactly the ids the evidence store makes: no separators, no leading dot, so `..` can never be one. */
export const RUN_ID_PATTERN = /^[0-9]{8}-[0-9]{6}-[A-Za-z0-9._-]{1,40}-[0-9a-z]{6}$/;

/** The stable error code of a field whose value is wrong (a missing required field is INVALID_BODY). */
export interface FieldMeta {
  code: ErrorCode;
  /** The code and rule when the field is missing, where that differs from INVALID_BODY "is required". */
  missing?: { code: ErrorCode; rule: string };
}

/** Which error code each registered field schema answers with. */
export const fieldCodes = z.registry<FieldMeta>();

/** C0 and C1 control characters (a name or label is one line of plain text). */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

const SERIAL_RULE = `must be a device serial (1 to ${MAX_SERIAL_LENGTH} characters)`;
/** An adb serial: 1..255 characters, no spaces or control characters (INVALID_DEVICE_ID). */
export const serialSchema = z
  .string({ error: SERIAL_RULE })
  .min(1, SERIAL_RULE)
  .max(MAX_SERIAL_LENGTH, SERIAL_RULE)
  .refine(
    (value) => !/\s/.test(value) && !hasControlCharacter(value),
    'must not contain spaces or control characters',
  )
  .register(fieldCodes, { code: 'INVALID_DEVICE_ID' });

const RUN_ID_RULE = 'must be a run id from evidence:list';
/** A run id of the evidence store (INVALID_RUN_ID). */
export const runIdSchema = z
  .string({ error: RUN_ID_RULE })
  .regex(RUN_ID_PATTERN, RUN_ID_RULE)
  .register(fieldCodes, { code: 'INVALID_RUN_ID' });

const PATH_RULE = `must be a non-empty path of at most ${MAX_PATH_LENGTH} characters`;
/**
 * An absolute file-system path (INVALID_PATH): the main process never resolves a renderer's relative path. What
 * counts as absolute depends on the platform, so the caller passes its rule (node:path's isAbsolute).
 */
export function absolutePathSchema(isAbsolutePath: (path: string) => boolean) {
  return z
    .string({ error: PATH_RULE })
    .min(1, PATH_RULE)
    .max(MAX_PATH_LENGTH, PATH_RULE)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL')
    .refine(isAbsolutePath, 'must be an absolute path')
    .register(fieldCodes, { code: 'INVALID_PATH' });
}

const LABEL_RULE = `must be a string of at most ${MAX_LABEL_LENGTH} characters without control characters`;
/** A run label: at most 200 characters without control characters. */
export const labelSchema = z
  .string({ error: LABEL_RULE })
  .max(MAX_LABEL_LENGTH, LABEL_RULE)
  .refine((value) => !hasControlCharacter(value), LABEL_RULE);

/** A preset name: 1..64 characters, not blank, no control characters, no outer spaces. */
export const presetNameSchema = z
  .string({ error: 'must be a string' })
  .refine(
    (name) => codePointLength(name) >= 1 && codePointLength(name) <= MAX_PRESET_NAME_LENGTH,
    `must be 1 to ${MAX_PRESET_NAME_LENGTH} characters long`,
  )
  .refine((name) => name.trim() !== '', 'must include a non-space character')
  .refine((name) => name.trim() === name, 'must not start or end with a space')
  .refine((name) => !hasControlCharacter(name), 'must not contain control characters');

const TIMEOUT_RULE = `must be an integer from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`;
const PACKAGE_RULE = 'must be an Android package name such as com.androperator.operator';

/** The console's settings, each field with its rule (settings:update and settings.json). */
export const settingsFields = {
  /** Start a simulated phone when no real device is connected. */
  simulatorWhenNoDevice: z.boolean({ error: 'must be true or false' }),
  operatorPackage: z
    .string({ error: PACKAGE_RULE })
    .refine(isPackageName, PACKAGE_RULE)
    .register(fieldCodes, { code: 'INVALID_OPERATOR_PACKAGE' }),
  /** timeoutMs of each execution the console sends. */
  timeoutMs: z
    .int({ error: TIMEOUT_RULE })
    .min(MIN_TIMEOUT_MS, TIMEOUT_RULE)
    .max(MAX_TIMEOUT_MS, TIMEOUT_RULE),
};
