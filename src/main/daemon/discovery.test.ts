// The discovery file: atomic private writes, and reads that refuse anything another user could have planted.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  discoveryEntryPath,
  forgetDiscovery,
  isProcessAlive,
  listDiscovery,
  parseDaemonRecord,
  readDiscovery,
  removeDiscovery,
  writeDiscovery,
  type DaemonRecord,
} from './discovery';
import { daemonDirectory } from '../../node/env/dataFolder';

const RECORD: DaemonRecord = {
  url: 'http://127.0.0.1:3000',
  token: 'test-token-0123456789abcdef',
  pid: process.pid,
  version: '0.1.0',
  startedAt: '2026-01-01T00:00:00.000Z',
};
/** A second server of this process, started later on another port. */
const LATER: DaemonRecord = {
  ...RECORD,
  url: 'http://127.0.0.1:4000',
  startedAt: '2026-01-01T00:05:00.000Z',
};
const entryPath = (record: DaemonRecord = RECORD): string => discoveryEntryPath(home, record);

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid ?? 0;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

let directory: string;
let home: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-discovery-'));
  home = join(directory, 'home');
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
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
    expect(written).toEqual({ ok: true, value: join(daemonDirectory(home), `${process.pid}-3000.json`) });
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect((await stat(daemonDirectory(home))).mode & 0o777).toBe(0o700);
    expect((await stat(entryPath())).mode & 0o777).toBe(0o600);
    expect(await readdir(daemonDirectory(home))).toEqual([`${process.pid}-3000.json`]);
    expect(await readDiscovery(home)).toEqual({ kind: 'found', record: RECORD });
  });

  it('replaces the record of the same server', async () => {
    await writeDiscovery(home, RECORD);
    await writeDiscovery(home, { ...RECORD, startedAt: LATER.startedAt });
    expect(await listDiscovery(home)).toEqual({
      records: [{ ...RECORD, startedAt: LATER.startedAt }],
      skipped: [],
    });
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
    await chmod(entryPath(), 0o644);
    const read = await readDiscovery(home);
    expect(read).toMatchObject({
      kind: 'absent',
      reason: expect.stringContaining('accessible to other users'),
    });
  });

  it('ignores a discovery folder other users can write', async () => {
    await writeDiscovery(home, RECORD);
    await chmod(daemonDirectory(home), 0o777);
    expect(await readDiscovery(home)).toMatchObject({
      kind: 'absent',
      reason: expect.stringContaining('writable by other users'),
    });
  });

  it('refuses a symlink at an entry path', async () => {
    const elsewhere = join(directory, 'elsewhere');
    await writeDiscovery(elsewhere, RECORD);
    await writeDiscovery(home, RECORD);
    await rm(entryPath());
    await symlink(discoveryEntryPath(elsewhere, RECORD), entryPath());
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
    await writeFile(entryPath(), text, { mode: 0o600 });
    expect(await readDiscovery(home)).toMatchObject({
      kind: 'absent',
      reason: expect.stringContaining(reason),
    });
  });
});

describe('several servers', () => {
  it('lists every live server, newest first; stopping the newest leaves the older one registered', async () => {
    await writeDiscovery(home, RECORD);
    await writeDiscovery(home, LATER);
    expect(await listDiscovery(home)).toEqual({ records: [LATER, RECORD], skipped: [] });
    expect(await readDiscovery(home)).toEqual({ kind: 'found', record: LATER });
    await removeDiscovery(home, LATER);
    expect(await readDiscovery(home)).toEqual({ kind: 'found', record: RECORD });
    await removeDiscovery(home, RECORD);
    expect(await readDiscovery(home)).toEqual({ kind: 'absent', reason: 'no daemon is registered' });
  });

  it('removes the entry of a process that is gone and keeps the live ones', async () => {
    const gone = { ...LATER, pid: await deadPid() };
    await writeDiscovery(home, RECORD);
    await writeDiscovery(home, gone);
    expect(await listDiscovery(home)).toEqual({
      records: [RECORD],
      skipped: [`daemon pid ${gone.pid} is gone`],
    });
    expect(await readdir(daemonDirectory(home))).toEqual([`${process.pid}-3000.json`]);
  });

  it('forgets an entry only while it still describes the same start', async () => {
    await writeDiscovery(home, RECORD);
    await forgetDiscovery(home, { ...RECORD, startedAt: LATER.startedAt });
    expect((await readDiscovery(home)).kind).toBe('found');
    await forgetDiscovery(home, RECORD);
    expect((await readDiscovery(home)).kind).toBe('absent');
  });
});

describe('isProcessAlive', () => {
  it('is true for this process and false for one that exited', async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(await deadPid())).toBe(false);
  });
});
