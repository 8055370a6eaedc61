// Composition root of the Electron main process.
import { app, BrowserWindow } from 'electron';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { builtPaths, createConsoleWindow } from './window';

const mainDirectory = dirname(fileURLToPath(import.meta.url));

function openWindow(): void {
  const paths = builtPaths(mainDirectory);
  createConsoleWindow({
    rendererUrl: process.env.ELECTRON_RENDERER_URL ?? paths.rendererFile,
    preloadPath: paths.preloadPath,
  });
}

void app.whenReady().then(() => {
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
