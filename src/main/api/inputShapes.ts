// Building blocks of the per-channel input checks: strict objects and the fields channels share.
import { isAbsolute } from 'node:path';
import type { ConsoleChannel } from '../../shared/api/contract';
import { fail, ok, type ErrorCode, type Result } from '../../shared/errors';
import { isRecord } from '../../shared/execution/issues';
import type { SetOnScreenLogParams } from '../../shared/execution/types';
import { validateSetParams } from '../../shared/execution/validateSetParams';
import { isRunId } from '../evidence/runId';
import { hasControlCharacter } from './presetsStore';

export const MAX_SERIAL_LENGTH = 255;
export const MAX_LABEL_LENGTH = 200;
export const MAX_PATH_LENGTH = 4096;

/** A failure naming the channel and the field: `<channel>: <field> <rule>`. */
export function fieldError(
  code: ErrorCode,
  channel: ConsoleChannel,
  field: string,
  rule: string,
  extra: Record<string, unknown> = {},
): Result<never> {
  return fail(code, `${channel}: ${field} ${rule}`, { channel, field, ...extra });
}

/**
 * The input as an object with only `allowed` keys and every `required` one (INVALID_BODY naming the field);
 * `undefined` counts as `{}` when no key is required.
 */
export function strictObject(
  channel: ConsoleChannel,
  input: unknown,
  allowed: readonly string[],
  required: readonly string[] = [],
): Result<Record<string, unknown>> {
  const object = input === undefined && required.length === 0 ? {} : input;
  if (!isRecord(object))
    return fail('INVALID_BODY', `${channel} expects a JSON object`, { channel, field: '' });
  const unknown = Object.keys(object).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    return fail('INVALID_BODY', `${channel}: unknown field(s) ${unknown.join(', ')}`, {
      channel,
      field: unknown[0],
      invalidKeys: unknown,
    });
  const missing = required.find((key) => object[key] === undefined);
  if (missing !== undefined) return fieldError('INVALID_BODY', channel, missing, 'is required');
  return ok(object);
}

/** An adb serial: 1..255 characters, no spaces or control characters. INVALID_DEVICE_ID otherwise. */
export function serialField(channel: ConsoleChannel, value: unknown, field = 'serial'): Result<string> {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_SERIAL_LENGTH)
    return fieldError(
      'INVALID_DEVICE_ID',
      channel,
      field,
      `must be a device serial (1 to ${MAX_SERIAL_LENGTH} characters)`,
    );
  if (/\s/.test(value) || hasControlCharacter(value))
    return fieldError('INVALID_DEVICE_ID', channel, field, 'must not contain spaces or control characters');
  return ok(value);
}

/** A run id of the evidence store. INVALID_RUN_ID otherwise. */
export function runIdField(channel: ConsoleChannel, value: unknown, field = 'id'): Result<string> {
  if (typeof value !== 'string' || !isRunId(value))
    return fieldError('INVALID_RUN_ID', channel, field, 'must be a run id from evidence:list');
  return ok(value);
}

/** An absolute file-system path (the main process never resolves a renderer's relative path). INVALID_PATH otherwise. */
export function absolutePathField(
  channel: ConsoleChannel,
  value: unknown,
  field = 'destination',
): Result<string> {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PATH_LENGTH)
    return fieldError(
      'INVALID_PATH',
      channel,
      field,
      `must be a non-empty path of at most ${MAX_PATH_LENGTH} characters`,
    );
  if (value.includes('\u0000')) return fieldError('INVALID_PATH', channel, field, 'must not contain NUL');
  if (!isAbsolute(value)) return fieldError('INVALID_PATH', channel, field, 'must be an absolute path');
  return ok(value);
}

/** An optional run label: a string of at most 200 characters without control characters. */
export function optionalLabelField(channel: ConsoleChannel, value: unknown): Result<string | undefined> {
  if (value === undefined) return ok(undefined);
  if (typeof value !== 'string' || value.length > MAX_LABEL_LENGTH || hasControlCharacter(value))
    return fieldError(
      'INVALID_BODY',
      channel,
      'label',
      `must be a string of at most ${MAX_LABEL_LENGTH} characters without control characters`,
    );
  return ok(value);
}

/** A panel design, checked and normalized by the canonical set validator (EXECUTION_VALIDATION_FAILED). */
export function designField(channel: ConsoleChannel, value: unknown): Result<SetOnScreenLogParams> {
  const design = validateSetParams(value);
  if (design.ok) return design;
  return fail(design.error.code, `${channel}: design: ${design.error.message}`, {
    ...design.error.details,
    channel,
    field: 'design',
  });
}

/** One of `choices`. INVALID_BODY otherwise. */
export function choiceField<T extends string>(
  channel: ConsoleChannel,
  value: unknown,
  field: string,
  choices: readonly T[],
): Result<T> {
  const match = choices.find((choice) => choice === value);
  if (match === undefined)
    return fieldError(
      'INVALID_BODY',
      channel,
      field,
      `must be one of ${choices.map((choice) => `"${choice}"`).join(', ')}`,
    );
  return ok(match);
}
