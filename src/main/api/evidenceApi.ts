// evidence:* channels over the evidence store; images travel as base64 PNG with their size from IHDR.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConsoleApi, ImageData } from '../../shared/api/contract';
import { fail, ok, type Result } from '../../shared/errors';
import type { EvidenceStore } from '../evidence/evidenceStore';
import { capturePath } from '../evidence/captureFiles';
import { osCodeOf, readFailed, runNotFound } from '../../node/fs/fileErrors';
import { checkPng } from '../screenshot/png';
import type { ResolvedDependencies } from './dependencies';

type EvidenceApi = Pick<
  ConsoleApi,
  | 'evidence:list'
  | 'evidence:get'
  | 'evidence:image'
  | 'evidence:log'
  | 'evidence:delete'
  | 'evidence:export'
  | 'evidence:attach'
>;

/** The PNG at `path` as ImageData; EVIDENCE_CORRUPT when the file is not a complete PNG. */
export async function pngImage(id: string, path: string): Promise<Result<ImageData>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return osCodeOf(error) === 'ENOENT' ? runNotFound(id, 'image_missing') : readFailed(path, error);
  }
  const checked = checkPng(bytes);
  if (!checked.ok)
    return fail('EVIDENCE_CORRUPT', `Run ${id}: ${path} is not a complete PNG (${checked.error})`, {
      id,
      path,
      reason: 'not_png',
    });
  return ok({
    mimeType: 'image/png',
    base64: bytes.toString('base64'),
    widthPx: checked.value.widthPx,
    heightPx: checked.value.heightPx,
  });
}

async function screenshotPath(evidence: EvidenceStore, id: string): Promise<Result<string>> {
  const record = await evidence.readRun(id);
  if (!record.ok) return record;
  const screenshot = record.value.screenshot;
  if (screenshot === undefined) return runNotFound(id, 'no_screenshot');
  return ok(join(evidence.directory, id, screenshot.file));
}

async function captureImage(
  evidence: EvidenceStore,
  id: string,
  kind: 'screenshot' | 'thumbnail',
  index: number,
): Promise<Result<ImageData>> {
  if (kind !== 'screenshot')
    return fail(
      'INVALID_ARGUMENTS',
      `Run ${id}: capture ${index} has no thumbnail; ask for kind "screenshot"`,
      {
        id,
        capture: index,
        field: 'kind',
      },
    );
  const record = await evidence.readRun(id);
  if (!record.ok) return record;
  const path = capturePath(record.value, join(evidence.directory, id), index);
  return path.ok ? pngImage(id, path.value) : path;
}

export function evidenceApi({ evidence }: ResolvedDependencies): EvidenceApi {
  return {
    'evidence:list': ({ limit }) => evidence.listRuns(limit === undefined ? {} : { limit }),
    'evidence:get': ({ id }) => evidence.readRun(id),
    'evidence:image': async ({ id, kind, capture }) => {
      if (capture !== undefined) return captureImage(evidence, id, kind, capture);
      const path = kind === 'thumbnail' ? await evidence.thumbnail(id) : await screenshotPath(evidence, id);
      if (!path.ok) return path;
      return pngImage(id, typeof path.value === 'string' ? path.value : path.value.path);
    },
    'evidence:log': async ({ id }) => {
      const record = await evidence.readRun(id);
      if (!record.ok) return record;
      const excerpt = record.value.logExcerpt;
      if (excerpt?.file === undefined)
        return fail(
          'EVIDENCE_NOT_FOUND',
          `Run ${id} has no device log: ${
            excerpt === undefined
              ? 'it was recorded before runs kept one'
              : (excerpt.error?.message ?? 'the log had no entries in the run window')
          }`,
          { id, reason: 'no_log' },
        );
      const path = join(evidence.directory, id, excerpt.file);
      try {
        return ok({ file: excerpt.file, text: await readFile(path, 'utf8'), excerpt });
      } catch (error) {
        return osCodeOf(error) === 'ENOENT' ? runNotFound(id, 'log_missing') : readFailed(path, error);
      }
    },
    'evidence:delete': async ({ id }) => {
      const deleted = await evidence.deleteRun(id);
      return deleted.ok ? ok({ deleted: id }) : deleted;
    },
    'evidence:export': ({ id, destination, format, ifExists }) =>
      evidence.exportRun(id, destination, format, ifExists),
    'evidence:attach': (input) => evidence.attach(input),
  };
}
