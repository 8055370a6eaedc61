// Runs the shared cli-numeric vectors that the TypeScript and Kotlin implementations must both pass.
import { describe, expect, it } from 'vitest';
import vectors from '../../../conformance/cli-numeric.json';
import { parseNumericToken } from './numericToken';

interface NumericCase {
  name: string;
  input: string;
  expect: { ok: true; value: number } | { ok: false };
}

function readCases(document: unknown): NumericCase[] {
  if (typeof document !== 'object' || document === null) throw new Error('vector file is not an object');
  const { kind, description, cases } = document as Record<string, unknown>;
  if (kind !== 'cli-numeric') throw new Error(`unexpected kind ${String(kind)}`);
  if (typeof description !== 'string' || description.trim() === '') throw new Error('description is missing');
  if (!Array.isArray(cases)) throw new Error('cases is not an array');
  return cases.map((entry: unknown, index) => {
    const item = entry as Record<string, unknown>;
    const expected = item.expect as Record<string, unknown> | undefined;
    const shapeOk =
      typeof item.name === 'string' &&
      typeof item.input === 'string' &&
      expected !== undefined &&
      (expected.ok === false || (expected.ok === true && typeof expected.value === 'number'));
    if (!shapeOk) throw new Error(`case ${index} is malformed`);
    return item as unknown as NumericCase;
  });
}

const cases = readCases(vectors);

describe('conformance/cli-numeric.json', () => {
  it('holds at least 40 cases with unique names, both outcomes represented', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((entry) => entry.name)).size).toBe(cases.length);
    expect(cases.some((entry) => entry.expect.ok)).toBe(true);
    expect(cases.some((entry) => !entry.expect.ok)).toBe(true);
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const parsed = parseNumericToken(entry.input);
    if (entry.expect.ok) expect(parsed).toBe(entry.expect.value);
    else expect(parsed).toBeNull();
  });
});
