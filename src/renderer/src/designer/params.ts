// From the form to set_on_screen_log params, and the canonical validator's issues by form field.
import { validateSetParams, collectSetParamsIssues } from '../../../shared/execution/validateSetParams';
import type { SetOnScreenLogParams } from '../../../shared/execution/types';
import { parseNumericToken } from '../../../shared/cli/numericToken';
import { humanIssueMessage, type FieldName } from '../../../shared/execution/humanMessage';
import type { Design, DesignField } from './design';

const NUMBER_FIELDS: ReadonlySet<DesignField> = new Set([
  'topOffsetDp',
  'edgeOffsetDp',
  'widthDp',
  'fontSizeSp',
  'ttlMs',
]);

/** A form field, or 'content' for the text/template box. */
export type IssueField = DesignField | 'content';

/**
 * The params object the form describes. Empty fields are omitted; numbers follow the CLI's numeric grammar
 * (`12.0` and `1e3` are integers) after trimming; a token that is not a number is passed on as the string typed,
 * so the canonical validator reports it ("must be an integer") instead of the form guessing.
 */
export function designToParams(design: Design): Record<string, unknown> {
  const params: Record<string, unknown> = { [design.mode]: design.content };
  for (const [field, raw] of Object.entries(design.fields) as [DesignField, string][]) {
    const value = raw.trim();
    if (value === '') continue;
    if (NUMBER_FIELDS.has(field)) params[field] = parseNumericToken(value) ?? value;
    else params[field] = value;
  }
  return params;
}

export interface DesignCheck {
  /** The normalized params when the design is valid, else null. */
  params: SetOnScreenLogParams | null;
  /** One message per field (the first issue the validator reports for it). */
  issues: Partial<Record<IssueField, string>>;
  issueCount: number;
}

function issueField(field: string): IssueField {
  if (field === 'text' || field === 'template' || field === 'params') return 'content';
  return field as DesignField;
}

/** Each field as the form labels it, so a message says "Width", not widthDp (issue 14 defect 9). */
export const FIELD_NAMES: Readonly<Record<DesignField | 'text' | 'template' | 'params', FieldName>> = {
  text: { label: 'Panel text' },
  template: { label: 'Template' },
  params: { label: 'Panel text' },
  anchor: { label: 'Anchor' },
  textAlign: { label: 'Text align' },
  topOffsetDp: { label: 'Top offset', unit: 'dp' },
  edgeOffsetDp: { label: 'Edge offset', unit: 'dp' },
  widthDp: { label: 'Width', unit: 'dp' },
  fontSizeSp: { label: 'Font size', unit: 'sp' },
  textColor: { label: 'Text colour' },
  backgroundColor: { label: 'Background colour' },
  ttlMs: { label: 'TTL', unit: 'ms' },
};

function fieldName(field: string): FieldName {
  return FIELD_NAMES[field as keyof typeof FIELD_NAMES] ?? { label: field };
}

const checks = new WeakMap<Design, DesignCheck>();

/** Validates with the canonical validator (collectSetParamsIssues); memoized per design object. */
export function checkDesign(design: Design): DesignCheck {
  const cached = checks.get(design);
  if (cached !== undefined) return cached;
  const raw = designToParams(design);
  const issues: Partial<Record<IssueField, string>> = {};
  for (const issue of collectSetParamsIssues(raw)) {
    const field = issueField(issue.field);
    issues[field] ??= humanIssueMessage(issue, fieldName(issue.field));
  }
  const issueCount = Object.keys(issues).length;
  let params: SetOnScreenLogParams | null = null;
  if (issueCount === 0) {
    const validated = validateSetParams(raw);
    params = validated.ok ? validated.value : null;
  }
  const check: DesignCheck = { params, issues, issueCount };
  checks.set(design, check);
  return check;
}

const CANONICAL_PREFIX = /^set_on_screen_log params\.[A-Za-z]+ /;

/** A validator message as shown under its field: without the "set_on_screen_log params.<key>" subject. */
export function fieldMessage(message: string): string {
  const stripped = message.replace(CANONICAL_PREFIX, '');
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}
