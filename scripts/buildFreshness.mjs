// Whether `npm start` must build: a fingerprint (path, size, mtime) of every build input, compared with the one
// written after the last successful build. Unchanged sources and every output present: no build.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/** Folders whose files are bundled, and the root files that decide how. */
export const INPUT_FOLDERS = ['src', 'bench'];
export const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'electron.vite.config.ts',
  'tsconfig.json',
  'scripts/build-node.mjs',
];
/** What `npm start` and `npm run web` load; a missing one means "build". */
export const OUTPUTS = [
  'out/main/index.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
  'out/console/web.js',
  'out/cli/androperator.js',
];
export const STAMP = 'out/.sources-fingerprint';
const TEST_FILE = /\.test\.tsx?$/;

async function filesUnder(folder) {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(path)));
    // Tests are not bundled: editing one needs no build.
    else if (entry.isFile() && !TEST_FILE.test(entry.name)) files.push(path);
  }
  return files;
}

/** The fingerprint of the build inputs under `root`. */
export async function sourceFingerprint(root) {
  const files = [];
  for (const folder of INPUT_FOLDERS) files.push(...(await filesUnder(join(root, folder))));
  for (const file of INPUT_FILES) files.push(join(root, file));
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    const facts = await stat(file).catch(() => undefined);
    hash.update(`${relative(root, file)}\0${facts === undefined ? '-' : `${facts.size}:${facts.mtimeMs}`}\n`);
  }
  return hash.digest('hex');
}

/** Why a build is needed, or null when the last build is current. */
export async function buildReason(root) {
  for (const output of OUTPUTS) {
    const present = await stat(join(root, output)).then(
      () => true,
      () => false,
    );
    if (!present) return `${output} is missing`;
  }
  const recorded = await readFile(join(root, STAMP), 'utf8').catch(() => undefined);
  if (recorded === undefined) return 'no build was recorded yet';
  return recorded.trim() === (await sourceFingerprint(root)) ? null : 'sources changed since the last build';
}

/** Records the current inputs as built (after a successful build). */
export async function recordBuild(root, fingerprint) {
  const path = join(root, STAMP);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${fingerprint ?? (await sourceFingerprint(root))}\n`);
}
