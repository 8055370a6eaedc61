// A tool's argument form, generated from the JSON Schema android:tools sends (string, integer, boolean, enum
// fields), and the arguments a filled-in form sends. Pure.

export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'enum';

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  options?: string[];
  defaultValue?: string;
}

/** Field name -> the text (or 'true'/'false') the form holds. */
export type FormValues = Record<string, string>;

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function kindOf(property: Record<string, unknown>): FieldKind | undefined {
  if (Array.isArray(property['enum']) && property['enum'].every((option) => typeof option === 'string'))
    return 'enum';
  const type = property['type'];
  if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean') return type;
  return undefined;
}

/** The form's fields, in the schema's order; `device` is the selected device, never a field. */
export function formFields(schema: Record<string, unknown>): FormField[] {
  const properties = record(schema['properties']) ?? {};
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  return Object.entries(properties).flatMap(([name, value]): FormField[] => {
    const property = record(value);
    if (name === 'device' || property === undefined) return [];
    const kind = kindOf(property);
    if (kind === undefined) return [];
    const description = typeof property['description'] === 'string' ? property['description'] : undefined;
    const fallback = property['default'];
    return [
      {
        name,
        kind,
        required: required.includes(name),
        ...(description === undefined ? {} : { description }),
        ...(kind === 'enum' ? { options: property['enum'] as string[] } : {}),
        ...(fallback === undefined ? {} : { defaultValue: String(fallback) }),
      },
    ];
  });
}

/** What a new form holds: defaults, the first option of a required enum, else empty. */
export function initialValues(fields: readonly FormField[]): FormValues {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.defaultValue ?? (field.kind === 'enum' && field.required ? (field.options?.[0] ?? '') : ''),
    ]),
  );
}

/**
 * The arguments to send: empty fields left out, numbers as numbers when they are numbers (anything else is sent
 * as typed so the tool's own check names the field), booleans as booleans.
 */
export function argumentsOf(fields: readonly FormField[], values: FormValues): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const text = values[field.name] ?? '';
    if (field.kind === 'boolean') {
      if (text !== '') args[field.name] = text === 'true';
      continue;
    }
    if (text === '') continue;
    if (field.kind === 'integer' || field.kind === 'number') {
      const number = Number(text.trim());
      args[field.name] = text.trim() !== '' && Number.isFinite(number) ? number : text;
      continue;
    }
    args[field.name] = text;
  }
  return args;
}
