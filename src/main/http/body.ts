// Reads a JSON request body with a hard byte limit, enforced while streaming.
import type { IncomingMessage } from 'node:http';
import type { ErrorCode } from '../../shared/errors';
import { findJsonSyntaxError } from '../../shared/json/errorPosition';

/** A body that could not be accepted; `aborted` means the client went away and nothing should be answered. */
export type BodyFailure =
  | { kind: 'rejected'; status: number; code: ErrorCode; message: string; details?: Record<string, unknown> }
  | { kind: 'aborted' };

export type BodyResult = { ok: true; value: unknown } | { ok: false; failure: BodyFailure };

const STATUS: Partial<Record<ErrorCode, number>> = {
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_BODY: 415,
};

function rejected(code: ErrorCode, message: string, details?: Record<string, unknown>): BodyResult {
  const failure: BodyFailure = { kind: 'rejected', status: STATUS[code] ?? 400, code, message };
  if (details !== undefined) failure.details = details;
  return { ok: false, failure };
}

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

/** Parses collected UTF-8 bytes as JSON; failures carry the syntax error's position. */
export function parseJsonBytes(bytes: Uint8Array): BodyResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return rejected('INVALID_JSON', 'The request body is not valid UTF-8');
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const error = findJsonSyntaxError(text);
    if (error === null) return rejected('INVALID_JSON', 'The request body is not valid JSON');
    const { position, line, column, reason } = error;
    return rejected(
      'INVALID_JSON',
      `Malformed JSON at position ${position} (line ${line}, column ${column}): ${reason}`,
      { position, line, column },
    );
  }
}

/**
 * Reads the body of `request` as JSON. No body gives `undefined`. A declared or streamed size over `limitBytes`
 * stops reading at once (PAYLOAD_TOO_LARGE): the rest is never read, so the caller must close the connection.
 */
export function readJsonBody(request: IncomingMessage, limitBytes: number): Promise<BodyResult> {
  if (!hasBody(request)) return Promise.resolve({ ok: true, value: undefined });
  if (!isJsonContentType(request.headers['content-type'])) {
    return Promise.resolve(
      rejected('INVALID_BODY', "Request bodies must be JSON: send 'Content-Type: application/json'", {
        contentType: request.headers['content-type'] ?? null,
      }),
    );
  }
  const tooLarge = (): BodyResult =>
    rejected('PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${limitBytes} bytes`, {
      limitBytes,
    });
  if (Number(request.headers['content-length'] ?? 0) > limitBytes) return Promise.resolve(tooLarge());
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (result: BodyResult): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onAborted);
      request.off('close', onAborted);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total > limitBytes) {
        // Stop pulling from the socket; what the kernel already holds is dropped when the socket closes.
        request.pause();
        chunks.length = 0;
        finish(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => finish(parseJsonBytes(Buffer.concat(chunks, total)));
    const onAborted = (): void => finish({ ok: false, failure: { kind: 'aborted' } });
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onAborted);
    request.on('close', onAborted);
  });
}
