// The aggregate tools through runTool on simulated phones (a real adb server): what each device received and what
// each tool answers, on Android 15 and on Android 5 (no deviceidle, thermalservice or ethernet service).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import { runShell } from '../../../test-support/runShell';
import { crashApp } from '../../../simulator/device/appFaults';
import { systemStateOf } from '../../../simulator/device/systemState';
import type { Result } from '../../../shared/errors';
import { NO_APPROVER } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import type { AndroidTool } from '../../android/tool';
import { androidCrashReport, androidNetstats, androidNotification } from './filtered';
import { androidConnectivity, androidWifiEth } from './network';
import { androidPermissionAudit } from './permissionAudit';
import { androidStorage } from './storage';
import { androidDoze, androidThermalPower } from './thermalPower';

let adb: IsolatedAdb;
let phone: { sim: SimulatedAndroid; serial: string };
let legacy: { sim: SimulatedAndroid; serial: string };

beforeAll(async () => {
  adb = await startIsolatedAdb();
  phone = await bootSimulated(adb, { profile: 'phone' });
  legacy = await bootSimulated(adb, { profile: 'legacy21' });
});

afterAll(async () => {
  await phone.sim.close();
  await legacy.sim.close();
  await adb.stop();
});

/** Runs `tool` on `device` and returns its answer (throws on a tool error) with the shell commands it sent. */
async function call(
  tool: AndroidTool,
  device: { sim: SimulatedAndroid; serial: string },
  args: Record<string, unknown> = {},
) {
  // The device keeps a bounded log of requests: find where this call's requests start by the last one before it.
  const last = device.sim.device.received().at(-1);
  const result = await runTool(tool, {
    arguments: { ...args, device: device.serial },
    resolver: isolatedResolver(adb),
    approve: NO_APPROVER,
  });
  const received = device.sim.device.received();
  const sent = received
    .slice(last === undefined ? 0 : received.lastIndexOf(last) + 1)
    .map((entry) => entry.service)
    .filter((service) => service.startsWith('shell,v2,raw:'))
    .map((service) => service.slice('shell,v2,raw:'.length));
  return { result, sent };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const value = (result: Result<unknown>): any => {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

describe('filtered tools', () => {
  it('android_notification keeps the package lines, capped by limit, with the caveat', async () => {
    const { result, sent } = await call(androidNotification, phone, {
      package: 'com.shoply.android',
      limit: 3,
    });
    expect(sent).toEqual(['dumpsys notification --noredact']);
    const answer = value(result);
    expect(answer).toMatchObject({ kind: 'notification', status: 'complete', package: 'com.shoply.android' });
    expect(answer.rows).toHaveLength(3);
    expect(answer.rows.every((row: string) => row.includes('com.shoply.android'))).toBe(true);
    expect(answer.limit_reached).toBe(true);
    expect(answer.caveats.join(' ')).toContain('do not prove absence');
  });

  it('android_crash_report lists a fresh crash with its exception line and the dropbox rows', async () => {
    const launched = await runShell('monkey -p com.simmail.android -c android.intent.category.LAUNCHER 1', {
      state: phone.sim.device.state,
    });
    expect(launched.status).toBe(0);
    const crashed = crashApp(phone.sim.device.state, 'com.simmail.android', {
      exception: 'java.lang.IllegalStateException',
      message: 'Shade not attached',
    });
    expect(crashed.ok).toBe(true);
    const { result, sent } = await call(androidCrashReport, phone, { limit: 5 });
    expect(sent).toEqual([
      'dumpsys dropbox --print system_app_crash system_app_anr data_app_crash data_app_anr | tail -n 400',
    ]);
    const answer = value(result);
    expect(answer.kind).toBe('crash_report');
    const tags = answer.entries.map((entry: { tag: string }) => entry.tag);
    expect(tags).toEqual(expect.arrayContaining(['data_app_crash', 'data_app_anr']));
    const anr = answer.entries.find((entry: { tag: string }) => entry.tag === 'data_app_anr');
    expect(anr).toMatchObject({ package: 'com.shoply.android', pid: expect.any(Number) });
    expect(anr.first_exception_line).toContain('Input dispatching timed out');
    const fresh = answer.entries.find(
      (entry: { process: string }) => entry.process === 'com.simmail.android',
    );
    expect(fresh?.first_exception_line).toContain('Shade not attached');
    expect(fresh?.evidence).toContain('Process: com.simmail.android');
    expect(answer.rows.length).toBeLessThanOrEqual(200);
  });

  it('android_crash_report with a package keeps only its entries and rows', async () => {
    const answer = value((await call(androidCrashReport, phone, { package: 'com.shoply.android' })).result);
    expect(answer.entries.length).toBeGreaterThan(0);
    expect(answer.entries.every((entry: { package: string }) => entry.package === 'com.shoply.android')).toBe(
      true,
    );
    expect(answer.rows.every((row: string) => row.includes('com.shoply.android'))).toBe(true);
  });

  it('android_netstats runs dumpsys netstats detail; an app is found by its uid, not its package', async () => {
    const all = await call(androidNetstats, phone);
    expect(all.sent).toEqual(['dumpsys netstats detail']);
    const uid = /uid=(1\d{4})\b/.exec(value(all.result).rows.join('\n'))?.[1];
    expect(uid).toBeDefined();
    const answer = value((await call(androidNetstats, phone, { package: uid })).result);
    expect(answer.rows.every((row: string) => row.includes(uid as string))).toBe(true);
    expect(answer.rows.some((row: string) => row.includes(`uid=${uid}`))).toBe(true);
    expect(
      value((await call(androidNetstats, phone, { package: 'com.shoply.android' })).result).rows,
    ).toEqual([]);
    expect(answer.caveats.join(' ')).toContain('uids');
  });
});

describe('section tools', () => {
  it('android_thermal_power runs the four dumps and parses battery and thermal state', async () => {
    systemStateOf(phone.sim.device.state).thermalStatus = 3;
    const { result, sent } = await call(androidThermalPower, phone);
    expect([...sent].sort()).toEqual([
      'dumpsys battery',
      'dumpsys deviceidle',
      'dumpsys power',
      'dumpsys thermalservice',
    ]);
    const answer = value(result);
    expect(answer.status).toBe('complete');
    expect(Object.keys(answer.sections)).toEqual(['battery', 'thermal', 'power', 'deviceidle']);
    expect(answer.summary.battery).toMatchObject({ level: 78, status_name: 'charging', temperature_c: 29.1 });
    expect(answer.summary.thermal).toMatchObject({ status: 3, status_name: 'severe' });
    expect(answer.summary.doze).toMatchObject({ state: 'ACTIVE', light_state: 'ACTIVE' });
    systemStateOf(phone.sim.device.state).thermalStatus = 0;
  });

  it('android_thermal_power on Android 5: the missing services fail their sections only', async () => {
    const answer = value((await call(androidThermalPower, legacy)).result);
    expect(answer.status).toBe('partial');
    expect(answer.sections.battery.status).toBe('complete');
    expect(answer.sections.thermal).toMatchObject({ status: 'failed', exit_code: 0 });
    expect(answer.sections.thermal.stderr).toContain("Can't find service: thermalservice");
    expect(answer.sections.deviceidle.status).toBe('failed');
    expect(answer.summary.thermal).toBeNull();
    expect(answer.summary.battery).toMatchObject({ level: 78, status_name: 'charging' });
  });

  it('android_wifi_eth: four sections; Android 5 without dumpsys ethernet fails that section alone', async () => {
    const { result, sent } = await call(androidWifiEth, legacy);
    expect([...sent].sort()).toEqual([
      'dumpsys ethernet',
      'dumpsys wifi',
      'ip address show',
      'ip route show',
    ]);
    const answer = value(result);
    expect(answer.sections.ethernet.status).toBe('failed');
    expect(answer.sections.wifi.status).toBe('complete');
    expect(answer.sections.interfaces.stdout).toContain('wlan0');
    expect(answer.sections.routes.stdout).toContain('dev wlan0');
    expect(answer.status).toBe('partial');
  });

  it('android_doze parses deep and light state; Android 5 has no deviceidle and fails with its stderr', async () => {
    systemStateOf(phone.sim.device.state).doze = { deep: 'IDLE', light: 'OVERRIDE' };
    const { result, sent } = await call(androidDoze, phone);
    expect(sent).toEqual(['dumpsys deviceidle']);
    expect(value(result)).toMatchObject({ kind: 'doze', doze: { state: 'IDLE', light_state: 'OVERRIDE' } });
    systemStateOf(phone.sim.device.state).doze = { deep: 'ACTIVE', light: 'ACTIVE' };
    const old = await call(androidDoze, legacy);
    expect(old.result).toMatchObject({
      ok: false,
      error: {
        code: 'ANDROID_COMMAND_FAILED',
        details: { stderr: expect.stringContaining("Can't find service") },
      },
    });
  });

  it('android_connectivity: DNS ping, ping, routes and the default network summary, https not checked', async () => {
    const { result, sent } = await call(androidConnectivity, phone);
    expect([...sent].sort()).toEqual([
      'dumpsys connectivity',
      'ip route show',
      "ping -c 1 -W 2 'connectivitycheck.gstatic.com'",
      "ping -c 3 -W 2 'connectivitycheck.gstatic.com'",
    ]);
    const answer = value(result);
    expect(answer).toMatchObject({
      kind: 'connectivity',
      host: 'connectivitycheck.gstatic.com',
      https_checked: false,
    });
    expect(answer.sections.dns.status).toBe('complete');
    expect(answer.sections.ping.stdout).toContain('3 packets transmitted');
    expect(answer.sections.connectivity).toMatchObject({
      active_default_network: '100',
      transport: 'WIFI',
      interface: 'wlan0',
      link_addresses: '192.168.1.23/24',
      dns_addresses: '192.168.1.1',
    });
    expect(JSON.stringify(answer.sections.connectivity).length).toBeLessThan(1000);
    expect(answer.caveats.join(' ')).toContain('does not prove HTTPS');
  });
});

describe('cancellation', () => {
  it('cancelling android_connectivity while its pings run closes the streams and answers COMMAND_CANCELLED', async () => {
    const controller = new AbortController();
    const last = phone.sim.device.received().at(-1);
    const running = runTool(androidConnectivity, {
      arguments: { device: phone.serial },
      resolver: isolatedResolver(adb),
      approve: NO_APPROVER,
      signal: controller.signal,
    });
    await vi.waitFor(
      () => {
        const received = phone.sim.device.received();
        const since = received.slice(last === undefined ? 0 : received.lastIndexOf(last) + 1);
        expect(since.map((entry) => entry.service)).toContain(
          "shell,v2,raw:ping -c 3 -W 2 'connectivitycheck.gstatic.com'",
        );
      },
      { timeout: 10_000, interval: 20 },
    );
    controller.abort();
    expect(await running).toMatchObject({ ok: false, error: { code: 'COMMAND_CANCELLED' } });
  });
});

describe('storage and permissions', () => {
  it('android_storage without a package: df rows, no app data as shell, and the root caveat', async () => {
    const { result, sent } = await call(androidStorage, phone, { limit: 5 });
    expect(sent).toEqual(['df -k; du -sk /data/user/0/* 2>/dev/null | sort -nr | head -n 5']);
    const answer = value(result);
    expect(answer.data).toMatchObject({ mountpoint: '/data', total_kib: expect.any(Number) });
    expect(answer.app_data).toEqual([]);
    expect(answer.caveats.join(' ')).toContain('needs root');
  });

  it('android_storage with a package quotes both data paths', async () => {
    const { sent } = await call(androidStorage, phone, { package: 'com.shoply.android' });
    expect(sent).toEqual([
      "df -k; du -sk '/data/user/0/com.shoply.android' '/data/data/com.shoply.android' 2>/dev/null",
    ]);
  });

  it('android_permission_audit for a package parses grants and AppOps', async () => {
    const { result, sent } = await call(androidPermissionAudit, phone, { package: 'com.shoply.android' });
    expect(sent).toEqual(["dumpsys package 'com.shoply.android'; cmd appops get 'com.shoply.android'"]);
    const [audit] = value(result).packages;
    expect(audit.permissions).toContainEqual({
      permission: 'android.permission.CAMERA',
      kind: 'runtime',
      granted: false,
    });
    expect(audit.appops).toContainEqual({ op: 'WAKE_LOCK', mode: 'allow' });
  });

  it('android_permission_audit without a package audits the first limit third-party packages', async () => {
    const answer = value((await call(androidPermissionAudit, phone, { limit: 2 })).result);
    expect(answer.packages.map((entry: { package: string }) => entry.package)).toEqual([
      'com.androperator.operator',
      'com.atlasmaps.app',
    ]);
    expect(answer.packages[1].permissions).toContainEqual({
      permission: 'android.permission.ACCESS_FINE_LOCATION',
      kind: 'runtime',
      granted: true,
    });
  });

  it('android_permission_audit of an unknown package fails with the device error', async () => {
    const { result } = await call(androidPermissionAudit, phone, { package: 'com.example.absent' });
    expect(result).toMatchObject({ ok: false, error: { code: 'ANDROID_COMMAND_FAILED' } });
    expect(!result.ok && result.error.message).toContain('No UID for com.example.absent');
  });
});

describe('refusals', () => {
  it.each([
    [androidConnectivity, { host: 'example.com;reboot' }, 'host must use only letters'],
    [androidConnectivity, { host: "a'b" }, 'host must use only letters'],
    [androidNotification, { package: 'com.x$(id)' }, 'package must use only letters'],
    [androidCrashReport, { limit: 1.5 }, 'limit must be an integer'],
    [androidStorage, { package: '../../etc' }, 'package must use only letters'],
    [androidDoze, { force: true }, 'force is not a known field'],
  ] as Array<[AndroidTool, Record<string, unknown>, string]>)(
    '%# refuses before anything reaches the device',
    async (tool, args, message) => {
      const { result, sent } = await call(tool, phone, args);
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
      expect(!result.ok && result.error.message).toContain(message);
      expect(sent).toEqual([]);
    },
  );

  it('clamps limits as the reference does', async () => {
    const { sent } = await call(androidCrashReport, phone, { limit: 1000 });
    expect(sent[0]).toContain('tail -n 8000');
  });
});
