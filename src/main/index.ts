// Composition root of the Electron main process: the shared console services, IPC, and the one window.
import { app, BrowserWindow, ipcMain, session } from 'electron';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDataFolder } from '../node/env/legacyMigration';
import { createConsoleServices } from './api/services';
import { forwardConsoleEvents, registerConsoleIpc } from './ipc/register';
import { trustedRendererUrl } from './ipc/trustedSender';
import { InFlightCalls } from './serve/shutdown';
import { builtPaths, createConsoleWindow, devRendererUrl, installPermissionPolicy } from './window';

const log = (message: string): void => void process.stderr.write(`androperator console: ${message}\n`);
const paths = builtPaths(dirname(fileURLToPath(import.meta.url)));
// The dev server only in development and only on loopback: a packaged app never loads the renderer over http.
const devServerUrl = devRendererUrl(process.env.ELECTRON_RENDERER_URL, app.isPackaged) ?? undefined;
if (devServerUrl === undefined && !app.isPackaged && process.env.ELECTRON_RENDERER_URL !== undefined)
  log('ignoring ELECTRON_RENDERER_URL: only an http:// URL on 127.0.0.1, [::1] or localhost is loaded');
let window: BrowserWindow | undefined;

function openWindow(): void {
  window = createConsoleWindow({
    rendererUrl: devServerUrl ?? paths.rendererFile,
    preloadPath: paths.preloadPath,
  });
}

function currentContents() {
  return window !== undefined && !window.isDestroyed() ? window.webContents : undefined;
}

async function main(): Promise<void> {
  await app.whenReady();
  // Before anything reads or writes it: ~/.androperator of earlier releases moves into the data folder once.
  await openDataFolder({ env: process.env, platform: process.platform, homedir: homedir() }, log);
  const services = await createConsoleServices({
    shell: 'electron',
    simulator: !process.argv.includes('--no-simulator'),
    log,
  });
  const isTrusted = trustedRendererUrl({
    rendererFile: paths.rendererFile,
    ...(devServerUrl === undefined ? {} : { devServerUrl }),
  });
  installPermissionPolicy(session.defaultSession, isTrusted);
  // Counted so a quit lets the device calls in flight finish and answer before the services close.
  const calls = new InFlightCalls();
  const unregister = registerConsoleIpc(ipcMain, {
    api: calls.track(services.api),
    isTrustedSender: isTrusted,
    onError: (error, channel) =>
      log(`${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  const stopForwarding = forwardConsoleEvents(services.events, currentContents);
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  // The window opens at once; the device list (and the simulated phone, if any) arrives as devices:changed.
  void services.start();

  let cleaned = false;
  app.on('before-quit', (event) => {
    if (cleaned) return;
    // Hold the quit until the simulated phone is detached from adb and the hub is stopped.
    event.preventDefault();
    cleaned = true;
    // No new calls; the ones in flight end within their own timeout and are answered, then the devices close.
    unregister();
    // A prompt no window can answer any more would hold the quit until it times out.
    services.approvals.refuseAll('the console is closing');
    void calls
      .settled()
      .then(() => {
        stopForwarding();
        return services.close();
      })
      .finally(() => app.quit());
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

main().catch((error: unknown) => {
  log(`could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  app.exit(1);
});
