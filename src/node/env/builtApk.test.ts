import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtOperatorApk, checkoutRootOf } from './builtApk';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'built-apk-'));
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'androperator-console' }));
  await mkdir(join(root, 'out', 'main', 'chunks'), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('builtOperatorApk', () => {
  it('finds the checkout above a bundle and its built APK, release before debug', async () => {
    const from = join(root, 'out', 'main', 'chunks');
    expect(checkoutRootOf(from)).toBe(root);
    expect(builtOperatorApk(from)).toBeUndefined();
    await mkdir(join(root, 'out', 'apk'));
    await writeFile(join(root, 'out', 'apk', 'androperator-operator-debug.apk'), 'apk');
    expect(builtOperatorApk(from)).toBe(join(root, 'out', 'apk', 'androperator-operator-debug.apk'));
    await writeFile(join(root, 'out', 'apk', 'androperator-operator-release.apk'), 'apk');
    expect(builtOperatorApk(from)).toBe(join(root, 'out', 'apk', 'androperator-operator-release.apk'));
  });

  it("ignores another project's package.json", async () => {
    const inner = join(root, 'vendor', 'other');
    await mkdir(inner, { recursive: true });
    await writeFile(join(inner, 'package.json'), JSON.stringify({ name: 'other' }));
    expect(checkoutRootOf(inner)).toBe(root);
  });
});
