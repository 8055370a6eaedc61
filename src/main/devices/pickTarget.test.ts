import { describe, expect, it } from 'vitest';
import type { AppError } from '../../shared/errors';
import { createAdbClient } from '../../node/adb/adbkit';
import { pickTarget, preferredRows } from './pickTarget';
import { toDeviceState, type ListedDevice } from './serverLink';

// Never used for I/O here: pickTarget only hands the row's client back.
const client = createAdbClient({ port: 1, startServer: false });

function row(serial: string, rawState = 'device', server = 'local'): ListedDevice {
  return { serial, state: toDeviceState(rawState), rawState, server, client };
}

const none = { unavailableServers: [] };
const adbMissing: AppError = { code: 'ADB_NOT_FOUND', message: 'adb could not be started' };

describe('pickTarget without a deviceId', () => {
  it('is NO_DEVICES for an empty list, naming unavailable remote servers', () => {
    expect(pickTarget([], undefined, none)).toMatchObject({
      ok: false,
      error: { code: 'NO_DEVICES', details: { connected: [] } },
    });
    expect(pickTarget([], undefined, { unavailableServers: ['lab:5037'] })).toMatchObject({
      error: { details: { unavailableServers: ['lab:5037'] } },
    });
  });

  it('reports the local server failure instead when nothing was found', () => {
    expect(pickTarget([], undefined, { localFailure: adbMissing, unavailableServers: [] })).toEqual({
      ok: false,
      error: adbMissing,
    });
  });

  it('picks the only device, and refuses when there are several', () => {
    const only = row('A');
    expect(pickTarget([only], undefined, none)).toEqual({ ok: true, value: only });
    const several = pickTarget([row('A'), row('B', 'offline')], undefined, none);
    expect(several).toMatchObject({
      ok: false,
      error: { code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED', details: { connected: ['A', 'B'] } },
    });
    expect(several.ok || several.error.message).toContain('A, B');
  });

  it('names the listed devices that are not ready, as adb calls their state', () => {
    const several = pickTarget([row('A'), row('B', 'offline'), row('C', 'unauthorized')], undefined, none);
    expect(several).toMatchObject({
      error: {
        code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
        message:
          '3 devices are connected (A, B, C); B is offline, C is unauthorized; choose one with its serial as deviceId.',
        details: {
          notReady: [
            { serial: 'B', state: 'offline' },
            { serial: 'C', state: 'unauthorized' },
          ],
        },
      },
    });
  });

  it('refuses the only device when it is offline, unauthorized or in another mode, saying what to do', () => {
    const offline = pickTarget([row('A', 'offline')], undefined, none);
    expect(offline).toMatchObject({
      error: { code: 'DEVICE_OFFLINE', details: { deviceId: 'A', state: 'offline' } },
    });
    expect(offline.ok || offline.error.message).toContain('Reconnect the USB cable');
    const unauthorized = pickTarget([row('A', 'unauthorized')], undefined, none);
    expect(unauthorized).toMatchObject({ error: { code: 'DEVICE_UNAUTHORIZED' } });
    expect(unauthorized.ok || unauthorized.error.message).toContain('RSA key prompt');
    const recovery = pickTarget([row('A', 'recovery')], undefined, none);
    expect(recovery).toMatchObject({ error: { code: 'DEVICE_OFFLINE', details: { state: 'recovery' } } });
    expect(recovery.ok || recovery.error.message).toContain('"recovery"');
    const noPermissions = pickTarget([row('A', 'no permissions (udev)')], undefined, none);
    expect(noPermissions).toMatchObject({
      error: { code: 'DEVICE_OFFLINE', details: { state: 'unknown', adbState: 'no permissions (udev)' } },
    });
  });
});

describe('pickTarget with a deviceId', () => {
  it('finds the serial, or lists the connected ones', () => {
    const rows = [row('A'), row('B')];
    expect(pickTarget(rows, 'B', none)).toEqual({ ok: true, value: rows[1] });
    expect(pickTarget(rows, 'C', { unavailableServers: ['lab:5037'] })).toMatchObject({
      ok: false,
      error: {
        code: 'DEVICE_NOT_FOUND',
        details: { deviceId: 'C', connected: ['A', 'B'], unavailableServers: ['lab:5037'] },
      },
    });
    expect(pickTarget([], 'C', { localFailure: adbMissing, unavailableServers: [] })).toEqual({
      ok: false,
      error: adbMissing,
    });
  });

  it('finds a device on a remote server even when the local server failed', () => {
    const remote = row('R', 'device', 'lab:5037');
    expect(pickTarget([remote], 'R', { localFailure: adbMissing, unavailableServers: [] })).toEqual({
      ok: true,
      value: remote,
    });
  });

  it('prefers the first (local) row of a serial that two servers report', () => {
    const local = row('S', 'device', 'local');
    const remote = row('S', 'offline', 'lab:5037');
    expect(preferredRows([local, remote])).toEqual([local]);
    expect(pickTarget([local, remote], 'S', none)).toEqual({ ok: true, value: local });
    expect(pickTarget([local, remote], undefined, none)).toEqual({ ok: true, value: local });
  });
});

describe('toDeviceState', () => {
  it('keeps known states and maps transitional and unknown ones', () => {
    expect(
      ['device', 'offline', 'unauthorized', 'recovery', 'sideload', 'bootloader'].map(toDeviceState),
    ).toEqual(['device', 'offline', 'unauthorized', 'recovery', 'sideload', 'bootloader']);
    expect(['authorizing', 'connecting', 'host', 'no permissions'].map(toDeviceState)).toEqual([
      'unauthorized',
      'offline',
      'unknown',
      'unknown',
    ]);
  });
});
