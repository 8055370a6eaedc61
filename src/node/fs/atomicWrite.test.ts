import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  NODE_FILE_OPERATIONS,
  writeFileAtomic,
  writeFileExclusive,
  writeNewFileAtomic,
  type FileOperations,
} from './atomicWrite';

let folder = '';

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'atomic-write-'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function osError(code: string): Error {
  return Object.assign(new Error(`simulated ${code}`), { code });
}

/** Open wraps the real handle so that writeFile stores half of the bytes and then fails, as a full disk would. */
const halfWrite: FileOperations = {
  ...NODE_FILE_OPERATIONS,
  open: (async (...args: Parameters<typeof open>) => {
    const handle = await open(...args);
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'writeFile')
          return async (data: Uint8Array) => {
            await target.write(data.subarray(0, Math.floor(data.length / 2)));
            throw osError('ENOSPC');
          };
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }) as typeof open,
};

const failingRename: FileOperations = {
  ...NODE_FILE_OPERATIONS,
  rename: async () => {
    throw osError('EXDEV');
  },
};

describe('writeFileExclusive', () => {
  it('creates a new file in place, never replaces one, and removes what a failed write left', async () => {
    const target = join(folder, 'run.json');
    expect((await writeFileExclusive(target, 'first', NODE_FILE_OPERATIONS, { sync: false })).ok).toBe(true);
    expect(await readdir(folder)).toEqual(['run.json']);
    expect(await writeFileExclusive(target, 'second')).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { osCode: 'EEXIST' } },
    });
    expect(await readFile(target, 'utf8')).toBe('first');
    const other = join(folder, 'other.json');
    expect(await writeFileExclusive(other, Buffer.from('{"padding":"xxxxxxxx"}'), halfWrite)).toMatchObject({
      ok: false,
      error: { details: { path: other, osCode: 'ENOSPC' } },
    });
    expect(await readdir(folder)).toEqual(['run.json']);
  });
});

describe('writeFileAtomic', () => {
  it('creates the file with mode 0600 and then replaces it, leaving no temporary file', async () => {
    const target = join(folder, 'run.json');
    expect((await writeFileAtomic(target, 'first')).ok).toBe(true);
    expect((await writeFileAtomic(target, Buffer.from('second'))).ok).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('second');
    if (process.platform !== 'win32') expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await readdir(folder)).toEqual(['run.json']);
  });

  it.each([
    ['the disk fills mid-write', halfWrite, 'ENOSPC'],
    ['the rename fails', failingRename, 'EXDEV'],
  ])('keeps the old file intact and removes the partial one when %s', async (_name, operations, code) => {
    const target = join(folder, 'run.json');
    await writeFile(target, '{"old":true}');
    const result = await writeFileAtomic(
      target,
      Buffer.from('{"new":true,"padding":"xxxxxxxx"}'),
      operations,
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { path: target, osCode: code } },
    });
    expect(await readFile(target, 'utf8')).toBe('{"old":true}');
    expect(await readdir(folder)).toEqual(['run.json']);
  });

  it('reports a real rename failure (target is a non-empty directory) with the OS code', async () => {
    const target = join(folder, 'screenshot.png');
    await mkdir(target);
    await writeFile(join(target, 'inside'), 'x');
    const result = await writeFileAtomic(target, Buffer.from('png'));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(['EISDIR', 'ENOTEMPTY', 'EEXIST', 'EPERM']).toContain(result.error.details?.['osCode']);
    expect(await readdir(folder)).toEqual(['screenshot.png']);
  });

  it('reports a missing parent directory', async () => {
    const target = join(folder, 'gone', 'run.json');
    const result = await writeFileAtomic(target, 'x');
    expect(result).toMatchObject({ ok: false, error: { details: { path: target, osCode: 'ENOENT' } } });
  });
});

describe('writeNewFileAtomic', () => {
  it('creates a new file and refuses to replace an existing one', async () => {
    const target = join(folder, 'run.zip');
    expect((await writeNewFileAtomic(target, Buffer.from('zip-1'))).ok).toBe(true);
    const again = await writeNewFileAtomic(target, Buffer.from('zip-2'));
    expect(again).toMatchObject({ ok: false, error: { details: { osCode: 'EEXIST' } } });
    expect(await readFile(target, 'utf8')).toBe('zip-1');
    expect(await readdir(folder)).toEqual(['run.zip']);
  });

  it('falls back to check-then-rename where hard links are unsupported', async () => {
    const noLinks: FileOperations = {
      ...NODE_FILE_OPERATIONS,
      link: async () => {
        throw osError('EPERM');
      },
    };
    const target = join(folder, 'run.zip');
    expect((await writeNewFileAtomic(target, Buffer.from('zip-1'), noLinks)).ok).toBe(true);
    const again = await writeNewFileAtomic(target, Buffer.from('zip-2'), noLinks);
    expect(again).toMatchObject({ ok: false, error: { details: { osCode: 'EEXIST' } } });
    expect(await readFile(target, 'utf8')).toBe('zip-1');
    expect(await readdir(folder)).toEqual(['run.zip']);
  });

  it('cleans up after a failed write', async () => {
    const target = join(folder, 'run.zip');
    const result = await writeNewFileAtomic(target, Buffer.from('zip-bytes'), halfWrite);
    expect(result).toMatchObject({ ok: false, error: { details: { osCode: 'ENOSPC' } } });
    expect(await readdir(folder)).toEqual([]);
  });
});

/** Real file operations that log every flush (of a file or a directory) and every rename, in order. */
function observed(log: string[]): FileOperations {
  return {
    ...NODE_FILE_OPERATIONS,
    open: (async (...args: Parameters<typeof open>) => {
      const handle = await open(...args);
      const name = String(args[0]);
      return new Proxy(handle, {
        get(target, key) {
          if (key === 'sync')
            return async () => {
              await target.sync();
              log.push(`sync ${name.endsWith('.tmp') ? 'temporary' : name}`);
            };
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    }) as FileOperations['open'],
    rename: async (from, to) => {
      await NODE_FILE_OPERATIONS.rename(from, to);
      log.push('rename');
    },
  };
}

describe('writeFileAtomic durability', () => {
  it('flushes the file before the rename and the directory after it when asked', async () => {
    const log: string[] = [];
    const target = join(folder, 'run.json');
    const written = await writeFileAtomic(target, '{}', observed(log), { syncDirectory: true });
    expect(written.ok).toBe(true);
    expect(log).toEqual(['sync temporary', 'rename', `sync ${folder}`]);
    expect(await readFile(target, 'utf8')).toBe('{}');
  });

  it('flushes nothing when told not to, and no directory by default', async () => {
    const log: string[] = [];
    await writeFileAtomic(join(folder, 'a'), 'x', observed(log), { sync: false, syncDirectory: true });
    expect(log).toEqual(['rename']);
    const defaults: string[] = [];
    await writeFileAtomic(join(folder, 'b'), 'x', observed(defaults));
    expect(defaults).toEqual(['sync temporary', 'rename']);
  });
});
