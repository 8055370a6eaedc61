import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../shared/api/devices';
import { testDescription } from '../../../test-support/testDescription';
import { createFakeClient, createTestStore, settle } from '../../../test-support/rendererStore';
import { deviceLabel, disconnectedDevices, isOnline, runSerials } from './devicesSlice';

const ready = (serial: string, model = 'Pixel 7'): DeviceInfo => ({
  serial,
  state: 'device',
  server: 'local',
  model,
  operator: { packageName: 'p', installed: true, serviceEnabled: true, reachable: true },
});
const offline = (serial: string): DeviceInfo => ({ serial, state: 'offline', server: 'local' });

function setup(devices: DeviceInfo[]) {
  const client = createFakeClient({
    'devices:list': () => ({ ok: true, value: devices }),
    'devices:describe': ({ serial }) => ({
      ok: true,
      value: testDescription({ device: { manufacturer: 'G', model: serial, sdkInt: 35, release: '15' } }),
    }),
  });
  return { client, ...createTestStore(client) };
}

describe('devices slice', () => {
  it('loads the list, targets the first online device and describes it', async () => {
    const { client, store } = setup([offline('a'), ready('b'), ready('c')]);
    await store.getState().loadDevices();
    await settle();
    const state = store.getState();
    expect(state.devices.map((device) => device.serial)).toEqual(['a', 'b', 'c']);
    expect(state.targetSerial).toBe('b');
    expect(client.callsTo('devices:describe')).toEqual([{ serial: 'b' }]);
    expect(state.descriptions.b?.status).toBe('ready');
    expect(state.descriptions.b?.description?.device.model).toBe('b');
  });

  it('records a failed listing', async () => {
    const client = createFakeClient({
      'devices:list': () => ({ ok: false, error: { code: 'ADB_SERVER_UNAVAILABLE', message: 'no adb' } }),
    });
    const { store } = createTestStore(client);
    await store.getState().loadDevices();
    expect(store.getState().devicesError?.code).toBe('ADB_SERVER_UNAVAILABLE');
    expect(store.getState().devicesLoaded).toBe(true);
  });

  it('keeps the target when it goes offline or disappears: it is shown disconnected, never swapped', async () => {
    const { store } = setup([]);
    store.getState().devicesChanged([ready('a'), ready('b', 'Pixel 8')]);
    store.getState().selectTarget('b');
    store.getState().devicesChanged([ready('a'), offline('b')]);
    expect(store.getState().targetSerial).toBe('b');
    store.getState().devicesChanged([ready('a')]);
    expect(store.getState().targetSerial).toBe('b');
    expect(disconnectedDevices(store.getState())).toEqual([offline('b')]);
    store.getState().devicesChanged([]);
    expect(store.getState().targetSerial).toBe('b');
    store.getState().devicesChanged([ready('b', 'Pixel 8')]);
    expect(disconnectedDevices(store.getState())).toEqual([]);
    // Only the user moves the target.
    store.getState().devicesChanged([ready('a'), ready('b')]);
    store.getState().selectTarget('a');
    expect(store.getState().targetSerial).toBe('a');
    await settle();
  });

  it('picks the first online device only when there is no target yet', () => {
    const { store } = setup([]);
    store.getState().devicesChanged([offline('x')]);
    expect(store.getState().targetSerial).toBeNull();
    store.getState().devicesChanged([offline('x'), ready('y')]);
    expect(store.getState().targetSerial).toBe('y');
  });

  it('describes a device again when its Operator becomes reachable', async () => {
    const { client, store } = setup([]);
    const unreachable: DeviceInfo = {
      ...ready('a'),
      operator: { packageName: 'p', installed: true, serviceEnabled: false, reachable: false },
    };
    store.getState().devicesChanged([unreachable]);
    await settle();
    store.getState().devicesChanged([unreachable]);
    await settle();
    expect(client.callsTo('devices:describe')).toHaveLength(1);
    store.getState().devicesChanged([ready('a')]);
    await settle();
    expect(client.callsTo('devices:describe')).toHaveLength(2);
  });

  it('does not describe one device twice at once', async () => {
    const { client, store } = setup([]);
    store.getState().devicesChanged([ready('a')]);
    void store.getState().describeDevice('a');
    await settle();
    expect(client.callsTo('devices:describe')).toHaveLength(1);
  });

  it('keeps the last good description when describing fails', async () => {
    const { client, store } = setup([]);
    store.getState().devicesChanged([ready('a')]);
    await settle();
    client.handlers['devices:describe'] = () => ({
      ok: false,
      error: { code: 'OPERATOR_UNREACHABLE', message: 'down' },
    });
    await store.getState().describeDevice('a');
    const entry = store.getState().descriptions.a;
    expect(entry?.status).toBe('failed');
    expect(entry?.error?.code).toBe('OPERATOR_UNREACHABLE');
    expect(entry?.description?.device.model).toBe('a');
  });

  it('ticks devices for runs, describing them, and runs on the ticked ones', async () => {
    const { client, store } = setup([]);
    store.getState().devicesChanged([ready('a'), ready('b'), ready('c')]);
    expect(runSerials(store.getState())).toEqual(['a']);
    store.getState().toggleTicked('c');
    store.getState().toggleTicked('b');
    await settle();
    expect(runSerials(store.getState())).toEqual(['c', 'b']);
    expect(client.callsTo('devices:describe')).toEqual([{ serial: 'a' }, { serial: 'c' }, { serial: 'b' }]);
    store.getState().toggleTicked('c');
    expect(store.getState().tickedSerials).toEqual(['b']);
    // A ticked device that disconnects stays in the run (the gate blocks it) until the user unticks it.
    store.getState().devicesChanged([ready('a')]);
    expect(runSerials(store.getState())).toEqual(['b']);
    expect(disconnectedDevices(store.getState()).map((device) => device.serial)).toEqual(['b']);
    store.getState().toggleTicked('b');
    expect(runSerials(store.getState())).toEqual(['a']);
  });

  it('names devices by model and serial', () => {
    expect(deviceLabel([ready('a', 'Pixel 8')], 'a')).toBe('Pixel 8 (a)');
    expect(deviceLabel([], 'zz')).toBe('zz');
    expect(isOnline(offline('a'))).toBe(false);
    expect(isOnline(undefined)).toBe(false);
  });
});
