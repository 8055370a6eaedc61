// The one BrowserWindow factory: sandboxed, context-isolated, no Node in the page, no navigation or new windows.
import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';

export interface WindowOptions {
  /** The renderer entry: a file path (packaged) or an http URL on 127.0.0.1 (development). */
  rendererUrl: string;
  preloadPath: string;
}

export function createConsoleWindow(options: WindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1280,
    minHeight: 800,
    show: false,
    title: 'androperator console',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  // Links open in the user's browser, never inside the console.
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  if (options.rendererUrl.startsWith('http')) void window.loadURL(options.rendererUrl);
  else void window.loadFile(options.rendererUrl);
  return window;
}

/** Paths of the built preload and renderer, relative to out/main. */
export function builtPaths(mainDirectory: string): { preloadPath: string; rendererFile: string } {
  return {
    preloadPath: join(mainDirectory, '../preload/index.cjs'),
    rendererFile: join(mainDirectory, '../renderer/index.html'),
  };
}
