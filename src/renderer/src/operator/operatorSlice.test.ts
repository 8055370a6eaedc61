import { describe, expect, it } from 'vitest';
import type { OperatorStatus, DeviceInfo } from '../../../shared/api/devices';
import { createFakeClient, createTestStore, settle } from '../../../test-support/rendererStore';

const enabled: OperatorStatus = {
  packageName: 'com.androperator.operator',
  installed: true,
  serviceEnabled: true,
  reachable: true,
  versionName: '1.2.0',
};
const disabled: OperatorStatus = {
  ...enabled,
  serviceEnabled: false,
  reachable: false,
  problem: 'accessibility service disabled',
};
const phone = (operator: OperatorStatus): DeviceInfo => ({
  serial: 'emulator-5554',
  state: 'device',
  server: 'local',
  model: 'Pixel 7',
  operator,
});

/** A store listing one phone, with a fake client whose operator:* answers the test sets. */
function setup(operator: OperatorStatus = enabled) {
  const client = createFakeClient({
    'devices:describe': () => ({ ok: false, error: { code: 'OPERATOR_UNREACHABLE', message: 'down' } }),
  });
  const { store } = createTestStore(client);
  store.getState().devicesChanged([phone(operator)]);
  return { client, store };
}

/** A promise the test resolves by hand, to look at the store while a call is in flight. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('operator slice', () => {
  it('disables the service: the device list gets the returned status and the outcome says so', async () => {
    const { client, store } = setup();
    client.handlers['operator:disable'] = () => ({ ok: true, value: disabled });
    await expect(store.getState().disableOperator('emulator-5554')).resolves.toBe(true);
    const state = store.getState();
    expect(client.callsTo('operator:disable')).toEqual([{ serial: 'emulator-5554' }]);
    expect(state.devices[0]?.operator).toEqual(disabled);
    expect(state.operators['emulator-5554']).toEqual({
      busy: null,
      outcome: { action: 'disable', ok: true, message: 'Accessibility service disabled.' },
    });
  });

  it('marks the device busy while an action runs and refuses a second action meanwhile', async () => {
    const { client, store } = setup(disabled);
    const answer = deferred<{ ok: true; value: OperatorStatus }>();
    client.handlers['operator:enable'] = () => answer.promise;
    const enabling = store.getState().enableOperator('emulator-5554');
    expect(store.getState().operators['emulator-5554']?.busy).toBe('enable');
    await expect(store.getState().refreshOperator('emulator-5554')).resolves.toBe(false);
    expect(client.callsTo('operator:status')).toEqual([]);
    answer.resolve({ ok: true, value: enabled });
    await expect(enabling).resolves.toBe(true);
    expect(store.getState().operators['emulator-5554']?.busy).toBeNull();
    expect(store.getState().devices[0]?.operator?.serviceEnabled).toBe(true);
  });

  it('describes the device again once enabling made its Operator reachable', async () => {
    const { client, store } = setup(disabled);
    await settle();
    const before = client.callsTo('devices:describe').length;
    client.handlers['operator:enable'] = () => ({ ok: true, value: enabled });
    await store.getState().enableOperator('emulator-5554');
    await settle();
    expect(client.callsTo('devices:describe')).toHaveLength(before + 1);
  });

  it('stores a failure with its code and leaves the device status as it was', async () => {
    const { client, store } = setup(disabled);
    client.handlers['operator:enable'] = () => ({
      ok: false,
      error: { code: 'OPERATOR_SETTINGS_FAILED', message: 'settings put was refused' },
    });
    await expect(store.getState().enableOperator('emulator-5554')).resolves.toBe(false);
    const state = store.getState();
    expect(state.devices[0]?.operator).toEqual(disabled);
    expect(state.operators['emulator-5554']).toEqual({
      busy: null,
      outcome: {
        action: 'enable',
        ok: false,
        error: { code: 'OPERATOR_SETTINGS_FAILED', message: 'settings put was refused' },
      },
    });
  });

  it('installs an APK from a path and reports the installed version', async () => {
    const { client, store } = setup();
    client.handlers['operator:install'] = () => ({ ok: true, value: { ...enabled, versionName: '1.3.0' } });
    await expect(store.getState().installOperator('emulator-5554', '/tmp/operator.apk')).resolves.toBe(true);
    expect(client.callsTo('operator:install')).toEqual([
      { serial: 'emulator-5554', apkPath: '/tmp/operator.apk' },
    ]);
    expect(store.getState().devices[0]?.operator?.versionName).toBe('1.3.0');
    expect(store.getState().operators['emulator-5554']?.outcome).toEqual({
      action: 'install',
      ok: true,
      message: 'Installed com.androperator.operator 1.3.0.',
    });
  });

  it('keeps an install error (INVALID_APK) for the dialog to show', async () => {
    const { client, store } = setup();
    client.handlers['operator:install'] = () => ({
      ok: false,
      error: { code: 'INVALID_APK', message: '/tmp/notes.txt is not an APK' },
    });
    await expect(store.getState().installOperator('emulator-5554', '/tmp/notes.txt')).resolves.toBe(false);
    const outcome = store.getState().operators['emulator-5554']?.outcome;
    expect(outcome?.ok === false ? outcome.error.code : undefined).toBe('INVALID_APK');
    expect(store.getState().devices[0]?.operator).toEqual(enabled);
  });

  it('opens the accessibility settings without touching the status', async () => {
    const { client, store } = setup();
    const before = store.getState().devices;
    client.handlers['operator:openSettings'] = () => ({ ok: true, value: { opened: true } });
    await expect(store.getState().openOperatorSettings('emulator-5554')).resolves.toBe(true);
    expect(store.getState().devices).toBe(before);
    expect(store.getState().operators['emulator-5554']?.outcome).toEqual({
      action: 'openSettings',
      ok: true,
      message: 'Accessibility settings opened on the device.',
    });
  });

  it('refreshes the status on demand; a device that left the list is not added back', async () => {
    const { client, store } = setup(disabled);
    client.handlers['operator:status'] = () => ({ ok: true, value: enabled });
    await store.getState().refreshOperator('emulator-5554');
    expect(store.getState().devices[0]?.operator).toEqual(enabled);
    store.getState().devicesChanged([]);
    await expect(store.getState().refreshOperator('emulator-5554')).resolves.toBe(true);
    expect(store.getState().devices).toEqual([]);
  });

  it('reports a device that disconnected (DEVICE_NOT_FOUND)', async () => {
    const { client, store } = setup();
    client.handlers['operator:status'] = () => ({
      ok: false,
      error: { code: 'DEVICE_NOT_FOUND', message: 'no device emulator-5554' },
    });
    await store.getState().refreshOperator('emulator-5554');
    const outcome = store.getState().operators['emulator-5554']?.outcome;
    expect(outcome?.ok === false ? outcome.error.code : undefined).toBe('DEVICE_NOT_FOUND');
    expect(store.getState().devices[0]?.operator).toEqual(enabled);
  });
});
