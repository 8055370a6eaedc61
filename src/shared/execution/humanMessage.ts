// Validation issues in a person's words, the same way everywhere: the field as the reader knows it (the console's
// "Width", the CLI's --width-dp), one range notation ("between 80 and 600"), and the offending placeholder by name.
// The canonical `message` (the reference's wording, part of the conformance contract) is left unchanged.
import { PLACEHOLDER_NAMES } from '../template/placeholders';
import type { AppError } from '../errors';
import { isRecord } from '../schema/parse';
import type { ValidationIssue } from './issues';
import { checkSetParams } from './validateSetParams';

/** The one way a range is written to people: "between 80 and 600" (numbers grouped as in en-US: 3,600,000). */
export function rangeText(min: number, max: number): string {
  return `between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`;
}

/** How a reader names a field: its label, and the unit a bare number is in ("dp"), if any. */
export interface FieldName {
  label: string;
  unit?: string;
}

const SUPPORTED = PLACEHOLDER_NAMES.map((name) => `{{${name}}}`).join(', ');

function withUnit(text: string, unit: string | undefined): string {
  return unit === undefined ? text : `${text} ${unit}`;
}

/** Drops the reference's "set_on_screen_log params.<key> " subject from a canonical message. */
function ruleOf(message: string): string {
  return message.replace(/^set_on_screen_log params(\.[A-Za-z]+)? /, '');
}

/**
 * "Width must be between 80 and 600 dp", "--width-dp must be a whole number between 80 and 600",
 * "Template: {{foo}} is not a placeholder; use one of {{device.model}}, ...". Issues without a structured
 * explanation keep their rule ("must be exactly #RRGGBB or #AARRGGBB") after the reader's name for the field.
 */
export function humanIssueMessage(issue: ValidationIssue, name: FieldName): string {
  const { label, unit } = name;
  const explain = issue.explain;
  switch (explain?.kind) {
    case 'range':
      return `${label} must be ${withUnit(rangeText(explain.min, explain.max), unit)}`;
    case 'integer':
      return `${label} must be a whole number ${withUnit(rangeText(explain.min, explain.max), unit)}`;
    case 'length':
      return `${label} must be ${rangeText(explain.min, explain.max)} characters (UTF-16 code units) long`;
    case 'template':
      if (explain.problem === 'unknown')
        return `${label}: ${explain.token} is not a placeholder; use one of ${SUPPORTED}, or write {{{{ and }}}} for literal braces`;
      if (explain.problem === 'unclosed')
        return `${label}: the {{ at character ${explain.index + 1} is never closed with }}; write {{{{ for a literal {{`;
      return `${label}: the }} at character ${explain.index + 1} closes nothing; write }}}} for a literal }}`;
    default:
      return `${label} ${ruleOf(issue.message)}`;
  }
}

const SET_PARAMS_PATH = /^actions\.(\d+)\.params(?:\.|$)/;

/**
 * A set_on_screen_log params failure of `execution` (the raw payload validateExecution refused) told in the
 * reader's words: `nameOf` gets the field ("widthDp") and its path ("actions.0.params.widthDp"). Only the message
 * changes (code and details stay); any other error, or one this cannot re-derive exactly, comes back unchanged.
 */
export function inReaderWords<E extends AppError>(
  error: E,
  execution: unknown,
  nameOf: (field: string, path: string) => FieldName | undefined,
): E {
  const path = error.details?.path;
  if (error.code !== 'EXECUTION_VALIDATION_FAILED' || typeof path !== 'string') return error;
  const match = SET_PARAMS_PATH.exec(path);
  if (match === null || !isRecord(execution) || !Array.isArray(execution.actions)) return error;
  const action: unknown = execution.actions[Number(match[1])];
  if (!isRecord(action)) return error;
  const checked = checkSetParams(action.params);
  // Re-derived from the raw params: only when it is the very issue the validator reported.
  if (checked.ok || `actions.${match[1]}.${checked.issue.path}` !== path) return error;
  const name = nameOf(checked.issue.field, path);
  return name === undefined ? error : { ...error, message: humanIssueMessage(checked.issue, name) };
}
