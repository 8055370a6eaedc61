import { tmpdir } from 'node:os';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkScreenshotPathSyntax,
  checkScreenshotTarget,
  managedScreenshotPath,
  screenshotPathFor,
} from './paths';

describe('screenshot paths', () => {
  it('names managed files androperator-screenshot-<commandId>-<epochMs>.png', () => {
    expect(managedScreenshotPath('/shots', 'cmd-1', 1700000000123)).toBe(
      '/shots/androperator-screenshot-cmd-1-1700000000123.png',
    );
  });

  it('makes a commandId file-name safe', () => {
    expect(managedScreenshotPath('/shots', '../a/b:c d', 5)).toBe(
      '/shots/androperator-screenshot-.._a_b_c_d-5.png',
    );
  });

  it('uses os.tmpdir() without a screenshot directory', () => {
    expect(screenshotPathFor(undefined, { commandId: 'c', epochMs: 1 })).toBe(
      `${tmpdir()}/androperator-screenshot-c-1.png`,
    );
  });

  it('keeps a caller path as given, and uses the screenshot directory otherwise', () => {
    const context = { commandId: 'c', epochMs: 1, screenshotDirectory: '/shots' };
    expect(screenshotPathFor('/abs/x.png', context)).toBe('/abs/x.png');
    expect(screenshotPathFor(undefined, context)).toBe('/shots/androperator-screenshot-c-1.png');
  });
});

describe('checkScreenshotPathSyntax', () => {
  it.each(['/abs/x.png', '/abs/X.PNG', '/a b/ünï.png', '/abs/..x.png'])('accepts %j', (path) => {
    expect(checkScreenshotPathSyntax(path)).toEqual({ ok: true, value: path });
  });

  it.each([
    ['x.png', 'not_absolute'],
    ['./x.png', 'not_absolute'],
    ['../x.png', 'not_absolute'],
    ['/abs/../x.png', 'dot_segment'],
    ['/abs/./x.png', 'dot_segment'],
    ['/abs/..', 'dot_segment'],
    ['/abs/notes.txt', 'not_png'],
    ['/abs/x.png/', 'not_png'],
    ['/abs/x.png\u0000.txt', 'nul'],
  ])('refuses %j as INVALID_PATH (%s)', (path, reason) => {
    const checked = checkScreenshotPathSyntax(path);
    expect(checked.ok ? undefined : checked.error).toMatchObject({
      code: 'INVALID_PATH',
      details: { reason },
    });
  });
});

describe('checkScreenshotTarget', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'androperator-target-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('accepts an absent file, and an existing regular file only with overwrite', async () => {
    const path = join(directory, 'x.png');
    expect((await checkScreenshotTarget(path, false)).ok).toBe(true);
    await writeFile(path, 'text');
    const refused = await checkScreenshotTarget(path, false);
    expect(refused.ok ? undefined : refused.error).toMatchObject({
      code: 'INVALID_PATH',
      details: { path, reason: 'exists' },
    });
    expect((await checkScreenshotTarget(path, true)).ok).toBe(true);
  });

  it('refuses a directory and a symbolic link (even a dangling one), with or without overwrite', async () => {
    const folder = join(directory, 'folder.png');
    const dangling = join(directory, 'dangling.png');
    await mkdir(folder);
    await symlink(join(directory, 'nowhere'), dangling);
    for (const overwrite of [false, true]) {
      expect(await checkScreenshotTarget(folder, overwrite)).toMatchObject({
        ok: false,
        error: { details: { reason: 'not_a_file' } },
      });
      expect(await checkScreenshotTarget(dangling, overwrite)).toMatchObject({
        ok: false,
        error: { details: { reason: 'symlink' } },
      });
    }
  });
});
