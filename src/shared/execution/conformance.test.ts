// Runs conformance/validation.json, the vectors the TypeScript validator and the Kotlin Operator must both pass.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateExecution } from './validateExecution';

type Expectation =
  | { ok: true; execution: unknown }
  | { ok: false; code: string; path: string; message?: string; invalidKeys?: string[] };

interface ValidationCase {
  name: string;
  input?: unknown;
  inputJson?: string;
  inputBytes?: number;
  expect: Expectation;
}

const MIN_CASES = 220;

/** Expands string generator notation: {repeat, times} and {concat: [...]}. */
function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 2 && typeof record.repeat !== 'undefined' && typeof record.times === 'number') {
    const unit = expand(record.repeat);
    if (typeof unit !== 'string') throw new Error('repeat must produce a string');
    return unit.repeat(record.times);
  }
  if (keys.length === 1 && Array.isArray(record.concat))
    return record.concat.map((part) => String(expand(part))).join('');
  // JSON.parse may create an own "__proto__" key; defineProperty keeps it an ordinary member.
  const out: Record<string, unknown> = {};
  for (const key of keys)
    Object.defineProperty(out, key, {
      value: expand(record[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

function readCases(): ValidationCase[] {
  const document: unknown = JSON.parse(
    readFileSync(new URL('../../../conformance/validation.json', import.meta.url), 'utf8'),
  );
  if (typeof document !== 'object' || document === null) throw new Error('vector file is not an object');
  const { kind, description, cases } = document as Record<string, unknown>;
  if (kind !== 'validation') throw new Error(`unexpected kind ${String(kind)}`);
  if (typeof description !== 'string' || description.trim() === '') throw new Error('description is missing');
  if (!Array.isArray(cases)) throw new Error('cases is not an array');
  return cases.map((entry: unknown, index) => {
    const item = entry as Record<string, unknown>;
    const forms = ['input', 'inputJson'].filter((key) => key in item).length;
    const expected = item.expect as Record<string, unknown> | undefined;
    const expectationOk =
      expected !== undefined &&
      ((expected.ok === true && 'execution' in expected) ||
        (expected.ok === false && typeof expected.code === 'string' && typeof expected.path === 'string'));
    if (typeof item.name !== 'string' || forms !== 1 || !expectationOk)
      throw new Error(`case ${index} is malformed`);
    return item as unknown as ValidationCase;
  });
}

function inputOf(entry: ValidationCase): unknown {
  return entry.inputJson !== undefined ? JSON.parse(entry.inputJson) : expand(entry.input);
}

const cases = readCases();

describe('conformance/validation.json', () => {
  it(`holds at least ${MIN_CASES} cases with unique kebab-case names and both outcomes`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES);
    expect(new Set(cases.map((entry) => entry.name)).size).toBe(cases.length);
    expect(cases.filter((entry) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(entry.name))).toEqual([]);
    expect(cases.some((entry) => entry.expect.ok)).toBe(true);
    expect(cases.some((entry) => !entry.expect.ok)).toBe(true);
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const input = inputOf(entry);
    if (entry.inputBytes !== undefined)
      expect(Buffer.byteLength(JSON.stringify(input))).toBe(entry.inputBytes);
    const result = validateExecution(input);
    const expected = entry.expect;
    if (expected.ok) {
      expect(result.ok ? undefined : result.error).toBeUndefined();
      // Compared as text so the canonical key order is checked too.
      expect(result.ok && JSON.stringify(result.value)).toBe(JSON.stringify(expand(expected.execution)));
      return;
    }
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect({ code: result.error.code, path: result.error.details?.path }).toEqual({
      code: expected.code,
      path: expected.path,
    });
    if (expected.message !== undefined) expect(result.error.message).toBe(expected.message);
    if (expected.invalidKeys !== undefined)
      expect(result.error.details?.invalidKeys).toEqual(expected.invalidKeys);
  });
});
