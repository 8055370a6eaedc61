import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReason, OUTPUTS, recordBuild } from './buildFreshness.mjs';

let root: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'androperator-freshness-'));
  await put('package.json', '{}');
  await put('src/main/web.ts', 'export {};');
  for (const output of OUTPUTS) await put(output, 'built');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('buildReason', () => {
  it('asks for a build until one is recorded, then not until a source changes', async () => {
    expect(await buildReason(root)).toBe('no build was recorded yet');
    await recordBuild(root);
    expect(await buildReason(root)).toBeNull();
    const later = new Date(Date.now() + 5000);
    await utimes(join(root, 'src/main/web.ts'), later, later);
    expect(await buildReason(root)).toBe('sources changed since the last build');
    await recordBuild(root);
    await put('src/main/new.ts', 'export {};');
    expect(await buildReason(root)).toBe('sources changed since the last build');
    await recordBuild(root);
    await put('src/main/web.test.ts', 'it.todo("x");');
    expect(await buildReason(root)).toBeNull();
  });

  it('asks for a build when an output is missing, whatever the record says', async () => {
    await recordBuild(root);
    await rm(join(root, 'out/console/web.js'));
    expect(await buildReason(root)).toBe('out/console/web.js is missing');
  });
});
