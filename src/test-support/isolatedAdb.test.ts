import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hostRequest } from '../simulator/adb/hostClient';
import { freePort, startIsolatedAdb, waitForDeviceState } from './isolatedAdb';

describe('startIsolatedAdb', () => {
  it('runs a private server with its own HOME and TMPDIR and removes everything on stop', async () => {
    const adb = await startIsolatedAdb();
    try {
      expect(adb.port).not.toBe(5037);
      expect(adb.env).toMatchObject({
        HOME: adb.directory,
        TMPDIR: adb.directory,
        ADB_EMU: '0',
        ADB_USB: '0',
        ADB_MDNS: '0',
        ANDROID_ADB_SERVER_PORT: String(adb.port),
      });
      const version = await hostRequest(adb.port, 'host:version');
      expect(version.ok && version.value.status).toBe('OKAY');
      expect(await adb.client.listDevices()).toEqual([]);
      expect((await adb.adb(['devices'])).stdout.toString()).toBe('List of devices attached\n\n');
      expect(readdirSync(adb.directory)).toContain('.android');
    } finally {
      await adb.stop();
    }
    expect(existsSync(adb.directory)).toBe(false);
    const after = await hostRequest(adb.port, 'host:version', 1000);
    expect(after.ok).toBe(false);
  });

  it('fails clearly when the adb binary does not exist', async () => {
    await expect(startIsolatedAdb({ bin: '/nonexistent/adb' })).rejects.toThrow(
      'cannot run /nonexistent/adb',
    );
  });
});

describe('waitForDeviceState', () => {
  it('throws after the timeout with the state it saw', async () => {
    const port = await freePort();
    await expect(waitForDeviceState(port, 'emulator-5554', 'device', 100)).rejects.toThrow(
      "emulator-5554 is 'absent', not 'device', after 100 ms",
    );
  });

  it('returns at once when the state already holds', async () => {
    await waitForDeviceState(await freePort(), 'nobody', 'absent', 100);
  });
});
