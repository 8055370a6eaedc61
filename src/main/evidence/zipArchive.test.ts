import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readZip } from '../../test-support/testZip';
import { buildZip } from './zipArchive';

const UNZIP = ['/usr/bin/unzip', '/bin/unzip', '/usr/local/bin/unzip'].find((path) => existsSync(path));
const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const when = new Date(2025, 5, 3, 14, 30, 42);
const directories: string[] = [];

afterAll(async () => {
  await Promise.all(directories.map((path) => rm(path, { recursive: true, force: true })));
});

describe('buildZip', () => {
  it('writes entries that read back, deflating text and storing PNGs and empty files', () => {
    const json = Buffer.from(
      JSON.stringify({ steps: Array.from({ length: 50 }, (_, index) => ({ index })) }),
    );
    const archive = buildZip([
      { name: 'run/run.json', data: json, modifiedAt: when },
      { name: 'run/screenshot.png', data: PNG_HEADER, modifiedAt: when },
      { name: 'run/empty.txt', data: new Uint8Array(0), modifiedAt: when },
    ]);
    const entries = readZip(archive);
    expect(entries.map((entry) => [entry.name, entry.method])).toEqual([
      ['run/run.json', 8],
      ['run/screenshot.png', 0],
      ['run/empty.txt', 0],
    ]);
    expect(entries[0]?.data.equals(json)).toBe(true);
    expect(entries[1]?.data.equals(PNG_HEADER)).toBe(true);
    expect(entries[2]?.data.length).toBe(0);
  });

  it('writes an empty archive as just the end record', () => {
    const archive = buildZip([]);
    expect(archive.length).toBe(22);
    expect(readZip(archive)).toEqual([]);
  });

  it('clamps modification times outside the MS-DOS date range instead of failing', () => {
    const data = Buffer.from('old file');
    const archive = buildZip([{ name: 'a.txt', data, modifiedAt: new Date(0) }]);
    expect(readZip(archive)[0]?.data.equals(data)).toBe(true);
  });

  it.skipIf(UNZIP === undefined)('produces an archive that unzip lists and tests clean', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'zip-test-'));
    directories.push(folder);
    const path = join(folder, 'a.zip');
    const text = Buffer.from('hello hello hello hello evidence\n');
    await writeFile(path, buildZip([{ name: 'x/hello.txt', data: text, modifiedAt: when }]));
    const listing = execFileSync(UNZIP ?? 'unzip', ['-l', path], { encoding: 'utf8' });
    expect(listing).toMatch(/x\/hello\.txt/);
    expect(listing).toMatch(/2025-06-03 14:30|06-03-2025 14:30/);
    expect(execFileSync(UNZIP ?? 'unzip', ['-t', path], { encoding: 'utf8' })).toMatch(/No errors detected/);
    expect(execFileSync(UNZIP ?? 'unzip', ['-p', path, 'x/hello.txt'])).toEqual(text);
    // zipinfo's long listing shows the Unix host and mode the evidence files have.
    expect(execFileSync(UNZIP ?? 'unzip', ['-Z', '-l', path], { encoding: 'utf8' })).toMatch(
      /-rw-------\s+[\d.]+ unx .* x\/hello\.txt/,
    );
  });
});
