// One action object: strict {id, type, params?}, type normalization, then the params of its type.
import { isRecord } from '../schema/parse';
import { detailedIssue, type DetailedIssue, type IssueContext } from './issues';
import { MAX_ACTION_TYPE_LENGTH, MAX_ID_LENGTH } from './limits';
import type { Action } from './types';
import { normalizeActionType, SUPPORTED_ACTION_TYPES } from './validateActionType';
import { emptyParamsIssue, inspectScreenshotParams } from './validateOtherActions';
import { checkSetParams } from './validateSetParams';

/** The first issue of an action; its path is relative to the action ("id", "params.widthDp", "" for itself). */
export interface ActionFailure extends IssueContext {
  issue: DetailedIssue;
}

function fieldIssue(index: number, field: string, rule: string): DetailedIssue {
  return detailedIssue(field, field, `actions.${index}.${field} ${rule}`, rule);
}

function unsupportedTypeIssue(index: number, raw: string): DetailedIssue {
  const reason = `${JSON.stringify(raw)} is not supported`;
  const which = `actions.${index}.type ${reason}; supported: ${SUPPORTED_ACTION_TYPES.join(', ')}`;
  return detailedIssue('type', 'type', `All action types must be supported (${which})`, reason);
}

function failureOf(issue: DetailedIssue, id: unknown, type: unknown): ActionFailure {
  const failure: ActionFailure = { issue };
  if (typeof id === 'string') failure.actionId = id;
  if (typeof type === 'string') failure.actionType = type;
  return failure;
}

/** Validates actions[index] and appends its canonical form to `out`, or returns the first issue. */
export function inspectAction(input: unknown, index: number, out: Action[]): ActionFailure | undefined {
  if (!isRecord(input)) {
    const rule = 'must be a JSON object';
    return { issue: detailedIssue('', `actions.${index}`, `actions.${index} ${rule}`, rule) };
  }
  let unknownKeys: string[] | undefined;
  for (const key of Object.keys(input)) {
    const known = key === 'id' || key === 'type' || key === 'params';
    if (!known && input[key] !== undefined) (unknownKeys ??= []).push(key);
  }
  const { id, type, params } = input;
  if (unknownKeys !== undefined) {
    const rule = `contains unknown key(s): ${unknownKeys.join(', ')}`;
    return failureOf(
      detailedIssue('', `actions.${index}`, `actions.${index} ${rule}`, rule, unknownKeys),
      id,
      type,
    );
  }
  if (id === undefined) return failureOf(fieldIssue(index, 'id', 'is required'), id, type);
  if (typeof id !== 'string') return failureOf(fieldIssue(index, 'id', 'must be a string'), id, type);
  if (id.length < 1 || id.length > MAX_ID_LENGTH) {
    return failureOf(fieldIssue(index, 'id', `must contain 1..${MAX_ID_LENGTH} characters`), id, type);
  }
  if (type === undefined) return failureOf(fieldIssue(index, 'type', 'is required'), id, type);
  if (typeof type !== 'string') return failureOf(fieldIssue(index, 'type', 'must be a string'), id, type);
  if (type.length > MAX_ACTION_TYPE_LENGTH) {
    return failureOf(
      fieldIssue(index, 'type', `must contain at most ${MAX_ACTION_TYPE_LENGTH} characters`),
      id,
      type,
    );
  }
  const canonical = normalizeActionType(type);
  switch (canonical) {
    case null:
      return failureOf(unsupportedTypeIssue(index, type), id, type);
    case 'set_on_screen_log': {
      const set = checkSetParams(params);
      if (!set.ok) return failureOf(set.issue, id, type);
      out.push({ id, type: canonical, params: set.params });
      return undefined;
    }
    case 'clear_on_screen_log':
    case 'snapshot': {
      const issue = emptyParamsIssue(canonical, params);
      if (issue !== null) return failureOf(issue, id, type);
      out.push({ id, type: canonical });
      return undefined;
    }
    case 'take_screenshot': {
      const screenshot = inspectScreenshotParams(params);
      if (!screenshot.ok) return failureOf(screenshot.issue, id, type);
      out.push(
        screenshot.params === undefined
          ? { id, type: canonical }
          : { id, type: canonical, params: screenshot.params },
      );
      return undefined;
    }
  }
}
