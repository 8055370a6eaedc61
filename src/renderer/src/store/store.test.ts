import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../shared/api/devices';
import { selectDesignCheck, selectRunSerials } from './selectors';
import { connectStore } from './store';
import { createFakeClient, createTestStore, settle } from '../../../test-support/rendererStore';

const device: DeviceInfo = { serial: 'a', state: 'device', server: 'local' };

function setup() {
  const client = createFakeClient({
    'app:info': () => ({
      ok: true,
      value: {
        version: '0.1.0',
        shell: 'web',
        platform: 'linux',
        evidenceDirectory: '/e',
        settings: { simulatorWhenNoDevice: true, operatorPackage: 'p', timeoutMs: 30000 },
      },
    }),
    'devices:list': () => ({ ok: true, value: [device] }),
    'evidence:list': () => ({ ok: true, value: { runs: [], skipped: [] } }),
    'presets:list': () => ({ ok: true, value: [] }),
  });
  return { client, ...createTestStore(client) };
}

describe('connectStore', () => {
  it('loads app info, devices, history and presets, then follows events', async () => {
    const { client, store } = setup();
    connectStore(store, client);
    await settle();
    expect(new Set(client.calls.map((call) => call.channel))).toEqual(
      new Set(['app:info', 'devices:list', 'evidence:list', 'presets:list', 'devices:describe']),
    );
    expect(store.getState().appInfo?.version).toBe('0.1.0');
    client.emit('devices:changed', [device, { ...device, serial: 'b' }]);
    expect(store.getState().devices).toHaveLength(2);
  });

  it('reloads devices and history when the live connection comes back after a loss', async () => {
    const { client, store } = setup();
    connectStore(store, client);
    await settle();
    const before = client.callsTo('devices:list').length;
    client.setConnection('open');
    expect(client.callsTo('devices:list')).toHaveLength(before);
    client.setConnection('lost');
    expect(store.getState().connection).toBe('lost');
    client.setConnection('open');
    await settle();
    expect(client.callsTo('devices:list')).toHaveLength(before + 1);
    expect(store.getState().connection).toBe('open');
  });

  it('refreshes the history when runs appear in the evidence folder (a CLI run), not while its own run is busy', async () => {
    const { client, store } = setup();
    const disconnect = connectStore(store, client);
    await settle();
    const before = client.callsTo('evidence:list').length;
    client.emit('evidence:changed', { runIds: ['20261202-050000-emulator-5554-abc123'] });
    expect(client.callsTo('evidence:list')).toHaveLength(before + 1);
    store.setState({ runBusy: true });
    client.emit('evidence:changed', { runIds: ['20261202-050001-emulator-5554-abc124'] });
    expect(client.callsTo('evidence:list')).toHaveLength(before + 1);
    disconnect();
  });

  it('refreshes the history when another client finished an execution, and stops on unsubscribe', async () => {
    const { client, store } = setup();
    const disconnect = connectStore(store, client);
    await settle();
    const before = client.callsTo('evidence:list').length;
    client.emit('execution:finished', {
      serial: 'a',
      execution: {
        commandId: 'c',
        taskId: 't',
        source: 's',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 1000,
        actions: [],
      },
      outcome: { ok: false, error: { code: 'INTERNAL_ERROR', message: 'x' } },
    });
    expect(client.callsTo('evidence:list')).toHaveLength(before + 1);
    disconnect();
    client.emit('devices:changed', []);
    expect(store.getState().devices).toHaveLength(1);
  });
});

describe('selectors', () => {
  it('return the same value while their inputs stay the same', () => {
    const { store } = setup();
    store.getState().devicesChanged([device]);
    const state = store.getState();
    expect(selectRunSerials(state)).toBe(selectRunSerials(store.getState()));
    expect(selectRunSerials(state)).toEqual(['a']);
    expect(selectDesignCheck(state)).toBe(selectDesignCheck(store.getState()));
    store.getState().toggleTicked('a');
    expect(selectRunSerials(store.getState())).not.toBe(selectRunSerials(state));
  });
});
