// The one BrowserWindow factory: sandboxed, context-isolated, no Node in the page, no navigation or new windows;
// and the session's permission policy: nothing but the clipboard write the designer's Copy button uses.
import { BrowserWindow, shell, type Session } from 'electron';
import { join } from 'node:path';

/** Hosts a development renderer may be served from: this machine only. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The electron-vite dev server URL to load, or null to load the built renderer: only when unpackaged, and only a
 * plain http URL on a loopback host (its origin becomes a trusted IPC sender, so a remote page must never be it).
 */
export function devRendererUrl(value: string | undefined, packaged: boolean): string | null {
  if (packaged || value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

/** Permissions the console uses: `navigator.clipboard.writeText` (Copy JSON in the designer). */
const USED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Whether a page at `requestingUrl` gets `permission`: a used one, asked by our renderer; nothing else. */
export function permissionAllowed(
  permission: string,
  requestingUrl: string,
  isTrusted: (url: string) => boolean,
): boolean {
  return USED_PERMISSIONS.has(permission) && isTrusted(requestingUrl);
}

/** Denies every permission request and check the console does not use (camera, geolocation, notifications...). */
export function installPermissionPolicy(session: Session, isTrusted: (url: string) => boolean): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(permissionAllowed(permission, details.requestingUrl, isTrusted)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionAllowed(permission, details.requestingUrl ?? requestingOrigin, isTrusted),
  );
}

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
