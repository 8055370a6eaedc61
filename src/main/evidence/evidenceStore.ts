// Every run's evidence on disk: one folder per run under the evidence directory, created and written atomically.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import {
  NODE_FILE_OPERATIONS,
  writeFileAtomic,
  writeFileExclusive,
  type FileOperations,
} from '../../node/fs/atomicWrite';
import { attachToRunFolder } from './attachments';
import { archiveRunFolder, exportRunFolder, type IfExists } from './exportRun';
import { osCodeOf, readFailed, runNotFound, writeFailed } from '../../node/fs/fileErrors';
import { listRunsIn } from './listRuns';
import { checkRunId, readRunRecord } from './readRun';
import { RECORD_FILE, RunHandle, serializeRecord } from './runHandle';
import { createRunId, isRunId } from './runId';
import { finishRun, markInterruptedRuns, removeOwner, startRun, writeOwner } from './runOwners';
import { renderThumbnail, THUMBNAIL_FILE } from './thumbnail';
import {
  RUN_SCHEMA_VERSION,
  type CreateRunMeta,
  type ExportedRun,
  type ExportFormat,
  type ListRunsOptions,
  type RunAttachment,
  type RunAttachmentInput,
  type RunList,
  type RunRecord,
} from './types';

export interface EvidenceStoreOptions {
  /** Replaces file operations of atomic writes (tests inject failures). */
  fileOperations?: FileOperations;
  /** Source of the ids' random part, 0 ≤ n < 36^6 (tests force collisions). */
  random?: () => number;
}

// Attempts at a fresh id before giving up; a collision needs the same second, serial and 1-in-2-billion suffix.
const ID_ATTEMPTS = 5;

export class EvidenceStore {
  readonly directory: string;
  private readonly operations: FileOperations;
  private readonly random: (() => number) | undefined;
  private readonly thumbnails = new Map<string, Promise<Result<{ path: string }>>>();
  /** Set once the evidence directory was created or found; a run folder then needs no `mkdir -p` first. */
  private directoryReady = false;
  /** The pending pass over abandoned runs; null when one is due (at start, and after a final write failed). */
  private recovery: Promise<string[]> | null = null;

  constructor(directory: string, options: EvidenceStoreOptions = {}) {
    this.directory = resolve(directory);
    this.operations = options.fileOperations ?? NODE_FILE_OPERATIONS;
    this.random = options.random;
  }

  /**
   * Creates the run folder with an initial run.json (status 'running'). The folder is assembled as
   * `.tmp-<id>` and renamed into place, so a listed run always has a complete run.json.
   */
  async createRun(meta: CreateRunMeta): Promise<Result<RunHandle>> {
    const started = new Date(meta.startedAt);
    if (typeof meta.deviceSerial !== 'string' || meta.deviceSerial.length === 0)
      return fail('EVIDENCE_WRITE_FAILED', 'A run needs a device serial', {
        reason: 'invalid_device_serial',
      });
    const ready = await this.ensureDirectory();
    if (!ready.ok) return ready;
    await this.recoverInterrupted();
    for (let attempt = 0; attempt < ID_ATTEMPTS; attempt += 1) {
      const id = Number.isNaN(started.getTime()) ? '' : createRunId(started, meta.deviceSerial, this.random);
      if (!isRunId(id))
        return fail('EVIDENCE_WRITE_FAILED', `startedAt ${meta.startedAt} is not a usable timestamp`, {
          reason: 'invalid_started_at',
        });
      const created = await this.assemble(id, meta);
      if (created !== 'taken') return created;
    }
    return fail('EVIDENCE_WRITE_FAILED', 'Could not find a free run id', {
      path: this.directory,
      reason: 'id_taken',
    });
  }

