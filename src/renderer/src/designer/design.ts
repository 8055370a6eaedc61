// The panel design as the form holds it, and its pure edits: `(design, input) => design`.
// Field values are the raw strings typed; '' means "omitted", so the Operator applies its default.
import type { SetOnScreenLogParams } from '../../../shared/execution/types';
import type { PlaceholderName } from '../../../shared/template/placeholders';
import { isRecord } from '../../../shared/schema/parse';

export type ContentMode = 'text' | 'template';

export const DESIGN_FIELDS = [
  'anchor',
  'textAlign',
  'topOffsetDp',
  'edgeOffsetDp',
  'widthDp',
  'fontSizeSp',
  'textColor',
  'backgroundColor',
  'ttlMs',
] as const;

export type DesignField = (typeof DESIGN_FIELDS)[number];

export interface Design {
  mode: ContentMode;
  /** The panel text (text mode) or the template (template mode); one string, kept when the mode changes. */
  content: string;
  fields: Readonly<Record<DesignField, string>>;
}

const EMPTY_FIELDS: Readonly<Record<DesignField, string>> = {
  anchor: '',
  textAlign: '',
  topOffsetDp: '',
  edgeOffsetDp: '',
  widthDp: '',
  fontSizeSp: '',
  textColor: '',
  backgroundColor: '',
  ttlMs: '',
};

/** The design a first start shows: a short label, every field at its default. */
export const INITIAL_DESIGN: Design = {
  mode: 'text',
  content: 'FLOW-001: Observe settings',
  fields: EMPTY_FIELDS,
};

export function setMode(design: Design, mode: ContentMode): Design {
  return design.mode === mode ? design : { ...design, mode };
}

export function setContent(design: Design, content: string): Design {
  return design.content === content ? design : { ...design, content };
}

export function setField(design: Design, input: { field: DesignField; value: string }): Design {
  if (design.fields[input.field] === input.value) return design;
  return { ...design, fields: { ...design.fields, [input.field]: input.value } };
}

/** Every field back to "omitted" (the content stays). */
export function resetFields(design: Design): Design {
  return DESIGN_FIELDS.every((field) => design.fields[field] === '')
    ? design
    : { ...design, fields: EMPTY_FIELDS };
}

/** The `{{name}}` token of a placeholder. */
export function placeholderToken(name: PlaceholderName): string {
  return `{{${name}}}`;
}

/** Replaces content[start, end) with the placeholder token (a collapsed selection inserts at the cursor). */
export function insertPlaceholder(
  design: Design,
  input: { name: PlaceholderName; start: number; end: number },
): Design {
  const length = design.content.length;
  const start = Math.min(Math.max(0, Math.min(input.start, input.end)), length);
  const end = Math.min(Math.max(start, Math.max(input.start, input.end)), length);
  const content = design.content.slice(0, start) + placeholderToken(input.name) + design.content.slice(end);
  return { ...design, mode: 'template', content };
}

/** A design showing saved params exactly: omitted params become empty fields. */
export function loadParams(_design: Design, params: SetOnScreenLogParams): Design {
  const text = (value: string | number | undefined): string => (value === undefined ? '' : String(value));
  return {
    mode: params.template !== undefined ? 'template' : 'text',
    content: params.template ?? params.text ?? '',
    fields: {
      anchor: text(params.anchor),
      textAlign: text(params.textAlign),
      topOffsetDp: text(params.topOffsetDp),
      edgeOffsetDp: text(params.edgeOffsetDp),
      widthDp: text(params.widthDp),
      fontSizeSp: text(params.fontSizeSp),
      textColor: text(params.textColor),
      backgroundColor: text(params.backgroundColor),
      ttlMs: text(params.ttlMs),
    },
  };
}

/** A design read back from storage, or null when the value is not one (storage is outside input). */
export function parseDesign(value: unknown): Design | null {
  if (!isRecord(value) || (value.mode !== 'text' && value.mode !== 'template')) return null;
  if (typeof value.content !== 'string' || !isRecord(value.fields)) return null;
  const fields: Record<DesignField, string> = { ...EMPTY_FIELDS };
  for (const field of DESIGN_FIELDS) {
    const raw = value.fields[field];
    if (raw === undefined) continue;
    if (typeof raw !== 'string') return null;
    fields[field] = raw;
  }
  return { mode: value.mode, content: value.content, fields };
}
