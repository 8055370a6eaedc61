// schemaForm: the fields a tool's JSON Schema yields and the arguments a filled-in form sends.
import { describe, expect, it } from 'vitest';
import { argumentsOf, formFields, initialValues } from './schemaForm';

const schema = {
  type: 'object',
  properties: {
    device: { type: 'string' },
    package: { type: 'string', description: 'exact package name' },
    lines: { type: 'integer', default: 200 },
    scope: { type: 'string', enum: ['system', 'secure', 'global'] },
    redact: { type: 'boolean' },
    nested: { type: 'object' },
  },
  required: ['package', 'scope'],
};

describe('formFields', () => {
  it('keeps the schema order, leaves out device and unsupported types, marks required fields', () => {
    const fields = formFields(schema);
    expect(fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['package', 'string', true],
      ['lines', 'integer', false],
      ['scope', 'enum', true],
      ['redact', 'boolean', false],
    ]);
    expect(fields[0]?.description).toBe('exact package name');
    expect(fields[1]?.defaultValue).toBe('200');
    expect(fields[2]?.options).toEqual(['system', 'secure', 'global']);
  });
});

describe('initialValues and argumentsOf', () => {
  it('starts from defaults and the first option of a required enum', () => {
    expect(initialValues(formFields(schema))).toEqual({
      package: '',
      lines: '200',
      scope: 'system',
      redact: '',
    });
  });
  it('sends numbers as numbers, booleans as booleans, leaves empty fields out and passes bad numbers as typed', () => {
    const fields = formFields(schema);
    expect(
      argumentsOf(fields, { package: 'com.example', lines: ' 50 ', scope: 'global', redact: 'false' }),
    ).toEqual({ package: 'com.example', lines: 50, scope: 'global', redact: false });
    expect(argumentsOf(fields, { package: '', lines: 'many', scope: 'secure', redact: '' })).toEqual({
      lines: 'many',
      scope: 'secure',
    });
  });
});
