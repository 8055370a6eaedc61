// GET /api/runs/<id>/export.zip: the browser console's export, downloaded by the browser instead of written on the
// console's machine. The same zip `evidence:export` writes; errors answer as JSON ApiResults with an HTTP status.
import type { ErrorCode } from '../../../shared/errors';
import type { EvidenceStore } from '../../evidence/evidenceStore';
import type { Route } from '../../http/types';

/** The pattern of exportDownloadPath (src/shared/api/evidence.ts). */
export const EXPORT_DOWNLOAD_PATH = '/api/runs/:id/export.zip';

const STATUS_OF: Partial<Record<ErrorCode, number>> = { INVALID_RUN_ID: 400, EVIDENCE_NOT_FOUND: 404 };

export function exportDownloadRoute(evidence: Pick<EvidenceStore, 'archiveRun'>): Route {
  return {
    method: 'GET',
    path: EXPORT_DOWNLOAD_PATH,
    handler: async (request) => {
      const archive = await evidence.archiveRun(request.params['id'] ?? '');
      if (!archive.ok) return { status: STATUS_OF[archive.error.code] ?? 500, json: archive };
      return {
        status: 200,
        bytes: archive.value.bytes,
        contentType: 'application/zip',
        downloadName: archive.value.fileName,
      };
    },
  };
}
