// Reading an execution payload given as inline JSON or as a file path.
import { constants, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fail, ok, type Result } from '../shared/errors';
import { checkJsonDepth } from '../shared/json/depth';
import { findJsonSyntaxError, lineAndColumn } from '../shared/json/errorPosition';

/** Files above this size are refused (reading stops one byte past it); a valid execution serializes to at most 64000 bytes. */
export const MAX_PAYLOAD_FILE_BYTES = 1024 * 1024;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Parses JSON text, reporting syntax errors as INVALID_JSON with the offset, line and column, and nesting past
 * MAX_JSON_DEPTH as EXECUTION_VALIDATION_FAILED. Why a file's message gives only the position: the file may be
 * anything a path names (a key, a config), and an error must not echo what it holds; inline text is the caller's own.
 */
export function parseJsonPayload(text: string, origin: { path?: string }): Result<unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    // The scanner finds an error wherever JSON.parse does; the end of the text is only a fallback.
    const position = findJsonSyntaxError(text)?.position ?? text.length;
    const { line, column } = lineAndColumn(text, position);
    const where = origin.path === undefined ? 'Inline payload' : `Payload file ${origin.path}`;
    const cause = origin.path === undefined ? `: ${describe(error)}` : '';
    return fail(
      'INVALID_JSON',
      `${where} is not valid JSON at line ${line}, column ${column} (position ${position})${cause}`,
      { ...origin, position, line, column },
    );
  }
  const tooDeep = checkJsonDepth(
    parsed,
    origin.path === undefined ? 'Inline payload' : `Payload file ${origin.path}`,
  );
  return tooDeep.ok ? ok(parsed) : tooDeep;
}

/** What a path names when it is not a regular file, for the refusal. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Why O_NONBLOCK: opening a FIFO for reading blocks until a writer appears; fstat then refuses it. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const CHUNK_BYTES = 64 * 1024;

function notAFile(path: string, info: Stats): Result<never> {
  const kind = kindOf(info);
  return fail('FILE_READ_FAILED', `Payload path ${path} is ${kind}; pass a JSON file`, { path, kind });
}

/**
 * Reads a regular file of at most MAX_PAYLOAD_FILE_BYTES, whatever its size claims to be (a symlink to /dev/zero,
 * a /proc file of size 0): chunks are read until the end or one byte past the limit.
 */
async function readPayloadFile(path: string): Promise<Result<Uint8Array>> {
  // Checked before opening (a device is never opened) and again on the opened descriptor (the path may change).
  const named = await stat(path);
  if (!named.isFile()) return notAFile(path, named);
  const handle = await open(path, OPEN_FLAGS);
  try {
    const info = await handle.stat();
    if (!info.isFile()) return notAFile(path, info);
    const chunks: Uint8Array[] = [];
    let total = 0;
    while (total <= MAX_PAYLOAD_FILE_BYTES) {
      const chunk = new Uint8Array(Math.min(CHUNK_BYTES, MAX_PAYLOAD_FILE_BYTES + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
    }
    if (total > MAX_PAYLOAD_FILE_BYTES) {
      return fail(
        'PAYLOAD_TOO_LARGE',
        `Payload file ${path} is larger than ${MAX_PAYLOAD_FILE_BYTES} bytes; an execution payload may be at most ` +
          '64000 bytes',
        { path, maxBytes: MAX_PAYLOAD_FILE_BYTES },
      );
    }
    return ok(Buffer.concat(chunks, total));
  } finally {
    await handle.close();
  }
}

/**
 * Loads a payload argument: inline JSON when it starts with `{` after trimming, else a file path resolved
 * against `cwd`. Missing file -> FILE_NOT_FOUND; not a regular file or unreadable -> FILE_READ_FAILED; over the
 * limit -> PAYLOAD_TOO_LARGE; not UTF-8 or not JSON -> INVALID_JSON.
 */
export async function loadPayload(argument: string, cwd: string): Promise<Result<unknown>> {
  if (argument.trimStart().startsWith('{')) return parseJsonPayload(argument, {});
  if (argument.trim() === '')
    return fail('USAGE', 'The payload argument is blank: pass inline JSON or a file path');
  const path = resolve(cwd, argument);
  let bytes: Uint8Array;
  try {
    const read = await readPayloadFile(path);
    if (!read.ok) return read;
    bytes = read.value;
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
      return fail('FILE_NOT_FOUND', `Payload file not found: ${path}`, { path });
    }
    if (errorCode(error) === 'EISDIR')
      return fail('FILE_READ_FAILED', `Payload path ${path} is a directory; pass a JSON file`, { path });
    return fail('FILE_READ_FAILED', `Could not read payload file ${path}: ${describe(error)}`, { path });
  }
  let text: string;
  try {
    // fatal, as Serve decodes bodies: a replaced byte would silently change the payload. The BOM editors on
    // Windows write is dropped by the decoder (JSON.parse would reject it).
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fail('INVALID_JSON', `Payload file ${path} is not valid UTF-8`, { path });
  }
  return parseJsonPayload(text, { path });
}
