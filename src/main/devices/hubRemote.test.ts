import { describe, expect, it } from 'vitest';
import { freePort, startIsolatedAdb, waitForDeviceState } from '../../test-support/isolatedAdb';
import {
  hub,
  boot,
  nextList,
  waitFor,
  local,
  remote,
  useHubServers,
  closeHubsAndDevices,
} from '../../test-support/hubFixture';

// The hub against two isolated adb servers ("local" and a "remote" lab server) and simulated devices.
useHubServers();

describe('AdbHub remote servers', () => {
  it('labels devices of a remote server and prefers the local server for a serial on both', async () => {
    const { sim, serial } = await boot({ profile: 'tablet' }, { adb: remote });
    const label = `localhost:${remote.port}`;
    const subject = hub();
    expect(await subject.addServer(`localhost:${remote.port}`)).toMatchObject({
      ok: true,
      value: { server: label, reachable: true, deviceCount: 1 },
    });
    const listed = await subject.list();
    expect(listed.ok && listed.value).toMatchObject([{ serial, server: label, simulatedProfile: 'tablet' }]);
    expect(await subject.resolve(undefined)).toMatchObject({
      ok: true,
      value: { serial, info: { server: label } },
    });
    expect((await sim.attach(local.port)).ok).toBe(true);
    await waitForDeviceState(local.client, serial, 'device', 3000);
    const both = await subject.list();
    expect(both.ok && both.value.map((device) => device.server)).toEqual(['local', label]);
    expect(await subject.resolve(serial)).toMatchObject({ ok: true, value: { info: { server: 'local' } } });
    expect(await subject.removeServer(label)).toBe(true);
    expect(await subject.removeServer(label)).toBe(false);
    expect(subject.servers().map((server) => server.server)).toEqual(['local']);
  });

  it('keeps listing local devices when a remote server is unreachable, and says why', async () => {
    const { serial } = await boot();
    const port = await freePort();
    const subject = hub();
    const added = await subject.addServer(`127.0.0.1:${port}`);
    expect(added).toMatchObject({
      ok: true,
      value: {
        reachable: false,
        error: { code: 'ADB_SERVER_UNAVAILABLE', details: { server: `127.0.0.1:${port}` } },
      },
    });
    const listed = await subject.list();
    expect(listed.ok && listed.value.map((device) => device.serial)).toEqual([serial]);
    expect(await subject.resolve(undefined)).toMatchObject({ ok: true, value: { serial } });
    expect(await subject.resolve('lab-device')).toMatchObject({
      error: { code: 'DEVICE_NOT_FOUND', details: { unavailableServers: [`127.0.0.1:${port}`] } },
    });
    expect(await subject.addServer('not a server')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SERVER_ADDRESS' },
    });
  });

  it('re-subscribes after a remote server restarts and sees devices attached afterwards', async () => {
    const restarted = await startIsolatedAdb();
    try {
      const subject = hub();
      const label = `127.0.0.1:${restarted.port}`;
      await subject.addServer(label);
      await subject.start();
      await waitFor(() => subject.servers()[1]?.tracking === true);
      await restarted.adb(['kill-server']);
      await waitFor(() => subject.servers()[1]?.reachable === false);
      expect((await restarted.adb(['start-server'])).code).toBe(0);
      await waitFor(
        () => subject.servers()[1]?.tracking === true && subject.servers()[1]?.reachable === true,
      );
      const appeared = nextList(subject, (devices) => devices.some((device) => device.server === label));
      await boot({}, { adb: restarted });
      await appeared;
    } finally {
      await closeHubsAndDevices();
      await restarted.stop();
    }
  });
});
