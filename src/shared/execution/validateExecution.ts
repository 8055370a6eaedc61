// The canonical execution validator (reference sections 1-2): every surface runs it before anything is dispatched.
import { fail, ok, type AppError, type Result } from '../errors';
import { checkJsonDepth } from '../json/depth';
import { isRecord } from '../schema/parse';
import { detailedIssue, validationFailure, type DetailedIssue } from './issues';
import {
  MAX_EXECUTION_ACTIONS,
  MAX_ID_LENGTH,
  MAX_PAYLOAD_BYTES,
  MAX_SOURCE_LENGTH,
  MAX_TIMEOUT_MS,
  MIN_TIMEOUT_MS,
} from './limits';
import { jsonUtf8ByteLength } from './payloadSize';
import { EXPECTED_FORMAT, type Action, type Execution } from './types';
import { inspectAction } from './validateAction';

/** Top-level values by canonical key (undefined when absent): canonical spellings and their aliases apart. */
interface TopFields {
  commandId: unknown;
  taskId: unknown;
  source: unknown;
  expectedFormat: unknown;
  timeoutMs: unknown;
  mode: unknown;
  actions: unknown;
  commandIdAlias: unknown;
  taskIdAlias: unknown;
  expectedFormatAlias: unknown;
  timeoutMsAlias: unknown;
  unknownKeys: string[] | undefined;
}

// Why a switch into a fixed-shape object: see readSetFields in validateSetParams.ts.
function readTopFields(input: Record<string, unknown>): TopFields {
  const fields: TopFields = {
    commandId: undefined,
    taskId: undefined,
    source: undefined,
    expectedFormat: undefined,
    timeoutMs: undefined,
    mode: undefined,
    actions: undefined,
    commandIdAlias: undefined,
    taskIdAlias: undefined,
    expectedFormatAlias: undefined,
    timeoutMsAlias: undefined,
    unknownKeys: undefined,
  };
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (value === undefined) continue; // absent, as in JSON text
    switch (key) {
      case 'commandId':
        fields.commandId = value;
        break;
      case 'taskId':
        fields.taskId = value;
        break;
      case 'source':
        fields.source = value;
        break;
      case 'expectedFormat':
        fields.expectedFormat = value;
        break;
      case 'timeoutMs':
        fields.timeoutMs = value;
        break;
      case 'mode':
        fields.mode = value;
        break;
      case 'actions':
        fields.actions = value;
        break;
      // Input-only aliases: the canonical key wins when both are present.
      case 'command_id':
        fields.commandIdAlias = value;
        break;
      case 'task_id':
        fields.taskIdAlias = value;
        break;
      case 'expected_format':
        fields.expectedFormatAlias = value;
        break;
      case 'timeout_ms':
        fields.timeoutMsAlias = value;
        break;
      default:
        (fields.unknownKeys ??= []).push(key);
    }
  }
  return fields;
}

function topIssue(field: string, rule: string): DetailedIssue {
  return detailedIssue(field, field, `${field} ${rule}`, rule);
}

function stringIssue(field: string, value: unknown, max: number): DetailedIssue | null {
  if (value === undefined) return topIssue(field, 'is required');
  if (typeof value !== 'string') return topIssue(field, 'must be a string');
  return value.length < 1 || value.length > max ? topIssue(field, `must contain 1..${max} characters`) : null;
}

function timeoutIssue(value: unknown): DetailedIssue | null {
  if (value === undefined) return topIssue('timeoutMs', 'is required');
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return topIssue('timeoutMs', 'must be a finite number');
  }
  return value < MIN_TIMEOUT_MS || value > MAX_TIMEOUT_MS
    ? topIssue('timeoutMs', `must be between ${MIN_TIMEOUT_MS} and ${MAX_TIMEOUT_MS}`)
    : null;
}

function constantIssue(
  field: string,
  value: unknown,
  expected: string,
  optional: boolean,
): DetailedIssue | null {
  if (value === expected || (optional && value === undefined)) return null;
  return topIssue(field, value === undefined ? 'is required' : `must be ${JSON.stringify(expected)}`);
}

