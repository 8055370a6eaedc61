import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { managedScreenshotPath, screenshotPathFor } from './paths';

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

  it('keeps absolute paths and resolves relative ones against cwd', () => {
    const context = { commandId: 'c', epochMs: 1, screenshotDirectory: '/shots', cwd: '/work/here' };
    expect(screenshotPathFor('/abs/x.png', context)).toBe('/abs/x.png');
    expect(screenshotPathFor('out/x.png', context)).toBe('/work/here/out/x.png');
    expect(screenshotPathFor(undefined, context)).toBe('/shots/androperator-screenshot-c-1.png');
  });
});
