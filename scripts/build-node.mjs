// Bundles the Node entry points with esbuild: the CLI to out/cli/androperator.js, the browser console to
// out/console/web.js, and each bench/*.ts to out/bench/.
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Why: ESM bundles have no `require`, yet bundled code may still call it (e.g. CommonJS dependencies' helpers).
const requireBanner =
  "import { createRequire as __androperatorCreateRequire } from 'node:module';\n" +
  'const require = __androperatorCreateRequire(import.meta.url);';

const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  banner: { js: requireBanner },
  logLevel: 'warning',
  write: false,
};

async function benchEntries() {
  const names = await readdir(join(root, 'bench')).catch((error) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => ({ in: join('bench', name), out: name.slice(0, -'.ts'.length) }));
}

// Why write-then-rename: a test run may spawn the CLI while another run rebuilds it; readers never see a partial file.
async function writeAtomically(outputFiles) {
  for (const file of outputFiles) {
    await mkdir(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
}

const bench = await benchEntries();
try {
  const results = await Promise.all([
    build({ ...shared, entryPoints: ['src/cli/main.ts'], outfile: 'out/cli/androperator.js' }),
    build({ ...shared, entryPoints: ['src/main/web.ts'], outfile: 'out/console/web.js' }),
    bench.length === 0 ? { outputFiles: [] } : build({ ...shared, entryPoints: bench, outdir: 'out/bench' }),
  ]);
  await writeAtomically(results.flatMap((result) => result.outputFiles));
  console.log(
    `build-node: out/cli/androperator.js, out/console/web.js and ${bench.length} bench bundle(s) in out/bench`,
  );
} catch (error) {
  // esbuild has already printed its own errors; anything else is reported here.
  if (!Array.isArray(error?.errors)) console.error(error);
  process.exitCode = 1;
}
