// The Electron composition root with electron mocked (no binary here): IPC for every channel, one window, clean quit.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_CHANNELS } from '../shared/api/contract';
import { startIsolatedAdb, type IsolatedAdb } from '../test-support/isolatedAdb';

type Handler = (event: { senderFrame: { url: string } | null }, input?: unknown) => Promise<unknown>;
type PermissionRequest = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;

const electron = vi.hoisted(() => {
  const state = {
    handlers: new Map<string, Handler>(),
    appListeners: new Map<string, (event: { preventDefault(): void }) => void>(),
    windows: [] as Array<{ options: { webPreferences: Record<string, unknown> }; loaded: string }>,
    quits: 0,
    permissionRequest: undefined as PermissionRequest | undefined,
  };
  class BrowserWindow {
    loaded = '';
    readonly webContents = {
      send: () => undefined,
      isDestroyed: () => false,
      setWindowOpenHandler: () => undefined,
      on: () => undefined,
    };
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      state.windows.push(this);
    }
    once(): void {}
    isDestroyed(): boolean {
      return false;
    }
    loadFile(path: string): Promise<void> {
      this.loaded = path;
      return Promise.resolve();
    }
    loadURL(url: string): Promise<void> {
      this.loaded = url;
      return Promise.resolve();
    }
    static getAllWindows(): unknown[] {
      return state.windows;
    }
  }
  const module = {
    app: {
      isPackaged: true,
      whenReady: () => Promise.resolve(),
      on: (event: string, listener: (event: { preventDefault(): void }) => void) =>
        void state.appListeners.set(event, listener),
      quit: () => void (state.quits += 1),
      exit: () => undefined,
    },
    BrowserWindow,
    ipcMain: {
      handle: (channel: string, handler: Handler) => void state.handlers.set(channel, handler),
      removeHandler: (channel: string) => void state.handlers.delete(channel),
    },
    shell: { openExternal: () => Promise.resolve() },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: PermissionRequest) => void (state.permissionRequest = handler),
        setPermissionCheckHandler: () => undefined,
      },
    },
  };
  return { state, module };
});

vi.mock('electron', () => electron.module);

let adb: IsolatedAdb;
let home: string;
const savedEnv = { ...process.env };
const signals = ['SIGINT', 'SIGTERM'] as const;
const listenersBefore = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
const { state } = electron;
const rendererUrl = pathToFileURL(
  join(dirname(fileURLToPath(import.meta.url)), '..', 'renderer', 'index.html'),
).href;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  home = await mkdtemp(join(tmpdir(), 'androperator-electron-'));
  Object.assign(process.env, { ANDROPERATOR_HOME: home, ANDROID_ADB_SERVER_PORT: String(adb.port) });
  process.argv.push('--no-simulator');
  await import('./index');
  await vi.waitFor(() => expect(state.windows).toHaveLength(1), { timeout: 10_000 });
});

afterAll(async () => {
  // index.ts quits the app on these signals; the test worker must keep its own behaviour.
  for (const signal of signals)
    for (const listener of process.listeners(signal))
      if (!listenersBefore.get(signal)?.includes(listener)) process.off(signal, listener);
  process.argv.splice(process.argv.indexOf('--no-simulator'), 1);
  process.env = savedEnv;
  await adb?.stop();
  await rm(home, { recursive: true, force: true });
});

describe('the Electron main process', () => {
  it('opens one sandboxed window on the built renderer with the CommonJS preload', () => {
    const [window] = state.windows;
    expect(window?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect(String(window?.options.webPreferences['preload'])).toMatch(/preload[/\\]index\.cjs$/);
    expect(pathToFileURL(window?.loaded ?? '').href).toBe(rendererUrl);
  });

  it('answers every channel for the renderer page only', async () => {
    expect([...state.handlers.keys()].sort()).toEqual([...CONSOLE_CHANNELS].sort());
    const info = state.handlers.get('app:info');
    expect(await info?.({ senderFrame: { url: rendererUrl } }, {})).toMatchObject({
      ok: true,
      value: { shell: 'electron', evidenceDirectory: join(home, 'evidence') },
    });
    expect(await info?.({ senderFrame: { url: 'https://example.com/' } }, {})).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(await state.handlers.get('devices:list')?.({ senderFrame: { url: rendererUrl } })).toEqual({
      ok: true,
      value: [],
    });
  });

  it('denies the renderer every permission but the clipboard write, before the window opens', () => {
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'clipboard-sanitized-write'])
      state.permissionRequest?.(null, permission, (granted) => answers.push(granted), {
        requestingUrl: rendererUrl,
      });
    expect(answers).toEqual([false, false, true]);
  });

  it('holds the first quit until the services are closed, then quits', async () => {
    let prevented = 0;
    state.appListeners.get('before-quit')?.({ preventDefault: () => void (prevented += 1) });
    expect(prevented).toBe(1);
    expect(state.handlers.size).toBe(0);
    await vi.waitFor(() => expect(state.quits).toBe(1));
    state.appListeners.get('before-quit')?.({ preventDefault: () => void (prevented += 1) });
    expect(prevented).toBe(1);
  });
});
