// Runs conformance/template-parse.json and conformance/template-expand.json (the Kotlin Operator runs the same files).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeVectorString, readVectorFile, type VectorCase } from '../geometry/conformanceVectors';
import { expandTemplate } from './expand';
import { parseTemplateMetadata } from './metadata';
import { INVALID_TEMPLATE_MESSAGE, isPlaceholderName } from './placeholders';
import { scanTemplate, type TemplateSegment } from './scan';

function load(file: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../conformance/${file}`, import.meta.url), 'utf8'));
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what} is not an object`);
  return value as Record<string, unknown>;
}

function text(value: unknown, what: string): string {
  const decoded = decodeVectorString(value);
  if (decoded === null) throw new Error(`${what} is not a string or generator`);
  return decoded;
}

function expectedSegment(value: unknown): TemplateSegment {
  const segment = record(value, 'segment');
  if ('literal' in segment) return { kind: 'literal', text: text(segment.literal, 'literal') };
  const name = segment.placeholder;
  if (typeof name !== 'string' || !isPlaceholderName(name))
    throw new Error(`bad placeholder ${String(name)}`);
  return { kind: 'placeholder', name };
}

/** Metadata values may use the generator notation too: decode them before the metadata parser sees them. */
function decodedMetadata(value: unknown): unknown {
  const groups = record(value, 'metadata');
  const decoded: Record<string, unknown> = {};
  for (const [groupName, group] of Object.entries(groups)) {
    if (group === null) {
      decoded[groupName] = null;
      continue;
    }
    const fields: Record<string, string | null> = {};
    for (const [field, fieldValue] of Object.entries(record(group, groupName))) {
      fields[field] = fieldValue === null ? null : text(fieldValue, `${groupName}.${field}`);
    }
    decoded[groupName] = fields;
  }
  return decoded;
}

function casesOf(
  file: string,
  kind: string,
  minimum: number,
): { json: Record<string, unknown>; cases: VectorCase[] } {
  const json = record(load(file), file);
  const read = readVectorFile(json, kind, minimum);
  it(`${file} is a well-formed vector file with at least ${minimum} uniquely named cases`, () => {
    expect(read.ok ? null : read.error).toBeNull();
  });
  return { json, cases: read.ok ? read.value.cases : [] };
}

describe('conformance/template-parse.json', () => {
  const { json, cases } = casesOf('template-parse.json', 'template-parse', 40);

  it('states the invalid-template message', () => {
    expect(json.invalidMessage).toBe(INVALID_TEMPLATE_MESSAGE);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, vector) => {
    const template = text(record(vector.input, 'input').template, 'template');
    const want = record(vector.expect, 'expect');
    const scan = scanTemplate(template);
    if (want.ok === true) {
      if (!Array.isArray(want.segments)) throw new Error('segments missing');
      expect(scan).toEqual({ ok: true, value: want.segments.map(expectedSegment) });
    } else {
      expect(scan).toEqual({ ok: false, error: { message: INVALID_TEMPLATE_MESSAGE, index: want.index } });
    }
  });
});

describe('conformance/template-expand.json', () => {
  const { cases } = casesOf('template-expand.json', 'template-expand', 40);

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, vector) => {
    const input = record(vector.input, 'input');
    const want = record(vector.expect, 'expect');
    const scan = scanTemplate(text(input.template, 'template'));
    if (!scan.ok) throw new Error(`vector template is invalid at ${scan.error.index}`);
    const metadata = parseTemplateMetadata(decodedMetadata(input.metadata));
    if (metadata === null) throw new Error('vector metadata is malformed');
    const result = expandTemplate(scan.value, metadata);
    const expectedText = text(want.text, 'expect.text');
    // Compare lengths first so a mismatch in an 8192-unit text reads clearly.
    expect(result.text.length).toBe(expectedText.length);
    if (want.length !== undefined) expect(result.text.length).toBe(want.length);
    expect(result.text).toBe(expectedText);
    expect(result.iconPositions).toEqual(want.iconPositions);
    expect(result.truncated).toBe(want.truncated);
  });
});