  /**
   * Marks runs nobody will finish as 'interrupted': their process died, or their final run.json could not be
   * written. Runs once per store (each start) and again after a final write of this store failed. Answers the ids.
   */
  recoverInterrupted(): Promise<string[]> {
    this.recovery ??= markInterruptedRuns(this.directory, this.operations).then(({ marked, unmarked }) => {
      // A run that could not be marked yet (the folder is still read-only) is tried again on the next use.
      if (unmarked.length > 0) this.recovery = null;
      return marked;
    });
    return this.recovery;
  }

  private async ensureDirectory(): Promise<Result<void>> {
    if (this.directoryReady) return ok(undefined);
    try {
      await mkdir(this.directory, { recursive: true, mode: 0o700 });
    } catch (error) {
      return writeFailed(this.directory, error);
    }
    this.directoryReady = true;
    return ok(undefined);
  }

  private async assemble(
    id: string,
    meta: CreateRunMeta,
    retried = false,
  ): Promise<Result<RunHandle> | 'taken'> {
    const staging = join(this.directory, `.tmp-${id}`);
    const folder = join(this.directory, id);
    const record: RunRecord = {
      schemaVersion: RUN_SCHEMA_VERSION,
      id,
      status: 'running',
      startedAt: meta.startedAt,
      device: { serial: meta.deviceSerial },
      steps: [],
    };
    // A blank label from a form field means no label.
    if (meta.label !== undefined && meta.label.trim() !== '') record.label = meta.label;
    if (meta.group !== undefined) record.group = meta.group;
    const text = serializeRecord(record, join(folder, RECORD_FILE));
    if (!text.ok) return text;
    try {
      await mkdir(staging, { mode: 0o700 });
    } catch (error) {
      if (osCodeOf(error) === 'EEXIST') return 'taken';
      // The evidence directory was removed while the console ran: create it again (`mkdir -p`, so runs starting
      // together all succeed) and try once more.
      if (osCodeOf(error) !== 'ENOENT' || retried) return writeFailed(staging, error);
      this.directoryReady = false;
      const ready = await this.ensureDirectory();
      if (!ready.ok) return ready;
      return this.assemble(id, meta, true);
    }
    // Written in place (the staging folder is invisible until renamed) and not flushed, like a run's progress
    // records: a run does not wait for the disk before it starts. Its final record flushes the folder's entry.
    const written = await writeFileExclusive(join(staging, RECORD_FILE), text.value, this.operations, {
      sync: false,
    });
    // Without an owner file a crash leaves the run 'running' until someone looks: the evidence still works.
    if (written.ok) await writeOwner(staging, this.operations);
    if (written.ok) {
      // Claimed before it is visible: a recovery pass of another store in this process must not take it for abandoned.
      startRun(folder);
      try {
        // A run folder of this id fails the rename (EEXIST/ENOTEMPTY: the id is taken). Only an empty directory of
        // that name would be replaced, and it holds no evidence.
        await this.operations.rename(staging, folder);
      } catch (error) {
        finishRun(folder);
        await rm(staging, { recursive: true, force: true }).catch(() => undefined);
        const code = osCodeOf(error);
        return code === 'EEXIST' || code === 'ENOTEMPTY' ? 'taken' : writeFailed(folder, error);
      }
      return ok(this.open(id, folder));
    }
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    return written;
  }

  /** The handle of a new run, registered as this process's until its final record is written. */
  private open(id: string, folder: string): RunHandle {
    return new RunHandle(id, folder, this.operations, async (stored) => {
      finishRun(folder);
      if (stored) await removeOwner(folder);
      // The record on disk still says 'running': the next createRun or listRuns marks it interrupted.
      else this.recovery = null;
    });
  }

  /** Runs newest first; folders with a missing or corrupt run.json are listed in `skipped`. */
  async listRuns(options: ListRunsOptions = {}): Promise<Result<RunList>> {
    await this.recoverInterrupted();
    return listRunsIn(this.directory, options);
  }

  /** The validated run.json: INVALID_RUN_ID, EVIDENCE_NOT_FOUND, FILE_READ_FAILED or INVALID_JSON otherwise. */
  readRun(id: string): Promise<Result<RunRecord>> {
    return readRunRecord(this.directory, id);
  }

