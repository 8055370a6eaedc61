// File-system failures as error values: the path and the OS error code always travel in details.
import { dirname } from 'node:path';
import { fail } from '../../shared/errors';

/** The OS error code (`ENOENT`, `EACCES`...) of a thrown file-system error, if it has one. */
export function osCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a write failed, in words about the target (not the temporary sibling the OS message names). */
function writeProblem(path: string, error: unknown): string {
  switch (osCodeOf(error)) {
    case 'ENOENT':
      return `the folder ${dirname(path)} does not exist`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied in ${dirname(path)}`;
    case 'ENOSPC':
      return 'the disk is full';
    case 'EEXIST':
      return `${path} already exists`;
    default:
      return messageOf(error);
  }
}

export function writeFailed(path: string, error: unknown, reason = 'io') {
  return fail('EVIDENCE_WRITE_FAILED', `Could not write ${path}: ${writeProblem(path, error)}`, {
    path,
    osCode: osCodeOf(error),
    reason,
  });
}

export function readFailed(path: string, error: unknown) {
  return fail('FILE_READ_FAILED', `Could not read evidence at ${path}: ${messageOf(error)}`, {
    path,
    osCode: osCodeOf(error),
  });
}

export function runNotFound(id: string, reason = 'no_such_run') {
  return fail('EVIDENCE_NOT_FOUND', `No evidence run ${id}`, { id, reason });
}
