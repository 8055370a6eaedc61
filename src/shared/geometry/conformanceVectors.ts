// Reading conformance/*.json vector files (shared by the TypeScript runners; the Kotlin Operator reads the same
// format). Pure: callers read the file text themselves.
import { ok, type Result } from '../errors';
import { isRecord } from '../schema/parse';

/** One named case of a vector file. */
export interface VectorCase {
  name: string;
  input: unknown;
  expect: unknown;
}

/** A checked vector file, or what is wrong with it (one sentence). */
export type VectorFile = Result<{ description: string; cases: VectorCase[] }, string>;

const CASE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_REPEAT = 1_000_000;

/**
 * Decodes the string notation of the vectors: a JSON string as is; {"repeat": S, "times": n} is S n times;
 * {"concat": [S, ...]} joins its parts; S may itself use the notation. Null for anything else.
 */
export function decodeVectorString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return null;
  if ('repeat' in value) {
    const { times } = value;
    const unit = decodeVectorString(value.repeat);
    if (Object.keys(value).length !== 2 || unit === null) return null;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 0 || times > MAX_REPEAT) return null;
    return unit.repeat(times);
  }
  if ('concat' in value && Object.keys(value).length === 1 && Array.isArray(value.concat)) {
    let joined = '';
    for (const part of value.concat) {
      const decoded = decodeVectorString(part);
      if (decoded === null) return null;
      joined += decoded;
    }
    return joined;
  }
  return null;
}

/** Checks a parsed vector file: its kind, a description, at least `minimumCases` cases with unique kebab names. */
export function readVectorFile(json: unknown, kind: string, minimumCases: number): VectorFile {
  if (!isRecord(json)) return { ok: false, error: 'the file is not a JSON object' };
  if (json.kind !== kind)
    return { ok: false, error: `kind is ${JSON.stringify(json.kind)}, expected "${kind}"` };
  if (typeof json.description !== 'string' || json.description.trim() === '') {
    return { ok: false, error: 'description is missing' };
  }
  if (!Array.isArray(json.cases)) return { ok: false, error: 'cases is not an array' };
  if (json.cases.length < minimumCases) {
    return { ok: false, error: `${json.cases.length} cases, at least ${minimumCases} required` };
  }
  const names = new Set<string>();
  const cases: VectorCase[] = [];
  for (const [index, entry] of json.cases.entries()) {
    if (!isRecord(entry) || typeof entry.name !== 'string' || !CASE_NAME.test(entry.name)) {
      return { ok: false, error: `case ${index} has no kebab-case name` };
    }
    if (names.has(entry.name)) return { ok: false, error: `duplicate case name ${entry.name}` };
    if (!('input' in entry) || !('expect' in entry))
      return { ok: false, error: `case ${entry.name} lacks input or expect` };
    names.add(entry.name);
    cases.push({ name: entry.name, input: entry.input, expect: entry.expect });
  }
  return ok({ description: json.description, cases });
}
