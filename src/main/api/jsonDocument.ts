// One small versioned JSON file (settings, presets): read with clear errors, changed one mutation at a time,
// written atomically, and an unreadable file kept aside instead of overwritten.
import { mkdir, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import { fieldIssues, isRecord } from '../../shared/schema/parse';
import { writeFileAtomic } from '../../node/fs/atomicWrite';
import { osCodeOf } from '../../node/fs/fileErrors';

/** How a document looks on disk: `{ "schemaVersion": N, "<key>": data }`. */
export interface DocumentFormat<T> {
  schemaVersion: number;
  key: string;
  /** The data under `key`; a failure is INVALID_JSON naming the field (`<key>.<field>`). */
  data: z.ZodType<T>;
  defaults(): T;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** INVALID_JSON for a document that exists but cannot be used; `reason` says why. */
export function documentError(path: string, reason: string, message: string, field?: string): AppError {
  const details: Record<string, unknown> = { path, reason };
  if (field !== undefined) details.field = field;
  return fail('INVALID_JSON', `${path}: ${message}`, details).error;
}

/** The document's data, or the defaults with the problem that made them necessary (a missing file is none). */
export async function readDocument<T>(
  path: string,
  format: DocumentFormat<T>,
): Promise<{ value: T; problem?: AppError }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (osCodeOf(error) === 'ENOENT') return { value: format.defaults() };
    const problem = fail('FILE_READ_FAILED', `Could not read ${path}: ${messageOf(error)}`, {
      path,
      osCode: osCodeOf(error),
    }).error;
    return { value: format.defaults(), problem };
  }
  const parsed = parseDocument(path, text, format);
  return parsed.ok ? { value: parsed.value } : { value: format.defaults(), problem: parsed.error };
}

const VERSION_RULE = 'schemaVersion must be a positive integer';
/** `{ "schemaVersion": N, ... }`: the version first, the data under the format's key. */
const ENVELOPE = z.looseObject({ schemaVersion: z.int().min(1) });

function parseDocument<T>(path: string, text: string, format: DocumentFormat<T>): Result<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: documentError(path, 'syntax', `not valid JSON (${messageOf(error)})`) };
  }
  const envelope = ENVELOPE.safeParse(json);
  if (!envelope.success) {
    const message = isRecord(json) ? VERSION_RULE : 'must hold a JSON object';
    return { ok: false, error: documentError(path, 'schema', message, 'schemaVersion') };
  }
  const version = envelope.data.schemaVersion;
  if (version > format.schemaVersion)
    return {
      ok: false,
      error: documentError(
        path,
        'newer_version',
        `schemaVersion ${version} was written by a newer console (this one reads ${format.schemaVersion})`,
        'schemaVersion',
      ),
    };
  const data = format.data.safeParse(envelope.data[format.key]);
  if (data.success) return ok(data.data);
  const [issue] = fieldIssues(data.error);
  const field = issue === undefined || issue.field === '' ? format.key : `${format.key}.${issue.field}`;
  const where = field.replace(/\.\[/g, '[');
  return {
    ok: false,
    error: documentError(path, 'schema', `${where} ${issue?.message ?? 'is invalid'}`, where),
  };
}

/** A document file with its current value; every change goes through mutate(), one after another. */
export class JsonDocumentFile<T> {
  private current: T;
  private unreadable: AppError | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly format: DocumentFormat<T>,
    loaded: { value: T; problem?: AppError },
  ) {
    this.current = loaded.value;
    this.unreadable = loaded.problem;
  }

  /** Reads the file; an unreadable one yields the defaults and `loadProblem`. */
  static async open<T>(path: string, format: DocumentFormat<T>): Promise<JsonDocumentFile<T>> {
    return new JsonDocumentFile(path, format, await readDocument(path, format));
  }

  get value(): T {
    return this.current;
  }

  /** Why the file's content was not used (the defaults were), until the next successful save. */
  get loadProblem(): AppError | undefined {
    return this.unreadable;
  }

  /** Computes the next value from the current one and stores it; the value changes only once it is written. */
  mutate(change: (current: T) => Result<T>): Promise<Result<T>> {
    const run = async (): Promise<Result<T>> => {
      const next = change(this.current);
      if (!next.ok) return next;
      const written = await this.write(next.value);
      if (!written.ok) return written;
      this.current = next.value;
      return next;
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async write(value: T): Promise<Result<void>> {
    try {
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      if (this.unreadable !== undefined) {
        // Keep what could not be read: it may be a newer console's file or a hand edit worth recovering.
        const aside = `${this.path}.unreadable-${Date.now()}`;
        await rename(this.path, aside).catch((error: unknown) => {
          if (osCodeOf(error) !== 'ENOENT') throw error;
        });
      }
    } catch (error) {
      return fail('FILE_WRITE_FAILED', `Could not prepare ${this.path}: ${messageOf(error)}`, {
        path: this.path,
        osCode: osCodeOf(error),
      });
    }
    const text = `${JSON.stringify({ schemaVersion: this.format.schemaVersion, [this.format.key]: value }, null, 2)}\n`;
    const written = await writeFileAtomic(this.path, text);
    if (!written.ok)
      return fail('FILE_WRITE_FAILED', `Could not write ${this.path}`, { ...written.error.details });
    this.unreadable = undefined;
    return ok(undefined);
  }
}
