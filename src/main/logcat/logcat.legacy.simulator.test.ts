// android_logcat's since_secs window on Android 5 (the legacy21 profile) on a settable device clock, through a real adb
// server: the device-local cutoff in a non-UTC zone, the window across New Year, and the line cap applied here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDevice } from '../../simulator/adb/simulatedDevice';
import type { DeviceState } from '../../simulator/device/state';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { isolatedResolver } from '../../test-support/isolatedResolver';
import { profileDevice } from '../../test-support/profileDevice';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import { androidLogcat, type LogcatWindow } from './logcat';

let adb: IsolatedAdb;
const devices: SimulatedDevice[] = [];
const PID = 4242;

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterAll(async () => {
  for (const device of devices) await device.close();
  await adb.stop();
});

/** An Android 5 device in `timeZone` whose clock reads `nowMs`. */
async function legacyDevice(nowMs: number, timeZone: string) {
  const state = profileDevice('legacy21', { now: nowMs });
  state.setProperty('persist.sys.timezone', timeZone);
  const device = await SimulatedDevice.start({ state });
  devices.push(device);
  const attached = await device.attach({ adbPort: adb.port });
  if (!attached.ok) throw new Error(attached.error.message);
  await waitForDeviceState(adb.client, attached.value.serial, 'device', 5000);
  return { state, device, serial: attached.value.serial };
}

function log(state: DeviceState, tag: string, timeMs: number, pid = PID): void {
  state.appendLog({ priority: 'I', tag, message: `${tag} line`, pid, tid: pid, timeMs });
}

async function window(serial: string, args: object): Promise<LogcatWindow> {
  const result = await runTool(androidLogcat, {
    arguments: { ...args, device: serial },
    resolver: isolatedResolver(adb),
    approve: NO_APPROVER,
  });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as LogcatWindow;
}

const services = (device: SimulatedDevice) => device.received().map((entry) => entry.service);

describe('android_logcat since_secs on Android 5', () => {
  it('sends the cutoff in the device time zone (Los Angeles, -0700 in June) and returns the window', async () => {
    const now = Date.UTC(2026, 5, 15, 18, 0, 0); // 11:00:00 PDT
    const { state, device, serial } = await legacyDevice(now, 'America/Los_Angeles');
    log(state, 'TooOld', now - 200_000);
    log(state, 'Inside', now - 60_000);
    const value = await window(serial, { pid: PID, since_secs: 120, lines: 50 });
    expect(services(device)).toContain("shell,v2,raw:date '+%s %z'");
    expect(services(device)).toContain("shell,v2,raw:logcat -d -v threadtime -t '06-15 10:58:00.000'");
    expect(value).toMatchObject({
      window_method: 'device_local_time',
      line_cap: 'host',
      pid_filter: 'host',
      cutoff: {
        device_epoch_s: now / 1000,
        cutoff_epoch_s: now / 1000 - 120,
        device_local: '06-15 10:58:00.000',
        utc_offset: '-0700',
      },
    });
    expect(value.entries.map((entry) => [entry.time, entry.tag, entry.pid])).toEqual([
      ['06-15 10:59:00.000', 'Inside', PID],
    ]);
  });

  it('reads a window across New Year whole and cuts it here (logcat would read 12-31 as this year)', async () => {
    const now = Date.UTC(2026, 11, 31, 23, 0, 30); // 2027-01-01 00:00:30 in Berlin (+0100)
    const { state, device, serial } = await legacyDevice(now, 'Europe/Berlin');
    log(state, 'LastYearEarly', now - 300_000);
    log(state, 'LastYearLate', now - 60_000);
    log(state, 'NewYear', now - 10_000);
    const value = await window(serial, { pid: PID, since_secs: 120, lines: 50 });
    expect(services(device).filter((service) => service.includes('logcat'))).toEqual([
      'shell,v2,raw:logcat -d -v threadtime',
    ]);
    expect(value).toMatchObject({
      window_method: 'host_time',
      cutoff: { device_local: '12-31 23:58:30.000', utc_offset: '+0100' },
    });
    expect(value.entries.map((entry) => [entry.time, entry.tag])).toEqual([
      ['12-31 23:59:30.000', 'LastYearLate'],
      ['01-01 00:00:20.000', 'NewYear'],
    ]);
    expect(value.caveats.some((caveat) => caveat.includes('New Year'))).toBe(true);
  });

  it('caps the lines here: the first N of the pid after the cutoff, limit_reached only when more matched', async () => {
    const now = Date.UTC(2026, 2, 3, 9, 30, 0);
    const { state, device, serial } = await legacyDevice(now, 'UTC');
    log(state, 'Other', now - 50_000, 7);
    for (const [index, tag] of ['First', 'Second', 'Third'].entries())
      log(state, tag, now - 40_000 + index * 1000);
    const capped = await window(serial, { pid: PID, since_secs: 60, lines: 2, filter: '*:I' });
    expect(services(device)).toContain("shell,v2,raw:logcat -d -v threadtime -t '03-03 09:29:00.000' '*:I'");
    expect(capped.entries.map((entry) => entry.tag)).toEqual(['First', 'Second']);
    expect(capped.limit_reached).toBe(true);
    const whole = await window(serial, { pid: PID, since_secs: 60, lines: 3, filter: '*:I' });
    expect(whole.entries.map((entry) => entry.tag)).toEqual(['First', 'Second', 'Third']);
    expect(whole.limit_reached).toBe(false);
  });
});
