// Attachments of a run: a Diagnostics view's answer or the logcat viewer's visible window, stored in the run folder
// as attachment-<n>-<slug>.json (created exclusively and atomically: never replacing a file) and listed in
// attachments.json (replaced atomically). A failure leaves the folder as it was and is answered, never thrown.
// The console, `serve`, the CLI and MCP servers share the evidence folder, so an attach holds the run's index lock
// (.attachments.lock in the run folder, a fileLock.ts lock file: dot-named, so never listed or exported) from reading
// the index to replacing it: two processes attaching at once both end up listed, numbered apart. A lock whose process
// is gone, or older than ATTACH_LOCK_STALE_MS, is stale and taken over.
import { hostname } from 'node:os';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import { MAX_ATTACHMENT_BYTES, type RunAttachment, type RunAttachmentInput } from '../../shared/api/evidence';
import { attachmentIndexSchema } from '../../shared/api/evidenceSchemas';
import { parseWith } from '../../shared/schema/parse';
import { writeFileAtomic, writeNewFileAtomic, type FileOperations } from '../../node/fs/atomicWrite';
import { osCodeOf, readFailed, writeFailed } from '../../node/fs/fileErrors';
import { waitForLock, type LockWait } from '../../node/fs/waitForLock';

export const ATTACHMENT_INDEX_FILE = 'attachments.json';
/** The run's index lock (fileLock.ts), held by one attach at a time across processes. */
export const ATTACHMENT_LOCK_FILE = '.attachments.lock';
/** How long an attach waits for another one (another process) to finish with the run's index. */
export const ATTACH_LOCK_WAIT_MS = 10_000;
/**
 * An attach holds the lock for two flushed writes of at most 1 MiB each: a lock older than this is a crashed
 * writer's even when its pid is alive again (reused, e.g. by a restarted container).
 */
export const ATTACH_LOCK_STALE_MS = 30_000;
const ATTACHMENT_FILE = /^attachment-(\d+)-[a-z0-9-]+\.json$/;
/** Tries at a free number when a file already has the next one (a crashed writer's, or one put there by hand). */
const NAME_ATTEMPTS = 20;

export interface AttachOptions {
  now?: () => number;
  /** How long to wait for the run's index lock (default ATTACH_LOCK_WAIT_MS). */
  lockWaitMs?: number;
}

// One attach at a time per run folder in this process (fair, no polling), then the cross-process lock.
const queues = new Map<string, Promise<unknown>>();

function serialized<T>(folder: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(folder) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  queues.set(folder, settled);
  void settled.then(() => {
    if (queues.get(folder) === settled) queues.delete(folder);
  });
  return next;
}

/** Runs `work` holding the run's index lock; EVIDENCE_WRITE_FAILED (`index_locked`) when it stays held too long. */
async function withIndexLock<T>(
  folder: string,
  runId: string,
  waitMs: number,
  work: () => Promise<Result<T>>,
): Promise<Result<T>> {
  const path = join(folder, ATTACHMENT_LOCK_FILE);
  let lock: LockWait;
  try {
    lock = await waitForLock(path, {
      holder: `androperator attach to run ${runId} (pid ${process.pid} on ${hostname()})`.slice(0, 200),
      waitMs,
      staleAfterMs: ATTACH_LOCK_STALE_MS,
    });
  } catch (error) {
    return writeFailed(path, error, 'index_lock');
  }
  if (lock.status === 'held') {
    const by =
      lock.owner === null
        ? 'another attach'
        : `${lock.owner.holder ?? 'another androperator process'} (process ${lock.owner.pid}, since ${lock.owner.acquired_at})`;
    return fail(
      'EVIDENCE_WRITE_FAILED',
      `Run ${runId}'s attachments were busy: waited ${waitMs} ms for ${by} to finish; nothing was attached, try again`,
      {
        path,
        reason: 'index_locked',
        waited_ms: waitMs,
        ...(lock.owner === null ? {} : { holder: lock.owner.holder ?? null, holder_pid: lock.owner.pid }),
      },
    );
  }
  try {
    return await work();
  } finally {
    await lock.release().catch(() => undefined);
  }
}

