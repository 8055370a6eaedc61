// Validates run.json (unknown → RunRecord) so a hand-edited or truncated file gives a clear error.
import { fail, ok, type Result } from '../../shared/errors';
import { parseBounds } from '../../shared/geometry/bounds';
import {
  booleanAt,
  defined,
  FieldProblem,
  integerAt,
  isObject,
  numberAt,
  objectAt,
  oneOf,
  optionalString,
  optionalTimestamp,
  stringAt,
  stringMapAt,
  timestampAt,
} from './fieldReader';
import { parseCaptureCheck } from './parseCaptureCheck';
import { isRunId } from './runId';
import {
  RUN_SCHEMA_VERSION,
  type RunDevice,
  type RunRecord,
  type RunScreenshot,
  type RunStep,
  type RunStepError,
} from './types';

const RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
const STEP_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'skipped'] as const;

/** A file name inside a run folder: no separators, and it cannot be `.` or `..`. */
export const RUN_FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

function parseDevice(value: unknown): RunDevice {
  const object = objectAt(value, 'device');
  return defined({
    serial: stringAt(object['serial'], 'device.serial'),
    model: optionalString(object['model'], 'device.model'),
    manufacturer: optionalString(object['manufacturer'], 'device.manufacturer'),
    sdkInt: object['sdkInt'] === undefined ? undefined : integerAt(object['sdkInt'], 'device.sdkInt', 1),
    profile: optionalString(object['profile'], 'device.profile'),
    simulated:
      object['simulated'] === undefined ? undefined : booleanAt(object['simulated'], 'device.simulated'),
  });
}

function parseStepError(value: unknown, field: string): RunStepError {
  const object = objectAt(value, field);
  const details = object['details'];
  if (details !== undefined && !isObject(details))
    throw new FieldProblem(`${field}.details`, 'must be an object');
  return defined({
    code: stringAt(object['code'], `${field}.code`),
    message: stringAt(object['message'], `${field}.message`),
    details,
  });
}

function parseStep(value: unknown, index: number): RunStep {
  const field = `steps[${index}]`;
  const object = objectAt(value, field);
  return defined({
    name: stringAt(object['name'], `${field}.name`),
    status: oneOf(object['status'], `${field}.status`, STEP_STATUSES),
    startedAt: optionalTimestamp(object['startedAt'], `${field}.startedAt`),
    finishedAt: optionalTimestamp(object['finishedAt'], `${field}.finishedAt`),
    durationMs:
      object['durationMs'] === undefined
        ? undefined
        : numberAt(object['durationMs'], `${field}.durationMs`, 0),
    payload: object['payload'],
    envelope: object['envelope'],
    error: object['error'] === undefined ? undefined : parseStepError(object['error'], `${field}.error`),
    data: object['data'] === undefined ? undefined : stringMapAt(object['data'], `${field}.data`),
  });
}

function parseScreenshot(value: unknown): RunScreenshot {
  const object = objectAt(value, 'screenshot');
  const file = stringAt(object['file'], 'screenshot.file');
  // A hand-edited path must not lead thumbnails or exports outside the run folder.
  if (!RUN_FILE_PATTERN.test(file))
    throw new FieldProblem('screenshot.file', 'must be a file name inside the run folder');
  return {
    file,
    widthPx: integerAt(object['widthPx'], 'screenshot.widthPx', 1),
    heightPx: integerAt(object['heightPx'], 'screenshot.heightPx', 1),
    capturedAt: timestampAt(object['capturedAt'], 'screenshot.capturedAt'),
  };
}

function optionalBounds(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  const text = stringAt(value, field);
  if (parseBounds(text) === null)
    throw new FieldProblem(field, 'must have the form [left,top][right,bottom]');
  return text;
}

function parseRecord(value: unknown): RunRecord {
  const object = objectAt(value, 'run.json');
  if (object['schemaVersion'] !== RUN_SCHEMA_VERSION)
    throw new FieldProblem('schemaVersion', `must be ${RUN_SCHEMA_VERSION}`);
  const id = stringAt(object['id'], 'id');
  if (!isRunId(id)) throw new FieldProblem('id', 'is not a run id');
  const steps = object['steps'];
  if (!Array.isArray(steps)) throw new FieldProblem('steps', 'must be an array');
  return defined({
    schemaVersion: RUN_SCHEMA_VERSION,
    id,
    label: optionalString(object['label'], 'label'),
    status: oneOf(object['status'], 'status', RUN_STATUSES),
    startedAt: timestampAt(object['startedAt'], 'startedAt'),
    finishedAt: optionalTimestamp(object['finishedAt'], 'finishedAt'),
    device: parseDevice(object['device']),
    design: object['design'],
    steps: steps.map(parseStep),
    screenshot: object['screenshot'] === undefined ? undefined : parseScreenshot(object['screenshot']),
    captureCheck:
      object['captureCheck'] === undefined
        ? undefined
        : parseCaptureCheck(object['captureCheck'], 'captureCheck'),
    predictedBounds: optionalBounds(object['predictedBounds'], 'predictedBounds'),
    reportedBounds: optionalBounds(object['reportedBounds'], 'reportedBounds'),
  });
}

/** The typed record, or the first problem as an error value (code INVALID_JSON, details.field). */
export function parseRunRecord(value: unknown): Result<RunRecord> {
  try {
    return ok(parseRecord(value));
  } catch (error) {
    if (!(error instanceof FieldProblem)) throw error;
    return fail('EVIDENCE_CORRUPT', `run.json is invalid: ${error.message}`, {
      field: error.field,
      reason: 'schema',
    });
  }
}

/** Parses run.json text; syntax errors come back as INVALID_JSON with reason 'syntax'. */
export function parseRunJson(text: string): Result<RunRecord> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return fail('EVIDENCE_CORRUPT', `run.json is not valid JSON: ${detail}`, { reason: 'syntax' });
  }
  return parseRunRecord(value);
}
