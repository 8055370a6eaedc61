// android_logcat through runTool on simulated phones (API 33 and API 21): the exact logcat command the device received,
// pid resolution, refusals, redaction and limit_reached.
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
    // Android 5-6 logcat has no --pid: the window is read whole and filtered on the host, and the answer says so.
    const pidOption = profile === 'legacy21' ? '' : ` --pid=${pid}`;
    expect(services(profile)).toContain(
      `shell,v2,raw:logcat -d -v threadtime,epoch -t ${value.cutoff.cutoff_epoch_s}.000${pidOption} -m 200 'MyTag:D' '*:S'`,
    );
    expect(value).toMatchObject({ pid_filter: profile === 'legacy21' ? 'host' : 'device' });
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
    expect(result.ok && (result.value as { entries: unknown[] }).entries.length).toBe(3);
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
    expect(`${legacy.stdout.toString()}${legacy.stderr.toString()}`).toContain('--pid');
    const modern = await adb.adb(['-s', phones.phone!.serial, 'shell', 'logcat -d -t 1 --pid=1']);
    expect(modern.code).toBe(0);
  });
});