  /** Removes the run folder: renamed out of sight first, so a crash mid-delete leaves no half-run listed. */
  async deleteRun(id: string): Promise<Result<void>> {
    const checked = checkRunId(id);
    if (!checked.ok) return checked;
    const folder = join(this.directory, id);
    const trash = join(this.directory, `.trash-${id}-${randomUUID()}`);
    try {
      await rename(folder, trash);
    } catch (error) {
      return osCodeOf(error) === 'ENOENT' ? runNotFound(id) : writeFailed(folder, error);
    }
    // The run is already gone from every listing; a leftover .trash folder is only wasted space.
    await rm(trash, { recursive: true, force: true }).catch(() => undefined);
    return ok(undefined);
  }

  /**
   * Copies the run to the absolute path `destination` as a folder or a .zip; never overwrites (with `ifExists`
   * "rename" an existing destination becomes its next free copy name, e.g. `<id> (2).zip`).
   */
  async exportRun(
    id: string,
    destination: string,
    format: ExportFormat,
    ifExists: IfExists = 'fail',
  ): Promise<Result<ExportedRun>> {
    const record = await this.readRun(id);
    if (!record.ok) return record;
    return exportRunFolder(id, join(this.directory, id), destination, format, this.operations, ifExists);
  }

  /** The zip an export would write, in memory: what the browser console downloads. */
  async archiveRun(id: string): Promise<Result<{ fileName: string; bytes: Uint8Array; files: string[] }>> {
    const record = await this.readRun(id);
    if (!record.ok) return record;
    return archiveRunFolder(id, join(this.directory, id));
  }

  /**
   * Stores a view's answer with run `input.id` (attachments.ts): the answer must come from the run's own device.
   * Nothing in the folder changes when it fails.
   */
  async attach(input: RunAttachmentInput): Promise<Result<RunAttachment>> {
    const record = await this.readRun(input.id);
    if (!record.ok) return record;
    if (record.value.device.serial !== input.serial)
      return fail(
        'INVALID_BODY',
        `Run ${input.id} was recorded on ${record.value.device.serial}, not on ${input.serial}: attach the answer to a run of the same device`,
        { id: input.id, serial: input.serial, runSerial: record.value.device.serial },
      );
    return attachToRunFolder(join(this.directory, input.id), input, this.operations);
  }

  /** A PNG thumbnail of the run's screenshot, made once and cached as thumbnail.png in the run folder. */
  thumbnail(id: string): Promise<Result<{ path: string }>> {
    const pending = this.thumbnails.get(id);
    if (pending !== undefined) return pending;
    const made = this.makeThumbnail(id).finally(() => this.thumbnails.delete(id));
    this.thumbnails.set(id, made);
    return made;
  }

  private async makeThumbnail(id: string): Promise<Result<{ path: string }>> {
    const record = await this.readRun(id);
    if (!record.ok) return record;
    const screenshot = record.value.screenshot;
    if (screenshot === undefined) return runNotFound(id, 'no_screenshot');
    const folder = join(this.directory, id);
    const source = join(folder, screenshot.file);
    const target = join(folder, THUMBNAIL_FILE);
    const [sourceInfo, targetInfo] = await Promise.all([
      stat(source).catch(() => null),
      stat(target).catch(() => null),
    ]);
    if (sourceInfo === null) return runNotFound(id, 'screenshot_missing');
    if (targetInfo !== null && targetInfo.mtimeMs >= sourceInfo.mtimeMs) return ok({ path: target });
    let thumbnail: Uint8Array;
    try {
      thumbnail = await renderThumbnail(await readFile(source));
    } catch (error) {
      return readFailed(source, error);
    }
    const written = await writeFileAtomic(target, thumbnail, this.operations);
    return written.ok ? ok({ path: target }) : written;
  }
}
