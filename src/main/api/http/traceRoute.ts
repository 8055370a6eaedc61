// GET /api/traces/<id>/trace.pftrace: the raw Perfetto trace of a capture this console recorded and collected, for
// the browser console to save (open it in ui.perfetto.dev). A capture not collected, or an unknown id, answers the
// structured error analyze_system_trace gives, with an HTTP status.
import { readFile } from 'node:fs/promises';
import type { ErrorCode } from '../../../shared/errors';
import type { Route } from '../../http/types';
import { captureTracePath } from '../../traces/analyzeTool';
import type { TraceRoot } from '../../traces/capture';

/** The pattern of traceDownloadPath (src/shared/trace/report.ts). */
export const TRACE_DOWNLOAD_PATH = '/api/traces/:id/trace.pftrace';

const STATUS_OF: Partial<Record<ErrorCode, number>> = { SYSTEM_TRACE_REFUSED: 409 };
const TRACE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function traceDownloadRoute(root: TraceRoot): Route {
  return {
    method: 'GET',
    path: TRACE_DOWNLOAD_PATH,
    handler: async (request) => {
      const id = request.params['id'] ?? '';
      if (!TRACE_ID.test(id))
        return {
          status: 400,
          json: {
            ok: false,
            error: {
              code: 'INVALID_ARGUMENTS',
              message: `${id} is not a trace id`,
              details: { field: 'id' },
            },
          },
        };
      const path = await captureTracePath(root(), id);
      if (!path.ok) return { status: STATUS_OF[path.error.code] ?? 500, json: path };
      const bytes = await readFile(path.value);
      return {
        status: 200,
        bytes: new Uint8Array(bytes),
        contentType: 'application/octet-stream',
        downloadName: `${id}.pftrace`,
      };
    },
  };
}
