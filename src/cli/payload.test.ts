import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPayload, MAX_PAYLOAD_FILE_BYTES, parseJsonPayload } from './payload';

let directory = '';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-payload-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('parseJsonPayload', () => {
  it('parses valid JSON', () => {
    expect(parseJsonPayload('{"a":[1]}', {})).toEqual({ ok: true, value: { a: [1] } });
  });

  it('reports the position, line and column even when V8 gives none', () => {
    const result = parseJsonPayload('{\n  "a": }', {});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_JSON');
    expect(result.error.message).toMatch(
      /^Inline payload is not valid JSON at line 2, column 8 \(position 9\): /,
    );
    expect(result.error.details).toEqual({ position: 9, line: 2, column: 8 });
  });

  it('places a bad \\u escape at its first non-hex character, as the HTTP servers do', () => {
    for (const [text, position, column] of [
      ['{"execution":"\\u12G4"}', 18, 19],
      ['{"a":"\\u12"}', 10, 11],
      ['{"a":"\\x"}', 7, 8],
    ] as const) {
      const result = parseJsonPayload(text, {});
      expect(result.ok ? undefined : result.error.details).toEqual({ position, line: 1, column });
    }
  });

  it('reports an unexpected end at the end of the text', () => {
    const result = parseJsonPayload('{"a":1', { path: '/x.json' });
    expect(result.ok ? undefined : result.error.details).toEqual({
      path: '/x.json',
      position: 6,
      line: 1,
      column: 7,
    });
  });
});

describe('loadPayload', () => {
  it('treats text starting with { after trimming as inline JSON', async () => {
    expect(await loadPayload('  {"commandId":"x"}', directory)).toEqual({
      ok: true,
      value: { commandId: 'x' },
    });
  });

  it('reads a file relative to cwd, ignoring a UTF-8 byte-order mark', async () => {
    await writeFile(join(directory, 'bom.json'), '\uFEFF{"taskId":"t"}');
    expect(await loadPayload('bom.json', directory)).toEqual({ ok: true, value: { taskId: 't' } });
  });

  it('reports a missing file as FILE_NOT_FOUND with its absolute path', async () => {
    const result = await loadPayload('missing.json', directory);
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'FILE_NOT_FOUND',
        message: `Payload file not found: ${join(directory, 'missing.json')}`,
        details: { path: join(directory, 'missing.json') },
      },
    });
  });

  it('reports a directory as FILE_READ_FAILED', async () => {
    const result = await loadPayload(directory, '/');
    expect(result.ok ? undefined : result.error.code).toBe('FILE_READ_FAILED');
  });

  it('reports a path through a regular file as FILE_NOT_FOUND', async () => {
    await writeFile(join(directory, 'plain.json'), '{}');
    const result = await loadPayload('plain.json/inner.json', directory);
    expect(result.ok ? undefined : result.error.code).toBe('FILE_NOT_FOUND');
  });

  it('reports a file that is not JSON as INVALID_JSON with the file path', async () => {
    await writeFile(join(directory, 'bad.json'), 'commandId: x');
    const result = await loadPayload('bad.json', directory);
    expect(result.ok ? undefined : result.error.code).toBe('INVALID_JSON');
    expect(result.ok ? undefined : result.error.details).toMatchObject({
      path: join(directory, 'bad.json'),
      position: 0,
    });
  });

  it('refuses a file above the size limit, reading no more than one byte past it', async () => {
    const path = join(directory, 'huge.json');
    await writeFile(path, '');
    await truncate(path, 64 * MAX_PAYLOAD_FILE_BYTES);
    const result = await loadPayload(path, directory);
    expect(result.ok ? undefined : result.error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { path, maxBytes: MAX_PAYLOAD_FILE_BYTES },
    });
  });

  it('rejects a blank argument as a usage error', async () => {
    expect(await loadPayload('  ', directory)).toMatchObject({ ok: false, error: { code: 'USAGE' } });
  });
});

describe('loadPayload with hostile files', () => {
  it('refuses a symlink to /dev/zero as a device without reading it', async () => {
    const path = join(directory, 'zero.json');
    await symlink('/dev/zero', path);
    const result = await loadPayload(path, directory);
    expect(result.ok ? undefined : result.error).toMatchObject({
      code: 'FILE_READ_FAILED',
      details: { path, kind: 'a device' },
    });
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    const path = join(directory, 'pipe.json');
    execFileSync('mkfifo', [path]);
    const result = await loadPayload(path, directory);
    expect(result.ok ? undefined : result.error).toMatchObject({
      code: 'FILE_READ_FAILED',
      details: { path, kind: 'a FIFO' },
    });
  });

  it('refuses a directory as FILE_READ_FAILED naming it a directory', async () => {
    const result = await loadPayload(directory, '/');
    expect(result.ok ? undefined : result.error).toMatchObject({
      code: 'FILE_READ_FAILED',
      details: { path: directory, kind: 'a directory' },
    });
  });

  it('rejects invalid UTF-8 as INVALID_JSON, as Serve does', async () => {
    const path = join(directory, 'latin1.json');
    await writeFile(path, Buffer.from('{"commandId":"caf\xe9"}', 'latin1'));
    const result = await loadPayload(path, directory);
    expect(result.ok ? undefined : result.error).toEqual({
      code: 'INVALID_JSON',
      message: `Payload file ${path} is not valid UTF-8`,
      details: { path },
    });
  });

  it('never quotes the content of a file that is not JSON', async () => {
    const path = join(directory, 'secret.txt');
    await writeFile(path, 'password=hunter2\n');
    const result = await loadPayload(path, directory);
    expect(result.ok ? undefined : result.error.code).toBe('INVALID_JSON');
    expect(JSON.stringify(result)).not.toMatch(/hunter2|password/);
  });

  it('answers EXECUTION_VALIDATION_FAILED for 3000 levels of nesting in a file or inline', async () => {
    const text = `{"commandId":"c","actions":${'['.repeat(3000)}${']'.repeat(3000)}}`;
    const path = join(directory, 'deep.json');
    await writeFile(path, text);
    for (const result of [await loadPayload(path, directory), await loadPayload(text, directory)])
      expect(result.ok ? undefined : result.error).toMatchObject({
        code: 'EXECUTION_VALIDATION_FAILED',
        details: { path: 'actions.0.0.0.0.0.…', maxDepth: 64 },
      });
  });
});
