// Attachments of a run: a Diagnostics view's answer or the logcat viewer's visible window, stored in the run folder
// as attachment-<n>-<slug>.json (created exclusively and atomically: never replacing a file) and listed in
// attachments.json (replaced atomically). A failure leaves the folder as it was and is answered, never thrown.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import { MAX_ATTACHMENT_BYTES, type RunAttachment, type RunAttachmentInput } from '../../shared/api/evidence';
import { attachmentIndexSchema } from '../../shared/api/evidenceSchemas';
import { parseWith } from '../../shared/schema/parse';
import { writeFileAtomic, writeNewFileAtomic, type FileOperations } from '../../node/fs/atomicWrite';
import { osCodeOf, readFailed } from '../../node/fs/fileErrors';

export const ATTACHMENT_INDEX_FILE = 'attachments.json';
const ATTACHMENT_FILE = /^attachment-(\d+)-[a-z0-9-]+\.json$/;
/** Tries at a free number when another writer took the next one meanwhile. */
const NAME_ATTEMPTS = 20;

// One attach at a time per run folder in this process, so two answers never race for the same index.
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
 * Stores `input` in run folder `folder`: the file first (exclusive, atomic, flushed), then the index. If the index
 * cannot be written the new file is removed again, so the run lists exactly the files it holds.
 */
export function attachToRunFolder(
  folder: string,
  input: RunAttachmentInput,
  operations: FileOperations,
  now: () => number = Date.now,
): Promise<Result<RunAttachment>> {
  return serialized(folder, async () => {
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
        await rm(target, { force: true }).catch(() => undefined);
        return indexed;
      }
      return ok(attachment);
    }
    return fail('EVIDENCE_WRITE_FAILED', `No free attachment name in ${folder}`, {
      path: folder,
      reason: 'id_taken',
    });
  });
}
