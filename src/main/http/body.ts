// JSON request bodies on Fastify: only `application/json` in UTF-8, a hard byte limit, syntax errors with positions.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { fail, ok, type Result } from '../../shared/errors';
import { checkJsonDepth } from '../../shared/json/depth';
import { findJsonSyntaxError } from '../../shared/json/errorPosition';
import { HttpFailure, httpFailure } from './respond';

/** True when the request announces a body (a non-zero Content-Length, or chunked transfer). */
export function hasBody(request: IncomingMessage): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && Number(length) > 0;
}

/** Accepts `application/json` with an optional `charset=utf-8` parameter; anything else is rejected. */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [type, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return parameters.every(
    (parameter) => !parameter.startsWith('charset=') || /^charset="?utf-8"?$/.test(parameter),
  );
}

/** Parses collected UTF-8 bytes as JSON (a byte-order mark is dropped); failures carry the error's position. */
export function parseJsonBytes(bytes: Uint8Array): Result<unknown> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fail('INVALID_JSON', 'The request body is not valid UTF-8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    const error = findJsonSyntaxError(text);
    if (error === null) return fail('INVALID_JSON', 'The request body is not valid JSON');
    const { position, line, column, reason } = error;
    return fail(
      'INVALID_JSON',
      `Malformed JSON at position ${position} (line ${line}, column ${column}): ${reason}`,
      { position, line, column },
    );
  }
  // Bounded here, before routes validate, log or broadcast the body: each of those recurses.
  const tooDeep = checkJsonDepth(parsed, 'The request body');
  return tooDeep.ok ? ok(parsed) : tooDeep;
}

function notJson(contentType: string | undefined): HttpFailure {
  return httpFailure('INVALID_BODY', "Request bodies must be JSON: send 'Content-Type: application/json'", {
    details: { contentType: contentType ?? null },
  });
}

/**
 * Replaces Fastify's parsers: a body must be declared JSON in UTF-8 (415 INVALID_BODY before a byte is read),
 * parses to `undefined` when empty, and gives 400 INVALID_JSON with its position when malformed (400
 * EXECUTION_VALIDATION_FAILED when nested too deeply). The size limit is
 * Fastify's `bodyLimit` (declared or while streaming), answered by the error handler as PAYLOAD_TOO_LARGE.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const contentType = request.headers['content-type'];
    if (hasBody(request.raw) && !isJsonContentType(contentType)) throw notJson(contentType);
    return payload;
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    const parsed = parseJsonBytes(body as Buffer);
    if (parsed.ok) done(null, parsed.value);
    // Every parse failure (malformed, not UTF-8, nested too deeply) is the client's: 400.
    else done(new HttpFailure(parsed.error, 400), undefined);
  });
  // Reached only by empty bodies of another declared type (a non-empty one was refused above): no body.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else done(notJson(request.headers['content-type']), undefined);
  });
}
