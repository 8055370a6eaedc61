// Path-tracking readers for validating untyped JSON: each failed check records one issue and returns a fallback.

/** One validation problem at a dotted path such as `display.widthPx` or `apps.2.versionCode`. */
export interface FieldIssue {
  path: string;
  reason: string;
}

export type JsonObject = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text === undefined ? typeof value : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/** Collects issues while reading fields; read everything, then check `issues`. */
export class FieldReader {
  readonly issues: FieldIssue[] = [];

  report(path: string, reason: string): void {
    this.issues.push({ path, reason });
  }

  /** A plain object with exactly `keys` (all required); unknown keys are issues too. */
  object(value: unknown, path: string, keys: readonly string[]): JsonObject | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      // A missing nested object was already reported as required by its parent.
      if (value === undefined && path !== '') return undefined;
      this.report(path === '' ? '(root)' : path, `must be an object (got ${describe(value)})`);
      return undefined;
    }
    const record = value as JsonObject;
    for (const key of keys) if (!(key in record)) this.report(join(path, key), 'is required');
    for (const key of Object.keys(record))
      if (!keys.includes(key)) this.report(join(path, key), 'is not a known field');
    return record;
  }

  array(record: JsonObject, key: string, path: string, min: number, max: number): unknown[] {
    const value = record[key];
    if (!Array.isArray(value) || value.length < min || value.length > max) {
      if (key in record)
        this.report(join(path, key), `must be an array of ${min}..${max} items (got ${describe(value)})`);
      return [];
    }
    return value;
  }

  integer(record: JsonObject, key: string, path: string, min: number, max: number): number {
    const value = record[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
    if (key in record)
      this.report(join(path, key), `must be an integer in ${min}..${max} (got ${describe(value)})`);
    return min;
  }

  number(record: JsonObject, key: string, path: string, min: number, max: number): number {
    const value = record[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) return value;
    if (key in record)
      this.report(join(path, key), `must be a number in ${min}..${max} (got ${describe(value)})`);
    return min;
  }

  /** A string matching `pattern`; `rule` says in words what the pattern demands. */
  string(record: JsonObject, key: string, path: string, pattern: RegExp, rule: string): string {
    const value = record[key];
    if (typeof value === 'string' && pattern.test(value)) return value;
    if (key in record) this.report(join(path, key), `must be ${rule} (got ${describe(value)})`);
    return '';
  }

  boolean(record: JsonObject, key: string, path: string): boolean {
    const value = record[key];
    if (typeof value === 'boolean') return value;
    if (key in record) this.report(join(path, key), `must be true or false (got ${describe(value)})`);
    return false;
  }

  nullableBoolean(record: JsonObject, key: string, path: string): boolean | null {
    const value = record[key];
    if (typeof value === 'boolean' || value === null) return value;
    if (key in record) this.report(join(path, key), `must be true, false or null (got ${describe(value)})`);
    return null;
  }

  oneOf<T extends string | number>(record: JsonObject, key: string, path: string, allowed: readonly T[]): T {
    const value = record[key];
    const match = allowed.find((candidate) => candidate === value);
    if (match !== undefined) return match;
    if (key in record)
      this.report(join(path, key), `must be one of ${allowed.join(', ')} (got ${describe(value)})`);
    return allowed[0] as T;
  }
}

export { join as joinPath };
