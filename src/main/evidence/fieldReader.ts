// Small readers that turn `unknown` JSON into typed values, naming the first offending field.

/** Thrown inside a parse only; parseRunRecord turns it into an error value. */
export class FieldProblem extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field} ${problem}`);
    this.name = 'FieldProblem';
  }
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, field: string): JsonObject {
  if (!isObject(value)) throw new FieldProblem(field, 'must be an object');
  return value;
}

export function stringAt(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new FieldProblem(field, 'must be a non-empty string');
  return value;
}

export function optionalString(value: unknown, field: string): string | undefined {
  return value === undefined ? undefined : stringAt(value, field);
}

export function numberAt(value: unknown, field: string, min = -Infinity, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    throw new FieldProblem(field, `must be a number in ${min}..${max}`);
  return value;
}

export function integerAt(value: unknown, field: string, min = 0): number {
  if (!Number.isSafeInteger(value) || (value as number) < min)
    throw new FieldProblem(field, `must be an integer >= ${min}`);
  return value as number;
}

export function booleanAt(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new FieldProblem(field, 'must be true or false');
  return value;
}

export function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw new FieldProblem(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** An ISO 8601 (or any Date.parse-able) timestamp string. */
export function timestampAt(value: unknown, field: string): string {
  const text = stringAt(value, field);
  if (!Number.isFinite(Date.parse(text))) throw new FieldProblem(field, 'must be a timestamp');
  return text;
}

export function optionalTimestamp(value: unknown, field: string): string | undefined {
  return value === undefined ? undefined : timestampAt(value, field);
}

export function stringMapAt(value: unknown, field: string): Record<string, string> {
  const object = objectAt(value, field);
  const map: Record<string, string> = {};
  for (const [key, entry] of Object.entries(object)) {
    if (typeof entry !== 'string') throw new FieldProblem(`${field}.${key}`, 'must be a string');
    map[key] = entry;
  }
  return map;
}

/** Copies the defined entries of `fields` (so optional keys stay absent rather than undefined). */
export function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}
