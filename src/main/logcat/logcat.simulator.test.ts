// android_logcat through runTool on simulated phones (Android 15, API 35, and Android 5, API 21): the exact logcat
// command the device received, pid resolution, refusals, redaction, limit_reached and how the window was made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import { androidLogcat } from './logcat';

let adb: IsolatedAdb;
const phones: Record<string, { sim: SimulatedAndroid; serial: string }> = {};

beforeAll(async () => {
  adb = await startIsolatedAdb();
  phones.phone = await bootSimulated(adb, { profile: 'phone' });
  phones.legacy21 = await bootSimulated(adb, { profile: 'legacy21' });
});

afterAll(async () => {
  for (const phone of Object.values(phones)) await phone.sim.close();
  await adb.stop();
});

const call = (profile: string, args: unknown) =>
  runTool(androidLogcat, {
    arguments: { ...(args as object), device: phones[profile]!.serial },
    resolver: isolatedResolver(adb),
    approve: NO_APPROVER,
  });
const services = (profile: string) => phones[profile]!.sim.device.received().map((entry) => entry.service);

async function pidOf(profile: string, pkg: string): Promise<number> {
  const state = phones[profile]!.sim.device.state;
  const { processesOf } = await import('../../simulator/device/processes');
  const process = processesOf(state)
    .list()
    .find((entry) => entry.name === pkg);
  if (process === undefined) throw new Error(`${pkg} is not running on ${profile}`);
  return process.pid;
}

describe.each(['phone', 'legacy21'])('android_logcat on %s', (profile) => {
  it('keeps the reference command without since_secs', async () => {
    const result = await call(profile, { lines: 5 });
    expect(result.ok).toBe(true);
    expect(services(profile).some((service) => service.endsWith(':logcat -d -t 5'))).toBe(true);
    expect(result.ok && (result.value as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
  });

  it('resolves a package, cuts at the device clock and redacts credentials', async () => {
    const sim = phones[profile]!.sim;
    const pkg = sim.device.state.foreground.packageName;
    const pid = await pidOf(profile, pkg);
    sim.device.state.appendLog({
      priority: 'D',
      tag: 'MyTag',
      message: 'Authorization: Bearer abc.def.ghi',
      pid,
      tid: pid,
    });
    const result = await call(profile, { package: pkg, since_secs: 120, lines: 200, filter: 'MyTag:D *:S' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const value = result.value as {
      entries: { tag: string; message: string; pid: number }[];
      cutoff: { device_epoch_s: number; cutoff_epoch_s: number };
      redactions: number;
      pid: number;
      limit_reached: boolean;
    };
    expect(value.pid).toBe(pid);
    expect(value.cutoff.device_epoch_s - value.cutoff.cutoff_epoch_s).toBe(120);
    // Android 5-6 logcat has no --pid, no epoch -t and no -m: the window starts at the device-local time (the
    // simulated zone is UTC) and is filtered by pid and counted on the host, and the answer says so.
    const cut = value.cutoff.cutoff_epoch_s;
    const local = new Date(cut * 1000).toISOString().replace(/^\d{4}-(\d\d-\d\d)T([\d:]{8}).*$/, '$1 $2.000');
    expect(services(profile)).toContain(
      profile === 'legacy21'
        ? `shell,v2,raw:logcat -d -v threadtime -t '${local}' 'MyTag:D' '*:S'`
        : `shell,v2,raw:logcat -d -v threadtime,epoch -t ${cut}.000 --pid=${pid} -m 200 'MyTag:D' '*:S'`,
    );
    expect(services(profile)).toContain(
      profile === 'legacy21' ? "shell,v2,raw:date '+%s %z'" : 'shell,v2,raw:date +%s',
    );
    expect(value).toMatchObject(
      profile === 'legacy21'
        ? {
            pid_filter: 'host',
            window_method: 'device_local_time',
            line_cap: 'host',
            cutoff: { device_local: local, utc_offset: '+0000' },
          }
        : { pid_filter: 'device', window_method: 'device_epoch', line_cap: 'device' },
    );
    expect(value.entries.every((entry) => entry.pid === pid)).toBe(true);
    expect(
      (value as unknown as { caveats: string[] }).caveats.some((caveat) =>
        caveat.includes('no logcat --pid'),
      ),
    ).toBe(profile === 'legacy21');
    const mine = value.entries.filter((entry) => entry.tag === 'MyTag');
    expect(mine.length).toBe(1);
    expect(mine[0]!.message).not.toContain('abc.def.ghi');
    expect(mine[0]!.message).toContain('[REDACTED]');
    expect(value.redactions).toBeGreaterThan(0);
    expect(value.limit_reached).toBe(false);
  });

  it('reports limit_reached when the window has more entries than lines', async () => {
    const result = await call(profile, { since_secs: 3600, lines: 3 });
    expect(result.ok && (result.value as { entries: unknown[]; limit_reached: boolean })).toMatchObject({
      limit_reached: true,
    });
    const value = result.ok ? (result.value as { command: string; entries: { time: string }[] }) : undefined;
    expect(value?.entries.length).toBe(3);
    // The device answered the command the result names; Android 5 got no -m, the cap was applied here.
    expect(services(profile)).toContain(`shell,v2,raw:${value?.command}`);
    expect(value?.command.includes('-m 3')).toBe(profile === 'phone');
    // The first three of the window, oldest first (threadtime MM-DD times sort as text within a year).
    const times = value?.entries.map((entry) => entry.time) ?? [];
    expect([...times].sort()).toEqual(times);
  });

  it('answers a structured error for a package that is not running, without reading global logs', async () => {
    const before = services(profile).filter((service) => service.includes('logcat')).length;
    const result = await call(profile, { package: 'com.example.notrunning' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', details: { reason: 'not_running' } },
    });
    expect(services(profile).filter((service) => service.includes('logcat')).length).toBe(before);
  });
});

describe('android_logcat refusals', () => {
  it.each([
    [{ filter: '-c' }, 'filter must be filter specs'],
    [{ filter: '*:Z' }, 'filter must be filter specs'],
    [{ filter: 'a;b' }, 'filter must be filter specs'],
    [{ filter: '--pid=1 *:S' }, 'filter must be filter specs'],
    [{ package: 'com.example.app', pid: 12 }, 'give package or pid, not both'],
    [{ since_secs: 0 }, 'since_secs must be at least 1'],
    [{ since_secs: 3601 }, 'since_secs must be at most 3600'],
    [{ lines: 501 }, 'lines must be at most 500'],
    [{ package: 'com.x;reboot' }, 'package must be an exact package name'],
  ])('refuses %j before anything reaches the device', async (args, message) => {
    const before = services('phone').length;
    const result = await call('phone', args);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(!result.ok && result.error.message).toContain(message);
    expect(services('phone').length).toBe(before);
  });
});

describe('logcat --pid on the simulated devices', () => {
  it('is refused by Android 5 logcat, as real ones have no --pid, and accepted by Android 15', async () => {
    const legacy = await adb.adb(['-s', phones.legacy21!.serial, 'shell', 'logcat -d -t 1 --pid=1']);
    expect(legacy.code).not.toBe(0);
    expect(`${legacy.stdout.toString()}${legacy.stderr.toString()}`).toMatch(
      /^logcat: unknown option -- -\nUnrecognized Option\nUsage: logcat/,
    );
    const modern = await adb.adb(['-s', phones.phone!.serial, 'shell', 'logcat -d -t 1 --pid=1']);
    expect(modern.code).toBe(0);
  });
});
