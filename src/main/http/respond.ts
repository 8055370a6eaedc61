// The security headers every answer carries, and the one JSON error shape `{ ok:false, error:{code,message,details} }`.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { fail, type AppError, type ErrorCode } from '../../shared/errors';

/** Content-Security-Policy of HTML (and every static file, so workers inherit it). */
export const HTML_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Content-Security-Policy of JSON, SSE and byte responses: nothing in them may load or frame anything. */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Default status of the codes the server itself answers with (a caller may pass another status). */
const ERROR_STATUS: Partial<Record<ErrorCode, number>> = {
  INVALID_PATH: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_BODY: 415,
  INTERNAL_ERROR: 500,
  SERVER_SHUTTING_DOWN: 503,
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

/**
 * Sets the security headers on `reply` (the page policy for HTML and static files), and `Connection: close` when
 * the request body was not read or the server is closing. Run by the onSend hook, and by hand where Fastify
 * answers without hooks (a malformed URL).
 */
export function finishHeaders(reply: FastifyReply, closing: boolean, staticFile: boolean): void {
  const type = reply.getHeader('content-type');
  const html = staticFile || (typeof type === 'string' && type.startsWith('text/html'));
  for (const [name, value] of Object.entries(securityHeaders(html))) reply.header(name, value);
  // Unread body bytes would be parsed as the next request on this connection: it must close.
  if (closing || reply.request.raw.complete === false) reply.header('connection', 'close');
}

/** An expected failure thrown inside a hook or the body parser; the error handler answers it as is. */
export class HttpFailure extends Error {
  constructor(
    readonly error: AppError,
    readonly status: number = ERROR_STATUS[error.code] ?? 500,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(error.message);
  }
}

/** Builds an HttpFailure from a code, a message and optional details (status from the code). */
export function httpFailure(
  code: ErrorCode,
  message: string,
  options: { status?: number; details?: Record<string, unknown>; headers?: Record<string, string> } = {},
): HttpFailure {
  const { error } = fail(code, message, options.details);
  return new HttpFailure(error, options.status ?? ERROR_STATUS[code] ?? 500, options.headers);
}

/** Answers `{ ok:false, error }` with the failure's status and headers. */
export function sendFailure(reply: FastifyReply, failure: HttpFailure): FastifyReply {
  return reply
    .code(failure.status)
    .headers(failure.headers)
    .type(JSON_CONTENT_TYPE)
    .send(JSON.stringify({ ok: false, error: failure.error }));
}
