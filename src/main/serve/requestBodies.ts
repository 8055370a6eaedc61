// Route-local checks of Serve request bodies (reference section 6), before the canonical validator runs.
import { fail, ok, type Result } from '../../shared/errors';
import { isPackageName } from '../devices/hubConfig';

/** Where an execution goes and how it is labelled, as a request may give it. */
export interface TargetFields {
  deviceId?: string;
  operatorPackage?: string;
  runId?: string;
}

export interface ExecuteBody extends TargetFields {
  /** Raw: aliases allowed, validated canonically by the runner. */
  execution: unknown;
}

export interface ScreenshotBody extends TargetFields {
  path?: string;
}

const RUN_ID = /^[A-Za-z0-9._:-]{1,240}$/;
const TARGET_KEYS = ['deviceId', 'operatorPackage', 'runId'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Unknown keys are refused (the reference ignores them): a misspelt `device_id` would otherwise run the
 * execution on whichever single device is connected.
 */
function checkKeys(body: Record<string, unknown>, allowed: readonly string[]): Result<void> {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length === 0) return ok(undefined);
  return fail(
    'INVALID_BODY',
    `Unknown key(s) in body: ${unknown.join(', ')}; allowed: ${allowed.join(', ')}`,
    {
      invalidKeys: unknown,
    },
  );
}

function readTarget(body: Record<string, unknown>): Result<TargetFields> {
  const { deviceId, operatorPackage, runId } = body;
  const target: TargetFields = {};
  if (deviceId !== undefined) {
    if (!isNonBlank(deviceId) || deviceId.length > 256)
      return fail('INVALID_DEVICE_ID', "'deviceId' must be a non-blank string", { deviceId });
    target.deviceId = deviceId;
  }
  if (operatorPackage !== undefined) {
    if (!isNonBlank(operatorPackage) || !isPackageName(operatorPackage))
      return fail('INVALID_OPERATOR_PACKAGE', "'operatorPackage' must be an Android package name", {
        operatorPackage,
      });
    target.operatorPackage = operatorPackage;
  }
  if (runId !== undefined) {
    if (typeof runId !== 'string' || !RUN_ID.test(runId))
      return fail('INVALID_RUN_ID', "'runId' must be 1..240 characters of A-Z a-z 0-9 . _ : -", { runId });
    target.runId = runId;
  }
  return ok(target);
}

/** `POST /execute`: `{ execution, deviceId?, operatorPackage?, runId? }`. */
export function parseExecuteBody(body: unknown): Result<ExecuteBody> {
  if (!isRecord(body)) return fail('INVALID_BODY', 'Invalid or missing JSON body');
  if (body.execution === undefined || body.execution === null)
    return fail('MISSING_EXECUTION', "Missing 'execution' in body");
  const keys = checkKeys(body, ['execution', ...TARGET_KEYS]);
  if (!keys.ok) return keys;
  const target = readTarget(body);
  return target.ok ? ok({ ...target.value, execution: body.execution }) : target;
}

/** `POST /snapshot` (`allowPath` false) and `POST /screenshot` (`path` too); no body means `{}`. */
export function parseObserveBody(body: unknown, allowPath: boolean): Result<ScreenshotBody> {
  if (body === undefined) return ok({});
  if (!isRecord(body)) return fail('INVALID_BODY', 'Invalid or missing JSON body');
  const keys = checkKeys(body, allowPath ? [...TARGET_KEYS, 'path'] : TARGET_KEYS);
  if (!keys.ok) return keys;
  const target = readTarget(body);
  if (!target.ok || body.path === undefined) return target;
  if (!isNonBlank(body.path))
    return fail('INVALID_PATH', "'path' must be a non-empty string", { path: body.path });
  return ok({ ...target.value, path: body.path });
}
