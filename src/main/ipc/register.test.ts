import { describe, expect, it } from 'vitest';
import { CONSOLE_CHANNELS, type ConsoleApi } from '../../shared/api/contract';
import { ok } from '../../shared/errors';
import { ConsoleEventBus } from '../api/events';
import { forwardConsoleEvents, registerConsoleIpc, type IpcInvokeEvent, type IpcMainLike } from './register';

const TRUSTED = 'file:///app/out/renderer/index.html';

/** Records handlers like ipcMain does and lets the test invoke them as a frame would. */
class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>>();

  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  invoke(channel: string, frameUrl: string | null, input?: unknown): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (handler === undefined) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, input);
  }
}

/** An API whose every channel records its input and answers ok(channel). */
function recordingApi(calls: Array<[string, unknown]>): ConsoleApi {
  const entries = CONSOLE_CHANNELS.map((channel) => [
    channel,
    async (input: unknown) => {
      calls.push([channel, input]);
      return ok(channel);
    },
  ]);
  // Why the cast: the fake answers every channel with the same shape; only the wiring is under test.
  return Object.fromEntries(entries) as unknown as ConsoleApi;
}

function setup() {
  const ipcMain = new FakeIpcMain();
  const calls: Array<[string, unknown]> = [];
  const unregister = registerConsoleIpc(ipcMain, {
    api: recordingApi(calls),
    isTrustedSender: (url) => url === TRUSTED,
  });
  return { ipcMain, calls, unregister };
}

describe('registerConsoleIpc', () => {
  it('registers one handler per channel and removes them all again', () => {
    const { ipcMain, unregister } = setup();
    expect([...ipcMain.handlers.keys()]).toEqual([...CONSOLE_CHANNELS]);
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('calls the API for the console page with the re-validated input', async () => {
    const { ipcMain, calls } = setup();
    expect(await ipcMain.invoke('evidence:list', TRUSTED, { limit: 5 })).toEqual({
      ok: true,
      value: 'evidence:list',
    });
    expect(await ipcMain.invoke('devices:list', TRUSTED)).toEqual({ ok: true, value: 'devices:list' });
    expect(
      await ipcMain.invoke('presets:save', TRUSTED, { name: 'p', design: { text: 'x', textColor: '#fff' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED' },
    });
    expect(await ipcMain.invoke('evidence:list', TRUSTED, { limit: '5' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_BODY' },
    });
    expect(calls).toEqual([
      ['evidence:list', { limit: 5 }],
      ['devices:list', {}],
    ]);
  });

  it('refuses a foreign frame and a destroyed one without calling the API', async () => {
    const { ipcMain, calls } = setup();
    expect(await ipcMain.invoke('devices:list', 'https://evil.example/')).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: 'devices:list was called from a page that is not the console (https://evil.example/).',
        details: { channel: 'devices:list' },
      },
    });
    expect(await ipcMain.invoke('app:info', null)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(calls).toEqual([]);
  });
});

describe('forwardConsoleEvents', () => {
  it('sends each event under its name to a live window only, until unsubscribed', () => {
    const bus = new ConsoleEventBus();
    const sent: Array<[string, unknown]> = [];
    let destroyed = false;
    let present = true;
    const contents = {
      send: (channel: string, payload: unknown) => void sent.push([channel, payload]),
      isDestroyed: () => destroyed,
    };
    const stop = forwardConsoleEvents(bus, () => (present ? contents : undefined));
    bus.emit('devices:changed', []);
    destroyed = true;
    bus.emit('devices:changed', []);
    destroyed = false;
    present = false;
    bus.emit('devices:changed', []);
    present = true;
    stop();
    bus.emit('devices:changed', []);
    expect(sent).toEqual([['devices:changed', []]]);
  });
});
