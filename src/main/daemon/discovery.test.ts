// The discovery file: atomic private writes, and reads that refuse anything another user could have planted.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isProcessAlive,
  parseDaemonRecord,
  readDiscovery,
  removeDiscovery,
  writeDiscovery,
  type DaemonRecord,
} from './discovery';
import { androperatorHome, daemonFilePath } from './home';

const RECORD: DaemonRecord = {
  url: 'http://127.0.0.1:3000',
  token: 'test-token-0123456789abcdef',
  pid: process.pid,
  version: '0.1.0',
  startedAt: '2026-01-01T00:00:00.000Z',
};

let directory: string;
let home: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-discovery-'));
  home = join(directory, 'home');
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('androperatorHome', () => {
  it('uses an absolute ANDROPERATOR_HOME, else ~/.androperator', () => {
    expect(androperatorHome({ ANDROPERATOR_HOME: '/srv/ap' }, '/home/qa')).toBe('/srv/ap');
    expect(androperatorHome({ ANDROPERATOR_HOME: 'relative' }, '/home/qa')).toBe('/home/qa/.androperator');
    expect(androperatorHome({}, '/home/qa')).toBe('/home/qa/.androperator');
  });
});

describe('parseDaemonRecord', () => {
  it('accepts a complete record', () => {
    expect(parseDaemonRecord({ ...RECORD })).toEqual(RECORD);
  });

  it.each([
    ['a missing url', { ...RECORD, url: undefined }],
    ['an https url', { ...RECORD, url: 'https://127.0.0.1:3000' }],
    ['a url with a path', { ...RECORD, url: 'http://127.0.0.1:3000/x' }],
    ['a trailing slash', { ...RECORD, url: 'http://127.0.0.1:3000/' }],
    ['a short token', { ...RECORD, token: 'short' }],
    ['a token with a space', { ...RECORD, token: 'test token 0123456789abcdef' }],
    ['a fractional pid', { ...RECORD, pid: 1.5 }],
    ['a zero pid', { ...RECORD, pid: 0 }],
    ['an empty version', { ...RECORD, version: '' }],
    ['a numeric startedAt', { ...RECORD, startedAt: 1 }],
  ])('rejects %s', (_name, value) => {
    expect(parseDaemonRecord(value)).toBeNull();
  });

  it('rejects non-objects', () => {
    expect(parseDaemonRecord(null)).toBeNull();
    expect(parseDaemonRecord([RECORD])).toBeNull();
  });
});

describe('writeDiscovery and readDiscovery', () => {
  it('round-trips the record in a 0700 directory with a 0600 file and no temporary left', async () => {
    const written = await writeDiscovery(home, RECORD);
    expect(written).toEqual({ ok: true, value: daemonFilePath(home) });
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect((await stat(daemonFilePath(home))).mode & 0o777).toBe(0o600);
    expect(await readdir(home)).toEqual(['daemon.json']);
    expect(await readDiscovery(home)).toEqual({ kind: 'found', record: RECORD });
  });

  it('replaces an existing record', async () => {
    await writeDiscovery(home, RECORD);
    await writeDiscovery(home, { ...RECORD, url: 'http://127.0.0.1:4000' });
    const read = await readDiscovery(home);
    expect(read.kind === 'found' && read.record.url).toBe('http://127.0.0.1:4000');
  });

  it('fails with FILE_WRITE_FAILED when the home cannot be created', async () => {
    await writeFile(join(directory, 'file'), 'x');
    const written = await writeDiscovery(join(directory, 'file', 'home'), RECORD);
    expect(written.ok).toBe(false);
    expect(!written.ok && written.error.code).toBe('FILE_WRITE_FAILED');
  });

  it('reports a missing file as no daemon', async () => {
    expect(await readDiscovery(home)).toEqual({ kind: 'absent', reason: 'no daemon is registered' });
  });

  it('ignores a file other users can read', async () => {
    await writeDiscovery(home, RECORD);
    await chmod(daemonFilePath(home), 0o644);
    const read = await readDiscovery(home);
    expect(read).toMatchObject({
      kind: 'absent',
      reason: expect.stringContaining('accessible to other users'),
    });
  });

  it('refuses a symlink at the discovery path', async () => {
    await writeDiscovery(join(directory, 'elsewhere'), RECORD);
    await writeDiscovery(home, RECORD);
    await rm(daemonFilePath(home));
    await symlink(daemonFilePath(join(directory, 'elsewhere')), daemonFilePath(home));
    const read = await readDiscovery(home);
    expect(read).toMatchObject({ kind: 'absent', reason: expect.stringContaining('ELOOP') });
  });

  it.each([
    ['invalid JSON', '{"url":', 'is not valid JSON'],
    [
      'a record without a token',
      JSON.stringify({ ...RECORD, token: undefined }),
      'does not describe a daemon',
    ],
  ])('ignores %s', async (_name, text, reason) => {
    await writeDiscovery(home, RECORD);
    await writeFile(daemonFilePath(home), text, { mode: 0o600 });
    expect(await readDiscovery(home)).toMatchObject({
      kind: 'absent',
      reason: expect.stringContaining(reason),
    });
  });
});

describe('removeDiscovery', () => {
  it('removes the file only while it describes the given server', async () => {
    await writeDiscovery(home, { ...RECORD, pid: 999_999 });
    await removeDiscovery(home, { pid: process.pid, url: RECORD.url });
    await removeDiscovery(home, { pid: 999_999, url: 'http://127.0.0.1:4000' });
    expect((await readDiscovery(home)).kind).toBe('found');
    await removeDiscovery(home, { pid: 999_999, url: RECORD.url });
    expect((await readDiscovery(home)).kind).toBe('absent');
  });
});

describe('isProcessAlive', () => {
  it('is true for this process and false for one that exited', async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    const child = spawn(process.execPath, ['-e', '']);
    const pid = child.pid ?? 0;
    await new Promise((resolve) => child.once('exit', resolve));
    expect(isProcessAlive(pid)).toBe(false);
  });
});
