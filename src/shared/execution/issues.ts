// Validation issues, and how the first one becomes an EXECUTION_VALIDATION_FAILED error.
import { fail, type AppError } from '../errors';

/**
 * The broken rule in parts, so a person can be told in their own words (humanMessage.ts): the console names the
 * field "Width", the CLI its flag --width-dp; the canonical `message` (the reference's wording) stays as it is.
 */
export type IssueExplanation =
  | { kind: 'range'; min: number; max: number }
  /** Not a whole number; the range it must also lie in. */
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'length'; min: number; max: number }
  /** The template's first problem: an unknown `{{name}}`, a `{{` never closed, or a `}}` that closes nothing. */
  | { kind: 'template'; problem: 'unknown' | 'unclosed' | 'stray'; token: string; index: number };

/** One broken rule, as the console designer shows it next to a field. */
export interface ValidationIssue {
  /** Dotted path from the checked object, e.g. "params.widthDp"; "" for the object itself. */
  path: string;
  /** The input key a form shows the issue under, e.g. "widthDp". */
  field: string;
  message: string;
  explain?: IssueExplanation;
}

/** An issue with the rule on its own (`reason`) and, for strict-shape failures, the offending keys. */
export interface DetailedIssue extends ValidationIssue {
  reason: string;
  invalidKeys?: string[];
}

/** Which action an issue belongs to, echoed in error details. */
export interface IssueContext {
  actionId?: string;
  /** The raw input type, before alias normalization. */
  actionType?: string;
}

export function detailedIssue(
  path: string,
  field: string,
  message: string,
  reason: string,
  invalidKeys?: string[],
): DetailedIssue {
  const issue: DetailedIssue = { path, field, message, reason };
  if (invalidKeys !== undefined) issue.invalidKeys = invalidKeys;
  return issue;
}

/** Joins dotted path parts, skipping empty ones. */
export function joinPath(prefix: string, path: string): string {
  if (prefix === '') return path;
  return path === '' ? prefix : `${prefix}.${path}`;
}

/** The error value for an issue: details carry path, reason, actionId, actionType and invalidKeys when known. */
export function validationFailure(
  issue: DetailedIssue,
  pathPrefix = '',
  context: IssueContext = {},
): { ok: false; error: AppError } {
  const details: Record<string, unknown> = { path: joinPath(pathPrefix, issue.path), reason: issue.reason };
  if (context.actionId !== undefined) details.actionId = context.actionId;
  if (context.actionType !== undefined) details.actionType = context.actionType;
  if (issue.invalidKeys !== undefined) details.invalidKeys = issue.invalidKeys;
  return fail('EXECUTION_VALIDATION_FAILED', issue.message, details);
}