function actionsIssue(value: unknown): DetailedIssue | null {
  if (value === undefined) return topIssue('actions', 'is required');
  if (!Array.isArray(value)) return topIssue('actions', 'must be an array');
  return value.length < 1 || value.length > MAX_EXECUTION_ACTIONS
    ? topIssue('actions', `must contain 1..${MAX_EXECUTION_ACTIONS} items`)
    : null;
}

function payloadSizeFailure(input: unknown): { ok: false; error: AppError } | null {
  const bytes = jsonUtf8ByteLength(input);
  if (Number.isNaN(bytes)) {
    const rule = 'must be serializable as JSON (no cycles or BigInt values)';
    return validationFailure(detailedIssue('', 'execution', `Execution payload ${rule}`, rule));
  }
  if (bytes <= MAX_PAYLOAD_BYTES) return null;
  const reason = `exceeds ${MAX_PAYLOAD_BYTES} bytes`;
  return fail('PAYLOAD_TOO_LARGE', `Payload ${reason} (got ${bytes})`, {
    path: '',
    reason,
    bytes,
    maxBytes: MAX_PAYLOAD_BYTES,
  });
}

/**
 * Validates an execution payload and returns a fresh canonical copy (aliases resolved, colours normalized, keys in
 * canonical order, omitted fields still omitted). Only the first issue is reported, as EXECUTION_VALIDATION_FAILED
 * with details { path, reason, actionId?, actionType?, invalidKeys? }; an oversized payload is PAYLOAD_TOO_LARGE.
 */
export function validateExecution(input: unknown): Result<Execution> {
  if (!isRecord(input)) {
    const rule = 'must be a JSON object';
    return validationFailure(detailedIssue('', 'execution', `Execution payload ${rule}`, rule));
  }
  // Before the size rule: JSON.stringify recurses, and a hostile payload nests thousands of levels.
  const tooDeep = checkJsonDepth(input, 'Execution payload');
  if (!tooDeep.ok) return tooDeep;
  const sizeFailure = payloadSizeFailure(input);
  if (sizeFailure !== null) return sizeFailure;
  const fields = readTopFields(input);
  const { unknownKeys } = fields;
  if (unknownKeys !== undefined) {
    const rule = `contains unknown key(s): ${unknownKeys.join(', ')}`;
    return validationFailure(detailedIssue('', 'execution', `Execution payload ${rule}`, rule, unknownKeys));
  }
  // The canonical key wins when both spellings are present (even with a null value).
  const commandId = fields.commandId !== undefined ? fields.commandId : fields.commandIdAlias;
  const taskId = fields.taskId !== undefined ? fields.taskId : fields.taskIdAlias;
  const expectedFormat =
    fields.expectedFormat !== undefined ? fields.expectedFormat : fields.expectedFormatAlias;
  const timeoutMs = fields.timeoutMs !== undefined ? fields.timeoutMs : fields.timeoutMsAlias;
  const { source, mode, actions } = fields;
  const issue =
    stringIssue('commandId', commandId, MAX_ID_LENGTH) ??
    stringIssue('taskId', taskId, MAX_ID_LENGTH) ??
    stringIssue('source', source, MAX_SOURCE_LENGTH) ??
    constantIssue('expectedFormat', expectedFormat, EXPECTED_FORMAT, false) ??
    timeoutIssue(timeoutMs) ??
    constantIssue('mode', mode, 'direct', true) ??
    actionsIssue(actions);
  if (issue !== null) return validationFailure(issue);
  const items = actions as unknown[];
  const canonicalActions: Action[] = [];
  for (let index = 0; index < items.length; index++) {
    const failure = inspectAction(items[index], index, canonicalActions);
    if (failure !== undefined) return validationFailure(failure.issue, `actions.${index}`, failure);
  }
  const head = {
    commandId: commandId as string,
    taskId: taskId as string,
    source: source as string,
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: timeoutMs as number,
  };
  return ok(
    mode === undefined
      ? { ...head, actions: canonicalActions }
      : { ...head, mode: 'direct', actions: canonicalActions },
  );
}
