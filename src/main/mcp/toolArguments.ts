// Tool argument checks: a malformed shape is a JSON-RPC InvalidParams error (-32602), never a tool result.
import { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS, SCREENSHOT_SCALES } from '../../shared/execution/limits';
import type { ScreenshotScale } from '../../shared/execution/types';
import { normalizeActionType } from '../../shared/execution/validateActionType';
import { SCREENSHOT_PATH_KEYS } from '../../shared/execution/validateOtherActions';
import { isPackageName } from '../devices/hubConfig';

/** The checked arguments, or the InvalidParams message `<first issue> (path: <dotted path>)`. */
export type ArgumentCheck<T> = { ok: true; value: T } | { ok: false; message: string };

export interface TargetArguments {
  deviceId?: string;
  operatorPackage?: string;
  timeoutMs?: number;
}

/** An action as the caller wrote it: id and type checked for shape only; the canonical validator does the rest. */
export interface RawAction {
  id: string;
  type: string;
  params?: unknown;
}

export interface ExecuteArguments extends TargetArguments {
  actions: RawAction[];
}

export interface ScreenshotArguments extends TargetArguments {
  scale?: ScreenshotScale;
}

export const CALLER_PATH_MESSAGE =
  'execute does not allow caller-controlled take_screenshot paths over MCP (path: actions)';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function invalid(message: string, path: string): { ok: false; message: string } {
  return { ok: false, message: `${message} (path: ${path})` };
}

function unknownKey(record: Record<string, unknown>, allowed: readonly string[], prefix: string) {
  const key = Object.keys(record).find((name) => !allowed.includes(name));
  return key === undefined ? null : invalid(`Unrecognized key '${key}'`, `${prefix}${key}`);
}

function checkTarget(args: Record<string, unknown>): ArgumentCheck<TargetArguments> {
  const { deviceId, operatorPackage, timeoutMs } = args;
  const target: TargetArguments = {};
  if (deviceId !== undefined) {
    if (!isNonBlank(deviceId)) return invalid('deviceId must be a non-blank string', 'deviceId');
    target.deviceId = deviceId;
  }
  if (operatorPackage !== undefined) {
    if (!isNonBlank(operatorPackage))
      return invalid('operatorPackage must be a non-blank string', 'operatorPackage');
    if (!isPackageName(operatorPackage))
      return invalid('operatorPackage must be an Android package name', 'operatorPackage');
    target.operatorPackage = operatorPackage;
  }
  if (timeoutMs !== undefined) {
    if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs))
      return invalid('timeoutMs must be an integer', 'timeoutMs');
    if (timeoutMs < MIN_TIMEOUT_MS || timeoutMs > MAX_TIMEOUT_MS)
      return invalid(`timeoutMs must be between ${MIN_TIMEOUT_MS} and ${MAX_TIMEOUT_MS}`, 'timeoutMs');
    target.timeoutMs = timeoutMs;
  }
  return { ok: true, value: target };
}

function argumentsObject(args: unknown): ArgumentCheck<Record<string, unknown>> {
  if (args === undefined) return { ok: true, value: {} };
  return isRecord(args) ? { ok: true, value: args } : invalid('arguments must be an object', '(root)');
}

/** `devices`: no arguments. */
export function checkDevicesArguments(args: unknown): ArgumentCheck<Record<string, never>> {
  const record = argumentsObject(args);
  if (!record.ok) return record;
  return unknownKey(record.value, [], '') ?? { ok: true, value: {} };
}

/** `snapshot`: deviceId?, operatorPackage?, timeoutMs?. */
export function checkSnapshotArguments(args: unknown): ArgumentCheck<TargetArguments> {
  const record = argumentsObject(args);
  if (!record.ok) return record;
  return (
    unknownKey(record.value, ['deviceId', 'operatorPackage', 'timeoutMs'], '') ?? checkTarget(record.value)
  );
}

/** `screenshot`: the snapshot arguments and scale? (100, 50 or 25). */
export function checkScreenshotArguments(args: unknown): ArgumentCheck<ScreenshotArguments> {
  const record = argumentsObject(args);
  if (!record.ok) return record;
  const unknown = unknownKey(record.value, ['deviceId', 'operatorPackage', 'timeoutMs', 'scale'], '');
  if (unknown !== null) return unknown;
  const target = checkTarget(record.value);
  if (!target.ok) return target;
  const { scale } = record.value;
  if (scale === undefined) return target;
  if (!SCREENSHOT_SCALES.includes(scale as ScreenshotScale))
    return invalid(`scale must be one of ${SCREENSHOT_SCALES.join(', ')}`, 'scale');
  return { ok: true, value: { ...target.value, scale: scale as ScreenshotScale } };
}

function checkAction(value: unknown, index: number): ArgumentCheck<RawAction> {
  const path = `actions.${index}`;
  if (!isRecord(value)) return invalid('each action must be an object', path);
  const unknown = unknownKey(value, ['id', 'type', 'params'], `${path}.`);
  if (unknown !== null) return unknown;
  if (!isNonBlank(value.id)) return invalid('action id must be a non-blank string', `${path}.id`);
  if (!isNonBlank(value.type)) return invalid('action type must be a non-blank string', `${path}.type`);
  // The type is passed on as written: padded or cased types reach the canonical validator and fail there.
  return {
    ok: true,
    value: {
      id: value.id,
      type: value.type,
      ...(value.params === undefined ? {} : { params: value.params }),
    },
  };
}

/** True when a take_screenshot action (after alias normalization) names any output path. */
function namesScreenshotPath(action: RawAction): boolean {
  if (normalizeActionType(action.type) !== 'take_screenshot' || !isRecord(action.params)) return false;
  const params = action.params;
  return SCREENSHOT_PATH_KEYS.some((key) => params[key] !== undefined);
}

/** `execute`: actions (required, non-empty), deviceId?, operatorPackage?, timeoutMs?. */
export function checkExecuteArguments(args: unknown): ArgumentCheck<ExecuteArguments> {
  const record = argumentsObject(args);
  if (!record.ok) return record;
  const unknown = unknownKey(record.value, ['actions', 'deviceId', 'operatorPackage', 'timeoutMs'], '');
  if (unknown !== null) return unknown;
  const { actions } = record.value;
  if (actions === undefined) return invalid('actions is required', 'actions');
  if (!Array.isArray(actions) || actions.length === 0)
    return invalid('actions must be a non-empty array', 'actions');
  const checked: RawAction[] = [];
  for (const [index, value] of actions.entries()) {
    const action = checkAction(value, index);
    if (!action.ok) return action;
    checked.push(action.value);
  }
  const target = checkTarget(record.value);
  if (!target.ok) return target;
  if (checked.some(namesScreenshotPath)) return { ok: false, message: CALLER_PATH_MESSAGE };
  return { ok: true, value: { ...target.value, actions: checked } };
}
