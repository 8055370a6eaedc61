// Writes into one run folder while the run progresses: screenshots and run.json, each replaced atomically.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fail, type Result } from '../../shared/errors';
import {
  syncDirectory,
  writeFileAtomic,
  type AtomicWriteOptions,
  type FileOperations,
} from '../../node/fs/atomicWrite';
import { readFailed, writeFailed } from '../../node/fs/fileErrors';
import { parseRunJson, RUN_FILE_PATTERN } from './parseRunRecord';
import { THUMBNAIL_FILE } from './thumbnail';
import type { RunRecord } from './types';

export const RECORD_FILE = 'run.json';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** `name` as a screenshot file name (`.png` appended when missing), or null when it is not a safe plain name. */
export function screenshotFileName(name: string): string | null {
  const file = name.toLowerCase().endsWith('.png') ? name : `${name}.png`;
  // Compared case-insensitively: on macOS and Windows THUMBNAIL.png is the same file as thumbnail.png.
  if (!RUN_FILE_PATTERN.test(file) || file.toLowerCase() === THUMBNAIL_FILE) return null;
  return file;
}

/** JSON text of a record that parseRunJson reads back identically, or the reason it cannot be stored. */
export function serializeRecord(record: RunRecord, path: string): Result<string> {
  let text: string;
  try {
    text = `${JSON.stringify(record, null, 2)}\n`;
  } catch (error) {
    return writeFailed(path, error, 'not_serializable');
  }
  const parsed = parseRunJson(text);
  if (!parsed.ok)
    return fail('EVIDENCE_WRITE_FAILED', `Refusing to store an invalid run record: ${parsed.error.message}`, {
      path,
      reason: 'invalid_record',
      field: parsed.error.details?.['field'],
    });
  return { ok: true, value: text };
}

export interface DurableOption {
  /** Flush to disk (file and directory) before answering; default true. */
  durable?: boolean;
}

function writeOptions(options: DurableOption): AtomicWriteOptions {
  const durable = options.durable !== false;
  return { sync: durable, syncDirectory: durable };
}

/** An open run: the runner writes evidence through it as each step finishes. */
export class RunHandle {
  // Writes run one after another, so the last writeRecord call is the run.json that stays.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly path: string,
    private readonly operations: FileOperations,
    /** Told when a final record (status other than 'running') was written, or failed to be. */
    private readonly onFinal: (stored: boolean) => void | Promise<void> = () => undefined,
  ) {}

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Stores PNG bytes as `<name>.png` in the run folder (replacing a previous file of that name). Durable by default:
   * the file and its folder entry are flushed to disk before this answers.
   */
  writeScreenshot(
    name: string,
    png: Uint8Array,
    options: DurableOption = {},
  ): Promise<Result<{ path: string }>> {
    return this.enqueue(async () => {
      const file = screenshotFileName(name);
      if (file === null)
        return fail('INVALID_PATH', `Screenshot name ${JSON.stringify(name)} is not a plain file name`, {
          name,
        });
      const target = join(this.path, file);
      if (png.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((byte, index) => png[index] !== byte))
        return fail('EVIDENCE_CAPTURE_FAILED', 'Screenshot bytes are not a PNG', {
          path: target,
          reason: 'not_png',
        });
      const written = await writeFileAtomic(target, png, this.operations, writeOptions(options));
      return written.ok ? { ok: true, value: { path: target } } : written;
    });
  }

  /**
   * Stores a text attachment (the log excerpt) as `name` in the run folder, atomically and durably by default. The
   * name must be a plain file name other than run.json and the thumbnail.
   */
  writeText(name: string, text: string, options: DurableOption = {}): Promise<Result<{ path: string }>> {
    return this.enqueue(async () => {
      const lower = name.toLowerCase();
      if (!RUN_FILE_PATTERN.test(name) || lower === RECORD_FILE || lower === THUMBNAIL_FILE)
        return fail('INVALID_PATH', `Attachment name ${JSON.stringify(name)} is not a plain file name`, {
          name,
        });
      const target = join(this.path, name);
      const written = await writeFileAtomic(target, text, this.operations, writeOptions(options));
      return written.ok ? { ok: true, value: { path: target } } : written;
    });
  }

  /**
   * Replaces run.json with `record` (its id must be this run's). Every write is atomic (a reader or a crash never sees
   * a partial file); a durable one (the default) is also flushed, file and folder entry, before it answers. A run's
   * progress records skip the flush; its final record does not.
   */
  writeRecord(record: RunRecord, options: DurableOption = {}): Promise<Result<void>> {
    return this.enqueue(async () => {
      const target = join(this.path, RECORD_FILE);
      if (record.id !== this.id)
        return fail('EVIDENCE_WRITE_FAILED', `Record id ${record.id} does not belong to run ${this.id}`, {
          path: target,
          reason: 'id_mismatch',
        });
      const text = serializeRecord(record, target);
      if (!text.ok) return text;
      const stored = await this.store(target, text.value, options);
      // Awaited: once the final record is written, the folder holds only the evidence (no owner file).
      if (record.status !== 'running') await this.onFinal(stored.ok);
      return stored;
    });
  }

  /**
   * Replaces run.json with `change(current)`, after every write queued before it (a run's evidence read later, such
   * as the inspection after clear). The current record is read from disk; an unreadable one is answered, not changed.
   */
  updateRecord(change: (record: RunRecord) => RunRecord): Promise<Result<void>> {
    return this.enqueue(async () => {
      const target = join(this.path, RECORD_FILE);
      let current: Result<RunRecord>;
      try {
        current = parseRunJson(await readFile(target, 'utf8'));
      } catch (error) {
        return readFailed(target, error);
      }
      if (!current.ok) return current;
      const next = change(current.value);
      if (next.id !== this.id)
        return fail('EVIDENCE_WRITE_FAILED', `Record id ${next.id} does not belong to run ${this.id}`, {
          path: target,
          reason: 'id_mismatch',
        });
      const text = serializeRecord(next, target);
      if (!text.ok) return text;
      return this.store(target, text.value, {});
    });
  }

  private async store(target: string, text: string, options: DurableOption): Promise<Result<void>> {
    const written = await writeFileAtomic(target, text, this.operations, writeOptions(options));
    if (!written.ok || options.durable === false) return written;
    // The run folder's own entry (renamed into the evidence directory by createRun) must survive too.
    try {
      await syncDirectory(dirname(this.path), this.operations);
      return written;
    } catch (error) {
      return writeFailed(this.path, error);
    }
  }
}
