// Proves the folder boundaries are enforced by `npm run lint`: each fixture is linted as if it were a file at that
// path in src/, with the project's own eslint.config.js.
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { LAYERS, TOP_LEVEL } from './layers.js';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2)
    .map((message) => `${message.ruleId ?? ''}: ${message.message}`);
}

describe('folder boundaries in lint', () => {
  it('refuses a simulator module importing the console', async () => {
    const errors = await ruleErrors(
      'src/simulator/fixture.ts',
      "export { AdbHub } from '../main/devices/hub';\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/simulator may import only/),
    ]);
  });

  it('refuses a lower layer of src/main importing a higher one, and allows the reverse', async () => {
    const upward = await ruleErrors(
      'src/main/devices/fixture.ts',
      "export { runSequence } from '../sequence/runSequence';\n",
    );
    expect(upward).toEqual([expect.stringMatching(/src\/main\/devices is in layer 1 of src\/main/)]);
    const sameLayer = await ruleErrors(
      'src/main/devices/fixture.ts',
      "export { exportRun } from '../evidence/exportRun';\n",
    );
    expect(sameLayer).toHaveLength(1);
    expect(
      await ruleErrors('src/main/sequence/fixture.ts', "export { AdbHub } from '../devices/hub';\n"),
    ).toEqual([]);
  });

  it('keeps test-support out of production code but not out of tests', async () => {
    const code = "export { bootSimulated } from '../../test-support/isolatedResolver';\n";
    expect(await ruleErrors('src/main/api/fixture.ts', code)).toEqual([
      expect.stringMatching(/src\/test-support holds test helpers/),
    ]);
    expect(await ruleErrors('src/main/api/fixture.test.ts', code)).toEqual([]);
  });

  it('keeps node modules out of the renderer and allows the lazy simulator port', async () => {
    const renderer = await ruleErrors(
      'src/renderer/src/fixture.ts',
      "export { createAdbClient } from '../../node/adb/adbkit';\n",
    );
    expect(renderer).toHaveLength(1);
    const lazy = "export const load = () => import('../../simulator/launch');\n";
    expect(await ruleErrors('src/main/api/simulatedPhone.ts', lazy)).toEqual([]);
    expect(await ruleErrors('src/main/api/other.ts', lazy)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: A relative import\(\) escapes/),
    ]);
  });

  it('refuses an import cycle', async () => {
    const code =
      "import { validateSetParams } from './execution/validateSetParams';\nexport const again = validateSetParams;\n";
    const errors = await ruleErrors('src/shared/errors.ts', code);
    expect(errors.some((error) => error.startsWith('import-x/no-cycle'))).toBe(true);
  });

  it('declares every folder of src/ and every subfolder of a layered folder', () => {
    const folders = readdirSync('src', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const declared = new Set([...Object.keys(TOP_LEVEL), 'test-support']);
    expect(folders.map((entry) => entry.name).filter((name) => !declared.has(name))).toEqual([]);
    for (const [folder, layers] of Object.entries(LAYERS)) {
      const members = new Set(layers.flat());
      const present = readdirSync(`src/${folder}`, { withFileTypes: true })
        .filter(
          (entry) => entry.isDirectory() || (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')),
        )
        .map((entry) => entry.name);
      expect({ folder, undeclared: present.filter((name) => !members.has(name)) }).toEqual({
        folder,
        undeclared: [],
      });
    }
  });
});
