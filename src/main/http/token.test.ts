import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateToken } from './token';

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'androperator-token-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

describe.skipIf(process.platform === 'win32')('loadOrCreateToken', () => {
  it('creates a 32-byte base64url token with mode 0600 in a 0700 directory, then reuses it', async () => {
    const path = join(directory, 'state', 'token');
    const first = await loadOrCreateToken(path);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.created).toBe(true);
    expect(first.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.value.token, 'base64url')).toHaveLength(32);
    expect(readFileSync(path, 'utf8')).toBe(`${first.value.token}\n`);
    expect(mode(path)).toBe(0o600);
    expect(mode(join(directory, 'state'))).toBe(0o700);
    const second = await loadOrCreateToken(path);
    expect(second).toEqual({ ok: true, value: { token: first.value.token, created: false } });
    expect(readdirSync(join(directory, 'state'))).toEqual(['token']);
  });

  it('generates a different token for a different file', async () => {
    const one = await loadOrCreateToken(join(directory, 'one'));
    const two = await loadOrCreateToken(join(directory, 'two'));
    expect(one.ok && two.ok && one.value.token !== two.value.token).toBe(true);
  });

  it('replaces a token others could read, and fixes the mode', async () => {
    const path = join(directory, 'token');
    const original = 'a-token-others-may-have-read-0123';
    writeFileSync(path, original, { mode: 0o644 });
    chmodSync(path, 0o644);
    const result = await loadOrCreateToken(path);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.created).toBe(true);
    expect(result.value.replaced).toBe('loose-permissions');
    expect(result.value.token).not.toBe(original);
    expect(readFileSync(path, 'utf8').trim()).toBe(result.value.token);
    expect(mode(path)).toBe(0o600);
  });

  it('keeps a user-chosen valid token in a private file, and replaces invalid content', async () => {
    const path = join(directory, 'token');
    writeFileSync(path, 'my-own-token-0123456789\n', { mode: 0o600 });
    expect(await loadOrCreateToken(path)).toEqual({
      ok: true,
      value: { token: 'my-own-token-0123456789', created: false },
    });
    writeFileSync(path, 'short', { mode: 0o600 });
    const replaced = await loadOrCreateToken(path);
    expect(replaced.ok && replaced.value.replaced).toBe('invalid-content');
    expect(replaced.ok && replaced.value.token.length).toBe(43);
  });

  it('refuses a symbolic link and a directory without touching them', async () => {
    const target = join(directory, 'elsewhere');
    writeFileSync(target, 'untouched', { mode: 0o644 });
    const link = join(directory, 'token');
    symlinkSync(target, link);
    const linked = await loadOrCreateToken(link);
    expect(linked.ok ? 'ok' : linked.error).toMatchObject({
      code: 'FILE_READ_FAILED',
      message: expect.stringContaining('symbolic link'),
    });
    expect(readFileSync(target, 'utf8')).toBe('untouched');
    expect(mode(target)).toBe(0o644);
    const folder = join(directory, 'folder');
    mkdirSync(folder);
    const folderResult = await loadOrCreateToken(folder);
    expect(folderResult.ok ? 'ok' : folderResult.error.code).toBe('FILE_READ_FAILED');
  });

  it('lets exactly one of several concurrent first runs create the token', async () => {
    const path = join(directory, 'token');
    const results = await Promise.all(Array.from({ length: 6 }, () => loadOrCreateToken(path)));
    const tokens = new Set(results.map((result) => (result.ok ? result.value.token : 'failed')));
    expect([...tokens]).toEqual([readFileSync(path, 'utf8').trim()]);
    expect(results.filter((result) => result.ok && result.value.created)).toHaveLength(1);
    expect(readdirSync(directory)).toEqual(['token']);
  });
});
