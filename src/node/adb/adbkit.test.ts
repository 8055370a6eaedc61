import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDevice } from '../../simulator/adb/simulatedDevice';
import { freePort, startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { createAdbClient, toAppError, type AdbTrackerEvent } from './adbkit';

describe('createAdbClient', () => {
  it('loads adbkit through require and binds host and port', () => {
    const client = createAdbClient({ port: 15999 });
    expect(client.host).toBe('127.0.0.1');
    expect(client.port).toBe(15999);
  });

  it('rejects with an error that maps to ADB_NOT_FOUND when no server runs and the binary is missing', async () => {
    const client = createAdbClient({ port: await freePort(), bin: '/nonexistent/adb' });
    const error = await client.listDevices().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect(toAppError(error).code).toBe('ADB_NOT_FOUND');
  });
});

describe('toAppError', () => {
  it('maps known adbkit and adb messages to codes', () => {
    expect(toAppError(new Error('connect ECONNREFUSED 127.0.0.1:5037')).code).toBe('ADB_SERVER_UNAVAILABLE');
    expect(
      toAppError(new Error("Failure: 'device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set'"))
        .code,
    ).toBe('DEVICE_UNAUTHORIZED');
    expect(toAppError(new Error("Failure: 'device offline'")).code).toBe('DEVICE_OFFLINE');
    expect(toAppError(new Error("Failure: 'device '127.0.0.1:1' not found'")).code).toBe('DEVICE_NOT_FOUND');
    expect(toAppError(new Error('spawn adb ENOENT')).code).toBe('ADB_NOT_FOUND');
  });

  it('uses the fallback for anything else and keeps the message', () => {
    expect(toAppError(new Error("Failure: 'closed'"))).toEqual({
      code: 'DEVICE_SHELL_UNAVAILABLE',
      message: "Failure: 'closed'",
    });
    expect(toAppError('plain text', 'OPERATOR_UNREACHABLE')).toEqual({
      code: 'OPERATOR_UNREACHABLE',
      message: 'plain text',
    });
  });
});

/** Polls `events` until one matches; tracker timing is not fixed, so tests wait for content, not for a count. */
async function waitForEvent(
  events: readonly AdbTrackerEvent[],
  match: (event: AdbTrackerEvent) => boolean,
  timeoutMs = 3000,
): Promise<AdbTrackerEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = events.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching tracker event in ${JSON.stringify(events)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('trackDevices and startServer: false (against an isolated adb server)', () => {
  let adb: IsolatedAdb;
  const devices: SimulatedDevice[] = [];

  beforeAll(async () => {
    adb = await startIsolatedAdb();
  });

  afterEach(async () => {
    for (const device of devices.splice(0)) await device.close();
  });

  afterAll(async () => {
    await adb?.stop();
  });

  it('reports a device coming and going, and nothing after stop()', async () => {
    const events: AdbTrackerEvent[] = [];
    const tracker = await adb.client.trackDevices((event) => events.push(event));
    const device = await SimulatedDevice.start();
    devices.push(device);
    const attached = await device.attach({ adbPort: adb.port, mode: 'emulator' });
    if (!attached.ok) throw new Error(attached.error.message);
    const serial = attached.value.serial;
    await waitForEvent(
      events,
      (event) => event.type !== 'end' && event.device.serial === serial && event.device.state === 'device',
    );
    await device.close();
    await waitForEvent(events, (event) => event.type === 'remove' && event.device.serial === serial);
    tracker.stop();
    const count = events.length;
    const second = await SimulatedDevice.start();
    devices.push(second);
    await second.attach({ adbPort: adb.port, mode: 'emulator' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(events.length).toBe(count);
    expect(events.some((event) => event.type === 'end')).toBe(false);
  });

  it('ends the subscription once when its server stops', async () => {
    const other = await startIsolatedAdb();
    const events: AdbTrackerEvent[] = [];
    try {
      await other.client.trackDevices((event) => events.push(event));
    } finally {
      await other.stop();
    }
    await waitForEvent(events, (event) => event.type === 'end');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.filter((event) => event.type === 'end')).toHaveLength(1);
    // startServer false: the default client would start a new (non-isolated) server on the freed port.
    const client = createAdbClient({ port: other.port, startServer: false });
    const again = await client
      .trackDevices(() => undefined)
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(toAppError(again).code).toBe('ADB_SERVER_UNAVAILABLE');
  });

  it('with startServer false, a refused server stays refused: no adb server is started on its port', async () => {
    const port = await freePort();
    const client = createAdbClient({ port, bin: adb.bin, startServer: false });
    const error = await client.listDevices().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(toAppError(error)).toMatchObject({ code: 'ADB_SERVER_UNAVAILABLE' });
    expect(String(error)).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    expect(await refused(port)).toBe(true);
  });

  it('with startServer false, a running server answers as usual', async () => {
    const client = createAdbClient({ port: adb.port, startServer: false });
    expect(await client.version()).toBeGreaterThan(30);
    expect(Array.isArray(await client.listDevices())).toBe(true);
  });
});
