// Reading an execution payload given as inline JSON or as a file path.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fail, ok, type Result } from '../shared/errors';
import { findJsonSyntaxError, lineAndColumn } from '../shared/json/errorPosition';

/** Files above this size are refused before reading; a valid execution serializes to at most 64000 bytes. */
export const MAX_PAYLOAD_FILE_BYTES = 1024 * 1024;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Parses JSON text, reporting syntax errors as INVALID_JSON with the offset, line and column. */
export function parseJsonPayload(text: string, origin: { path?: string }): Result<unknown> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    // The scanner finds an error wherever JSON.parse does; the end of the text is only a fallback.
    const position = findJsonSyntaxError(text)?.position ?? text.length;
    const { line, column } = lineAndColumn(text, position);
    const where = origin.path === undefined ? 'Inline payload' : `Payload file ${origin.path}`;
    return fail(
      'INVALID_JSON',
      `${where} is not valid JSON at line ${line}, column ${column} (position ${position}): ${describe(error)}`,
      { ...origin, position, line, column },
    );
  }
}

/**
 * Loads a payload argument: inline JSON when it starts with `{` after trimming, else a file path resolved
 * against `cwd`. Missing file -> FILE_NOT_FOUND; unreadable or oversized -> FILE_READ_FAILED / PAYLOAD_TOO_LARGE.
 */
export async function loadPayload(argument: string, cwd: string): Promise<Result<unknown>> {
  if (argument.trimStart().startsWith('{')) return parseJsonPayload(argument, {});
  if (argument.trim() === '')
    return fail('USAGE', 'The payload argument is blank: pass inline JSON or a file path');
  const path = resolve(cwd, argument);
  let text: string;
  try {
    const info = await stat(path);
    if (info.isDirectory())
      return fail('FILE_READ_FAILED', `Payload path ${path} is a directory, not a file`, { path });
    if (info.size > MAX_PAYLOAD_FILE_BYTES) {
      return fail(
        'PAYLOAD_TOO_LARGE',
        `Payload file ${path} is ${info.size} bytes; an execution payload may be at most 64000 bytes`,
        { path, bytes: info.size },
      );
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
      return fail('FILE_NOT_FOUND', `Payload file not found: ${path}`, { path });
    }
    return fail('FILE_READ_FAILED', `Could not read payload file ${path}: ${describe(error)}`, { path });
  }
  // Why: editors on Windows often save UTF-8 with a byte-order mark, which JSON.parse rejects.
  return parseJsonPayload(text.startsWith('\uFEFF') ? text.slice(1) : text, { path });
}
