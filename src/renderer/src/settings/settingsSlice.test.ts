import { mergeNotice } from './settingsSlice';
import { describe, expect, it } from 'vitest';
import type { AdbServerInfo, AppInfo } from '../../../shared/api/contract';
import { createFakeClient, createTestStore, settle } from '../../../test-support/rendererStore';

const info: AppInfo = {
  version: '0.1.0',
  shell: 'web',
  platform: 'linux',
  evidenceDirectory: '/home/qa/.androperator/evidence',
  settings: { simulatorWhenNoDevice: true, operatorPackage: 'com.androperator.operator', timeoutMs: 30000 },
};

const server = (address: string, reachable: boolean | undefined, deviceCount = 0): AdbServerInfo => {
  const [host = '', port = '0'] = address.split(':');
  return { server: address, host, port: Number(port), reachable, tracking: true, deviceCount };
};

function setup() {
  let servers: AdbServerInfo[] = [server('local', true, 2)];
  const client = createFakeClient({
    'app:info': () => ({ ok: true, value: info }),
    'settings:update': (patch) => ({ ok: true, value: { ...info.settings, ...patch } }),
    'devices:servers': () => ({ ok: true, value: servers }),
    'devices:addServer': ({ address }) => {
      servers = [...servers, server(address, false)];
      return { ok: true, value: servers };
    },
    'devices:removeServer': ({ address }) => {
      servers = servers.filter((item) => item.server !== address);
      return { ok: true, value: servers };
    },
  });
  return { client, ...createTestStore(client) };
}

describe('settings slice', () => {
  it('sends only the patch it is given and keeps the saved settings in appInfo', async () => {
    const { client, store } = setup();
    await store.getState().loadAppInfo();
    expect(await store.getState().saveSettings({ timeoutMs: 45000 })).toBe(true);
    expect(client.callsTo('settings:update')).toEqual([{ timeoutMs: 45000 }]);
    expect(store.getState().appInfo?.settings).toEqual({ ...info.settings, timeoutMs: 45000 });
    expect(store.getState().settingsSaving).toBe(false);
    expect(store.getState().notices.at(-1)?.text).toBe('Settings saved');
  });

  it('does not call settings:update for an empty patch', async () => {
    const { client, store } = setup();
    expect(await store.getState().saveSettings({})).toBe(true);
    expect(client.callsTo('settings:update')).toEqual([]);
  });

  it('stores a refused save, keeps appInfo, and clears the error when reopened', async () => {
    const { client, store } = setup();
    await store.getState().loadAppInfo();
    client.handlers['settings:update'] = () => ({
      ok: false,
      error: { code: 'INVALID_OPERATOR_PACKAGE', message: 'settings:update: operatorPackage must be…' },
    });
    expect(await store.getState().saveSettings({ operatorPackage: 'x.y' })).toBe(false);
    expect(store.getState().settingsError?.code).toBe('INVALID_OPERATOR_PACKAGE');
    expect(store.getState().settingsSaving).toBe(false);
    expect(store.getState().appInfo?.settings).toEqual(info.settings);
    store.getState().setSettingsOpen(true);
    expect(store.getState().settingsError).toBeNull();
  });

  it('loads the servers on open, then adds (trimmed) and removes one', async () => {
    const { client, store } = setup();
    store.getState().setSettingsOpen(true);
    expect(store.getState().settingsOpen).toBe(true);
    await settle();
    expect(store.getState().adbServers.map((item) => item.server)).toEqual(['local']);
    expect(await store.getState().addAdbServer(' 127.0.0.1:1 ')).toBe(true);
    expect(client.callsTo('devices:addServer')).toEqual([{ address: '127.0.0.1:1' }]);
    expect(store.getState().adbServers.map((item) => [item.server, item.reachable])).toEqual([
      ['local', true],
      ['127.0.0.1:1', false],
    ]);
    expect(await store.getState().removeAdbServer('127.0.0.1:1')).toBe(true);
    expect(client.callsTo('devices:removeServer')).toEqual([{ address: '127.0.0.1:1' }]);
    expect(store.getState().adbServers.map((item) => item.server)).toEqual(['local']);
    expect(store.getState().adbServersBusy).toBe(false);
    store.getState().setSettingsOpen(false);
    expect(store.getState().settingsOpen).toBe(false);
  });

  it('keeps the list and stores the error when a server call fails', async () => {
    const { client, store } = setup();
    await store.getState().loadAdbServers();
    client.handlers['devices:addServer'] = () => ({
      ok: false,
      error: { code: 'INVALID_SERVER_ADDRESS', message: '"x:y" is not an adb server address' },
    });
    client.handlers['devices:removeServer'] = () => ({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'a:1 is not one of the watched adb servers.' },
    });
    expect(await store.getState().addAdbServer('x:y')).toBe(false);
    expect(store.getState().adbServersError?.code).toBe('INVALID_SERVER_ADDRESS');
    expect(await store.getState().removeAdbServer('a:1')).toBe(false);
    expect(store.getState().adbServersError?.code).toBe('NOT_FOUND');
    expect(store.getState().adbServers.map((item) => item.server)).toEqual(['local']);
    client.handlers['devices:servers'] = () => ({
      ok: false,
      error: { code: 'INTERNAL_ERROR', message: 'x' },
    });
    await store.getState().loadAdbServers();
    expect(store.getState().adbServersError?.code).toBe('INTERNAL_ERROR');
    expect(store.getState().adbServersBusy).toBe(false);
  });
});

describe('mergeNotice', () => {
  const server = (name: string, aliases?: string[]) => ({
    server: name,
    host: name === 'local' ? '127.0.0.1' : (name.split(':')[0] ?? ''),
    port: name === 'local' ? 5037 : Number(name.split(':')[1]),
    tracking: true,
    deviceCount: 1,
    ...(aliases === undefined ? {} : { aliases }),
  });

  it('says which listed server an added address turned out to be', () => {
    const before = [server('local'), server('127.0.0.1:5412')];
    expect(
      mergeNotice(' LOCALHOST:5412 ', before, [
        server('local'),
        server('127.0.0.1:5412', ['localhost:5412']),
      ]),
    ).toBe('localhost:5412 is the same server as 127.0.0.1:5412: it is listed once, with its devices.');
    expect(mergeNotice('127.0.0.1:5037', before, [server('local', ['127.0.0.1:5037'])])).toBe(
      '127.0.0.1:5037 is the same server as the local adb server (port 5037): it is listed once, with its devices.',
    );
    expect(mergeNotice('127.0.0.1:5412', before, before)).toBe('127.0.0.1:5412 is already in the list.');
    expect(mergeNotice('lab:5037', before, [...before, server('lab:5037')])).toBeNull();
  });
});
