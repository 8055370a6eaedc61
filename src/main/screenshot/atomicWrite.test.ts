import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporarySibling } from '../../node/fs/atomicWrite';
import { writeFileAtomically } from './atomicWrite';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-atomic-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('writeFileAtomically', () => {
  it('writes the bytes with mode 0600 and leaves no temporary file', async () => {
    const path = join(directory, 'shot.png');
    const written = await writeFileAtomically(path, new Uint8Array([1, 2, 3]));
    expect(written).toEqual({ ok: true, value: { path, bytes: 3 } });
    expect([...(await readFile(path))]).toEqual([1, 2, 3]);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(directory)).toEqual(['shot.png']);
  });

  it('replaces an existing file whole', async () => {
    const path = join(directory, 'shot.png');
    await writeFile(path, 'old contents that are longer');
    expect((await writeFileAtomically(path, new Uint8Array([9]))).ok).toBe(true);
    expect([...(await readFile(path))]).toEqual([9]);
  });

  it('fails with EVIDENCE_WRITE_FAILED when the directory does not exist', async () => {
    const path = join(directory, 'missing', 'shot.png');
    const written = await writeFileAtomically(path, new Uint8Array([1]));
    expect(written).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { path, osCode: 'ENOENT' } },
    });
    expect(await readdir(directory)).toEqual([]);
  });

  it('removes the temporary file when the rename fails, and leaves the target alone', async () => {
    const path = join(directory, 'taken');
    await mkdir(path);
    await writeFile(join(path, 'inside'), 'keep');
    const written = await writeFileAtomically(path, new Uint8Array([1, 2]));
    expect(written).toMatchObject({ ok: false, error: { code: 'EVIDENCE_WRITE_FAILED' } });
    expect(await readdir(directory)).toEqual(['taken']);
    expect(await readdir(path)).toEqual(['inside']);
  });
});

describe('temporarySibling', () => {
  it('is <path>.<uuid>.tmp and differs each time', () => {
    const first = temporarySibling('/x/shot.png');
    expect(first).toMatch(/^\/x\/shot\.png\.[0-9a-f-]{36}\.tmp$/);
    expect(temporarySibling('/x/shot.png')).not.toBe(first);
  });
});
