// Response writing with the security headers every answer carries.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { fail, type ErrorCode } from '../../shared/errors';

/** Content-Security-Policy of HTML (and every static file, so workers inherit it). */
export const HTML_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Content-Security-Policy of JSON, SSE and byte responses: nothing in them may load or frame anything. */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Default status of the codes the server itself answers with (a caller may pass another status). */
const ERROR_STATUS: Partial<Record<ErrorCode, number>> = {
  INVALID_PATH: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
};

/** Headers common to all responses; `html` selects the page policy. No CORS header is ever sent. */
export function securityHeaders(html: boolean): OutgoingHttpHeaders {
  return {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Content-Security-Policy': html ? HTML_CONTENT_SECURITY_POLICY : DATA_CONTENT_SECURITY_POLICY,
  };
}

/** True when the request still has unread body bytes: the connection must then close after the answer. */
function bodyPending(response: ServerResponse): boolean {
  return response.req.complete === false;
}

/** Writes a complete response; `Connection: close` when the body was not read or the server is closing. */
export function sendBytes(
  response: ServerResponse,
  status: number,
  contentType: string,
  bytes: Uint8Array | string,
  extraHeaders: OutgoingHttpHeaders = {},
  closing = false,
): void {
  if (response.headersSent || response.destroyed) return;
  const html = contentType.startsWith('text/html');
  const headers: OutgoingHttpHeaders = {
    ...securityHeaders(html),
    ...extraHeaders,
    'Content-Type': contentType,
    'Content-Length': typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength,
  };
  if (closing || bodyPending(response)) headers.Connection = 'close';
  response.writeHead(status, headers);
  response.end(bytes);
}

/** Writes `value` as JSON; a value JSON cannot represent becomes a 500 INTERNAL_ERROR. */
export function sendJson(response: ServerResponse, status: number, value: unknown, closing = false): void {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    sendError(
      response,
      'INTERNAL_ERROR',
      'The handler returned a value that is not JSON',
      undefined,
      closing,
    );
    return;
  }
  sendBytes(response, status, 'application/json; charset=utf-8', text, {}, closing);
}

/** Writes `{ ok:false, error:{ code, message, details? } }` with the status of `code` (or `status`). */
export function sendError(
  response: ServerResponse,
  code: ErrorCode,
  message: string,
  options: { status?: number; details?: Record<string, unknown>; headers?: OutgoingHttpHeaders } = {},
  closing = false,
): void {
  const status = options.status ?? ERROR_STATUS[code] ?? 500;
  const text = JSON.stringify(fail(code, message, options.details));
  sendBytes(response, status, 'application/json; charset=utf-8', text, options.headers ?? {}, closing);
}
