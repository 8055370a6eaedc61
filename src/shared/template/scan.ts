// Template scanner: the same left-to-right algorithm as the Operator (reference section 3).
import { ok, type Result } from '../errors';
import { INVALID_TEMPLATE_MESSAGE, isPlaceholderName, type PlaceholderName } from './placeholders';

export type TemplateSegment =
  { kind: 'literal'; text: string } | { kind: 'placeholder'; name: PlaceholderName };

/** Why a template is invalid: the supported-names message and the UTF-16 index of the offending delimiter. */
export interface TemplateProblem {
  message: string;
  index: number;
}

export type TemplateScan = Result<TemplateSegment[], TemplateProblem>;

/** Splits a template into literal runs and placeholders; `{{{{`/`}}}}` are escapes for literal `{{`/`}}`. */
export function scanTemplate(template: string): TemplateScan {
  const segments: TemplateSegment[] = [];
  let literal = '';
  let i = 0;
  const invalid = (index: number): TemplateScan => ({
    ok: false,
    error: { message: INVALID_TEMPLATE_MESSAGE, index },
  });
  while (i < template.length) {
    if (template.startsWith('{{{{', i)) {
      literal += '{{';
      i += 4;
    } else if (template.startsWith('}}}}', i)) {
      literal += '}}';
      i += 4;
    } else if (template.startsWith('{{', i)) {
      const close = template.indexOf('}}', i + 2);
      if (close < 0) return invalid(i);
      const name = template.slice(i + 2, close);
      if (!isPlaceholderName(name)) return invalid(i);
      if (literal.length > 0) segments.push({ kind: 'literal', text: literal });
      literal = '';
      segments.push({ kind: 'placeholder', name });
      i = close + 2;
    } else if (template.startsWith('}}', i)) {
      return invalid(i);
    } else {
      literal += template[i];
      i += 1;
    }
  }
  if (literal.length > 0) segments.push({ kind: 'literal', text: literal });
  return ok(segments);
}

/** The distinct placeholder names a scanned template uses. */
export function placeholdersOf(segments: readonly TemplateSegment[]): PlaceholderName[] {
  const names = new Set<PlaceholderName>();
  for (const segment of segments) if (segment.kind === 'placeholder') names.add(segment.name);
  return [...names];
}