/** "Logcat window" -> "logcat-window" (at most 40 characters; "answer" when nothing is left). */
export function attachmentSlug(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug === '' ? 'answer' : slug;
}

/** The run folder's attachments, oldest first; none when it has no attachments.json. */
export async function readAttachments(folder: string): Promise<Result<RunAttachment[]>> {
  const path = join(folder, ATTACHMENT_INDEX_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return osCodeOf(error) === 'ENOENT' ? ok([]) : readFailed(path, error);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('EVIDENCE_CORRUPT', `${path} is not JSON`, { path, reason: 'invalid_attachments' });
  }
  const parsed = parseWith(attachmentIndexSchema, value, {
    code: 'EVIDENCE_CORRUPT',
    context: ATTACHMENT_INDEX_FILE,
  });
  return parsed.ok ? ok(parsed.value.attachments) : parsed;
}

function nextNumber(attachments: readonly RunAttachment[]): number {
  let highest = 0;
  for (const attachment of attachments) {
    const match = ATTACHMENT_FILE.exec(attachment.file);
    if (match !== null) highest = Math.max(highest, Number(match[1]));
  }
  return highest + 1;
}

/**
 * Stores `input` in run folder `folder`: the file first (exclusive, atomic, flushed), then the index, both under
 * the run's index lock. If the index cannot be written the new file is removed again, so the run lists exactly the
 * files it holds.
 */
export function attachToRunFolder(
  folder: string,
  input: RunAttachmentInput,
  operations: FileOperations,
  options: AttachOptions = {},
): Promise<Result<RunAttachment>> {
  return serialized(folder, () =>
    withIndexLock(folder, input.id, options.lockWaitMs ?? ATTACH_LOCK_WAIT_MS, () =>
      attachLocked(folder, input, operations, options.now ?? Date.now),
    ),
  );
}

async function attachLocked(
  folder: string,
  input: RunAttachmentInput,
  operations: FileOperations,
  now: () => number,
): Promise<Result<RunAttachment>> {
  const listed = await readAttachments(folder);
  if (!listed.ok) return listed;
  const attachedAt = new Date(now()).toISOString();
  const { id: runId, answer, ...meta } = input;
  let number = nextNumber(listed.value);
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt += 1, number += 1) {
    const file = `attachment-${number}-${attachmentSlug(input.title)}.json`;
    const text = `${JSON.stringify({ schemaVersion: 1, runId, file, ...meta, attachedAt, answer }, null, 2)}\n`;
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_ATTACHMENT_BYTES)
      return fail(
        'EVIDENCE_WRITE_FAILED',
        `The answer is ${bytes} bytes as JSON; an attachment holds at most ${MAX_ATTACHMENT_BYTES}: narrow the view (fewer lines, a filter) and attach again`,
        { path: join(folder, file), reason: 'attachment_too_large', bytes },
      );
    const target = join(folder, file);
    const written = await writeNewFileAtomic(target, text, operations, { sync: true, syncDirectory: true });
    if (!written.ok) {
      if (written.error.details?.['osCode'] === 'EEXIST') continue;
      return written;
    }
    const attachment: RunAttachment = { file, ...meta, attachedAt, bytes };
    const index = `${JSON.stringify({ schemaVersion: 1, attachments: [...listed.value, attachment] }, null, 2)}\n`;
    const indexed = await writeFileAtomic(join(folder, ATTACHMENT_INDEX_FILE), index, operations, {
      sync: true,
      syncDirectory: true,
    });
    if (!indexed.ok) {
      // The rename happened and only the folder's flush failed: the index lists the file, so the file stays.
      const after = await readAttachments(folder);
      if (after.ok && after.value.some((entry) => entry.file === file))
        return fail(
          indexed.error.code,
          `Attached as ${file}, but the run folder could not be flushed to disk: ${indexed.error.message}`,
          { ...indexed.error.details, file, indexed: true },
        );
      await rm(target, { force: true }).catch(() => undefined);
      return indexed;
    }
    return ok(attachment);
  }
  return fail('EVIDENCE_WRITE_FAILED', `No free attachment name in ${folder}`, {
    path: folder,
    reason: 'id_taken',
  });
}
