// Builds the console only when its sources changed since the last build (`npm start`, `npm run web`). The build's
// own output goes to out/build.log and is shown only when it fails, so the console's address stays in view.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReason, recordBuild, sourceFingerprint } from './buildFreshness.mjs';

const LOG = 'out/build.log';

/** Resolves true when the build is current (built now or before); prints one line either way. */
export async function ensureBuilt(root, { force = false } = {}) {
  const reason = force ? 'a build was asked for' : await buildReason(root);
  if (reason === null) {
    console.error('androperator: build is up to date (sources unchanged since the last build).');
    return true;
  }
  // The inputs as they are when the build starts: an edit during the build makes the next start build again.
  const fingerprint = await sourceFingerprint(root);
  console.error(`androperator: building (${reason}); output in ${LOG} ...`);
  await mkdir(join(root, 'out'), { recursive: true });
  const log = createWriteStream(join(root, LOG));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const code = await new Promise((done) => {
    const child = spawn(npm, ['run', 'build'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (error) => {
      log.write(`${error.message}\n`);
      done(1);
    });
    child.on('close', (exitCode) => done(exitCode ?? 1));
  });
  await new Promise((done) => log.end(done));
  if (code !== 0) {
    const text = await readFile(join(root, LOG), 'utf8').catch(() => '');
    console.error(text.split('\n').slice(-40).join('\n'));
    console.error(`androperator: the build failed (exit code ${code}); the full output is in ${LOG}.`);
    return false;
  }
  await recordBuild(root, fingerprint);
  console.error('androperator: build done.');
  return true;
}

// Run directly (`node scripts/ensureBuilt.mjs [--force]`): exit code 1 when the build failed.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const built = await ensureBuilt(root, { force: process.argv.includes('--force') });
  if (!built) process.exitCode = 1;
}
