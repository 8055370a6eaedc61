import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataFolder, type FolderContext } from './dataFolder';
import {
  describeMigration,
  LEFT_BEHIND_NOTE,
  migrateLegacyFolder,
  MIGRATION_MARKER,
  openDataFolder,
} from './legacyMigration';

let home: string;
let context: FolderContext;
let legacy: string;
let data: string;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'androperator-migrate-'));
  // A temporary HOME and XDG folders: the real home is never read or written.
  context = {
    env: { XDG_DATA_HOME: join(home, 'xdg-data'), XDG_CONFIG_HOME: join(home, 'xdg-config') },
    platform: 'linux',
    homedir: home,
  };
  legacy = join(home, '.androperator');
  data = dataFolder(context);
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

async function writeLegacy(): Promise<void> {
  await mkdir(join(legacy, 'screenshots'), { recursive: true });
  await mkdir(join(legacy, 'daemons'), { recursive: true });
  await writeFile(join(legacy, 'serve-token'), 'token-of-an-earlier-release\n', { mode: 0o600 });
  await writeFile(join(legacy, 'screenshots', 'shot-1.png'), 'png bytes');
  await writeFile(join(legacy, 'daemons', '123-3000.json'), '{}');
}

describe('migrateLegacyFolder', () => {
  it('moves every entry of ~/.androperator into the data folder once and removes the emptied old folder', async () => {
    await writeLegacy();
    const report = await migrateLegacyFolder(context);
    expect(report).toEqual({ from: legacy, to: data, moved: ['screenshots', 'serve-token'], kept: [] });
    expect(await readFile(join(data, 'serve-token'), 'utf8')).toBe('token-of-an-earlier-release\n');
    expect((await stat(join(data, 'serve-token'))).mode & 0o777).toBe(0o600);
    expect(await readFile(join(data, 'screenshots', 'shot-1.png'), 'utf8')).toBe('png bytes');
    // Discovery entries belong to processes of the old release: they are not carried over.
    await expect(stat(join(data, 'daemons'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(legacy)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(JSON.parse(await readFile(join(data, MIGRATION_MARKER), 'utf8'))).toMatchObject({
      moved: ['screenshots', 'serve-token'],
    });
    expect(describeMigration(report!)).toBe(
      `data folder is now ${data}: from ${legacy} moved screenshots, serve-token`,
    );
  });

  it('never migrates twice: an old folder that reappears later is left alone', async () => {
    await writeLegacy();
    await migrateLegacyFolder(context);
    await mkdir(legacy);
    await writeFile(join(legacy, 'serve-token'), 'written by an old release again\n');
    expect(await migrateLegacyFolder(context)).toBeUndefined();
    expect(await readFile(join(legacy, 'serve-token'), 'utf8')).toBe('written by an old release again\n');
    expect(await readFile(join(data, 'serve-token'), 'utf8')).toBe('token-of-an-earlier-release\n');
  });

  it('does not clobber an entry the data folder already has: it stays in the old folder with a note', async () => {
    await writeLegacy();
    await mkdir(data, { recursive: true });
    await writeFile(join(data, 'serve-token'), 'the new token\n');
    const report = await migrateLegacyFolder(context);
    expect(report).toMatchObject({ moved: ['screenshots'], kept: ['serve-token'] });
    expect(await readFile(join(data, 'serve-token'), 'utf8')).toBe('the new token\n');
    expect(await readFile(join(legacy, 'serve-token'), 'utf8')).toBe('token-of-an-earlier-release\n');
    expect(await readFile(join(legacy, LEFT_BEHIND_NOTE), 'utf8')).toContain('serve-token');
    expect(describeMigration(report!)).toContain(`kept serve-token in ${legacy}`);
  });

  it('finishes a move an earlier start was interrupted in: partial copies are dropped, nothing is lost', async () => {
    await writeLegacy();
    // An earlier start moved the token and crashed while copying screenshots across file systems.
    await mkdir(join(data, 'screenshots.migrating'), { recursive: true });
    await writeFile(join(data, 'screenshots.migrating', 'half.png'), 'half');
    const report = await migrateLegacyFolder(context);
    expect(report?.moved).toEqual(['screenshots', 'serve-token']);
    expect((await readdir(data)).sort()).toEqual([MIGRATION_MARKER, 'screenshots', 'serve-token']);
    expect(await readdir(join(data, 'screenshots'))).toEqual(['shot-1.png']);
  });

  it('does nothing under ANDROPERATOR_HOME or without an old folder', async () => {
    await writeLegacy();
    const portable = { ...context, env: { ...context.env, ANDROPERATOR_HOME: join(home, 'portable') } };
    expect(await migrateLegacyFolder(portable)).toBeUndefined();
    expect(await readdir(legacy)).toContain('serve-token');
    await rm(legacy, { recursive: true });
    expect(await migrateLegacyFolder(context)).toBeUndefined();
    await expect(stat(data)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('openDataFolder', () => {
  it('says what was moved and returns the paths', async () => {
    await writeLegacy();
    const logged: string[] = [];
    const paths = await openDataFolder(context, (line) => logged.push(line));
    expect(paths.serveToken).toBe(join(data, 'serve-token'));
    expect(paths.adbServers).toBe(join(home, 'xdg-config', 'androperator', 'adb-servers.json'));
    expect(logged).toEqual([`data folder is now ${data}: from ${legacy} moved screenshots, serve-token`]);
    expect(await openDataFolder(context, (line) => logged.push(line))).toEqual(paths);
    expect(logged).toHaveLength(1);
  });
});
