// `npm start`: builds when the sources changed, then the Electron console when Electron's binary is available, else
// the browser console (out/console/web.js).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { clearTimeout, setTimeout } from 'node:timers';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './ensureBuilt.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const PROBE_TIMEOUT_MS = 10 * 60_000;

/**
 * The Electron executable, or undefined. Why a child process: require('electron') throws when the binary was never
 * downloaded, but first tries to download it and prints that attempt (a stack trace when offline) to the terminal.
 */
function findElectron() {
  return new Promise((done) => {
    const probe = spawn(process.execPath, ['-e', "process.stdout.write(String(require('electron')))"], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let path = '';
    probe.stdout.setEncoding('utf8').on('data', (chunk) => (path += chunk));
    probe.stderr.resume();
    // On a first start with network access the package downloads the binary now; say why we wait.
    const notice = setTimeout(
      () => console.error('Fetching the Electron binary (first start only)...'),
      3000,
    );
    const deadline = setTimeout(() => probe.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    probe.on('error', () => undefined);
    probe.on('close', (code) => {
      clearTimeout(notice);
      clearTimeout(deadline);
      done(code === 0 && path !== '' && existsSync(path) ? path : undefined);
    });
  });
}

function hasDisplay() {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

async function serveBrowserConsole() {
  // Same process: web.js reads these arguments and handles SIGINT/SIGTERM itself.
  await import(pathToFileURL(join(root, 'out', 'console', 'web.js')).href);
}

// Builds only when the sources changed since the last build (one line when they did not).
if (!(await ensureBuilt(root))) process.exit(1);
const electron = await findElectron();
if (electron === undefined) {
  console.error(
    'Electron is not available on this machine (its binary was not downloaded); serving the browser console instead.',
  );
  await serveBrowserConsole();
} else if (!hasDisplay()) {
  console.error(
    'Electron cannot open a window here (no DISPLAY or WAYLAND_DISPLAY); serving the browser console instead.',
  );
  await serveBrowserConsole();
} else {
  // The project folder, not out/main/index.js: Electron then takes the app's name, version and "main" from package.json.
  const child = spawn(electron, [root, ...args], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('close', (code, signal) => {
    process.exitCode = code ?? 128 + (constants.signals[signal] ?? 0);
  });
}
