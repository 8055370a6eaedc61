// The inspection tools (inspect_android_environment, list_android_apps, top_android_apps, android_dumpsys,
// android_content_query) through runTool on simulated Android 15 and Android 5 phones over a real adb server: the
// exact commands each device received and the parsed answers, including commands swapped for what real releases do
// (Lollipop's toolbox df, pm without -U, provider exceptions with exit 0). Refusals: inspect.refusals.simulator.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import type { Result } from '../../shared/errors';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { listAndroidApps, topAndroidApps } from './apps';
import { androidContentQuery } from './contentQuery';
import { androidDumpsys } from './dumpsys';
import { inspectAndroidEnvironment } from './environment';
import { PROBED_COMMANDS } from './environmentParse';

interface Phone {
  sim: SimulatedAndroid;
  serial: string;
}

let adb: IsolatedAdb;
const phones: Record<string, Phone> = {};

beforeAll(async () => {
  adb = await startIsolatedAdb();
  phones['phone'] = await bootSimulated(adb, { profile: 'phone' });
  phones['legacy21'] = await bootSimulated(adb, { profile: 'legacy21' });
});

afterAll(async () => {
  await Promise.all(Object.values(phones).map((phone) => phone.sim.close()));
  await adb.stop();
});

const phoneOf = (profile: string): Phone => {
  const phone = phones[profile];
  if (phone === undefined) throw new Error(`no ${profile}`);
  return phone;
};

const shellServices = (phone: Phone): string[] =>
  phone.sim.device
    .received()
    .map((entry) => entry.service)
    .filter((service) => service.startsWith('shell'));

/** Runs `tool` on the profile's phone: its answer and the shell commands this call sent. */
async function call(tool: AndroidTool, profile: string, args: Record<string, unknown>) {
  const phone = phoneOf(profile);
  // The device keeps a bounded log of requests: this call's start after the last one before it.
  const last = phone.sim.device.received().at(-1);
  const result = await runTool(tool, {
    arguments: { ...args, device: phone.serial },
    resolver: isolatedResolver(adb),
    approve: NO_APPROVER,
  });
  const received = phone.sim.device.received();
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

/** Swaps a simulated command for the test's duration (a device whose command behaves as a real release's does). */
async function withCommand(
  profile: string,
  name: string,
  replace: (
    original: NonNullable<ReturnType<SimulatedAndroid['device']['commands']['get']>>,
  ) => Parameters<SimulatedAndroid['device']['commands']['register']>[1],
  body: () => Promise<void>,
): Promise<void> {
  const { commands } = phoneOf(profile).sim.device;
  const original = commands.get(name);
  if (original === undefined) throw new Error(`the simulator has no ${name}`);
  commands.register(name, replace(original));
  try {
    await body();
  } finally {
    commands.register(name, original);
  }
}

describe.each([
  ['phone', { release: '15', api: 35, abi: 'arm64-v8a' }],
  ['legacy21', { release: '5.0.2', api: 21, abi: 'armeabi-v7a' }],
])('on %s', (profile, build) => {
  it('inspect_android_environment sends the six probes and answers the reference fields', async () => {
    const { result, sent } = await call(inspectAndroidEnvironment, profile, {});
    expect([...sent].sort()).toEqual(
      [
        `for k in ro.build.version.release ro.build.version.sdk ro.product.cpu.abi ro.product.cpu.abilist; do printf '%s=%s\\n' "$k" "$(getprop "$k")"; done`,
        'id -u',
        'getenforce',
        "grep -E '^(MemTotal|MemAvailable):' /proc/meminfo",
        'df -k /data',
        `for c in ${PROBED_COMMANDS.join(' ')}; do p=$(command -v "$c") || p=; printf '%s=%s\\n' "$c" "$p"; done`,
      ].sort(),
    );
    const answer = value(result);
    expect(answer).toMatchObject({
      kind: 'android_environment',
      status: 'complete',
      android_release: build.release,
      api_level: build.api,
      device_abi: build.abi,
      uid: 2000,
      selinux: 'Enforcing',
      data_kib: { mountpoint: '/data' },
    });
    expect(answer.supported_abis[0]).toBe(build.abi);
    expect(answer.memory_kib.total).toBeGreaterThan(answer.memory_kib.available);
    expect(answer.data_kib.total).toBeGreaterThanOrEqual(answer.data_kib.used);
    expect(Object.keys(answer.commands)).toEqual([...PROBED_COMMANDS]);
    expect(answer.commands.toybox).toBe('/system/bin/toybox');
    expect(answer.commands.curl).toBeNull();
  });

  it('list_android_apps sends pm list packages with the scope flag and head, rows with path and uid', async () => {
    const user = await call(listAndroidApps, profile, { scope: 'user', limit: 2 });
    expect(user.sent).toEqual(['pm list packages -f -U -3 | head -n 2']);
    const answer = value(user.result);
    expect(answer).toMatchObject({
      kind: 'android_apps',
      status: 'complete',
      scope: 'user',
      count: 2,
      limit_reached: true,
      uids_supported: true,
    });
    for (const row of answer.packages) {
      expect(row.apk_path).toMatch(/^\/data\/app\/.+\.apk$/);
      expect(row.uid).toBeGreaterThanOrEqual(10000);
    }
    const system = await call(listAndroidApps, profile, { scope: 'system' });
    expect(system.sent).toEqual(['pm list packages -f -U -s | head -n 200']);
    const packages = value(system.result).packages.map((row: { package: string }) => row.package);
    expect(packages).toContain('com.android.settings');
    expect(value(system.result).limit_reached).toBe(false);
  });

  it('top_android_apps sends one top snapshot sorted on RES and keeps at most limit process rows', async () => {
    const { result, sent } = await call(topAndroidApps, profile, { limit: 2 });
    expect(sent).toEqual(['top -b -n 1 -m 2 -o PID,USER,RES,%MEM,%CPU,CMDLINE -s 3']);
    const answer = value(result);
    expect(answer).toMatchObject({
      kind: 'android_top',
      status: 'complete',
      sort: 'resident_memory',
      count: 2,
    });
    expect(answer.rows).toHaveLength(2);
    for (const row of answer.rows) expect(row).toMatch(/^\d+ /);
    expect(answer.raw_header.length).toBeLessThanOrEqual(5);
  });

  it.each([
    [{ service: 'battery' }, "dumpsys 'battery'"],
    [{ service: 'activity', arguments: 'activities' }, "dumpsys 'activity' 'activities'"],
    [{ service: 'activity', arguments: 'top' }, "dumpsys 'activity' 'top'"],
    [{ service: 'window', arguments: 'windows' }, "dumpsys 'window' 'windows'"],
    [{ service: 'package', arguments: 'com.android.settings' }, "dumpsys 'package' 'com.android.settings'"],
    [
      { service: 'meminfo', arguments: '-a com.android.settings' },
      "dumpsys 'meminfo' '-a' 'com.android.settings'",
    ],
  ])('android_dumpsys runs the read-only form %j quoted word by word', async (args, command) => {
    const { result, sent } = await call(androidDumpsys, profile, args);
    expect(sent).toEqual([command]);
    expect(value(result)).toMatchObject({
      kind: 'dumpsys',
      command,
      result: { status: 'complete', exit_code: 0 },
    });
    expect(value(result).result.stdout).not.toBe('');
  });

  it('android_content_query sends the URI, the projection joined with : and the where clause, quoted', async () => {
    const { result, sent } = await call(androidContentQuery, profile, {
      uri: 'content://settings/system',
      projection: 'name, value',
      where_clause: "name='font_scale'",
    });
    const command =
      "content query --uri 'content://settings/system' --projection 'name:value' --where 'name='\\''font_scale'\\'''";
    expect(sent).toEqual([command]);
    expect(value(result)).toMatchObject({
      kind: 'content_query',
      command,
      row_count: 1,
      result: { status: 'complete', stdout: 'Row: 0 name=font_scale, value=1.0\n' },
    });
  });

  it('android_content_query reports an unknown URI as a failure with the provider text', async () => {
    const { result } = await call(androidContentQuery, profile, { uri: 'content://com.example.none/items' });
    // Android's `content` catches the provider's exception, prints it and still exits 0.
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'ANDROID_COMMAND_FAILED', details: { status: 'failed', exit_code: 0 } },
    });
    expect(!result.ok && result.error.message).toContain('Unknown URI content://com.example.none/items');
  });
});

describe('list_android_apps and top_android_apps limits', () => {
  it.each([
    [listAndroidApps, 0, 'pm list packages -f -U | head -n 1', 1],
    [listAndroidApps, 9999, 'pm list packages -f -U | head -n 500', 500],
    [topAndroidApps, 0, 'top -b -n 1 -m 1 -o PID,USER,RES,%MEM,%CPU,CMDLINE -s 3', 1],
    [topAndroidApps, 51, 'top -b -n 1 -m 50 -o PID,USER,RES,%MEM,%CPU,CMDLINE -s 3', 50],
  ])(
    '%#: clamps an out-of-range limit %s as the reference does and sends %s',
    async (tool, limit, command, kept) => {
      const { result, sent } = await call(tool, 'phone', { limit });
      expect(sent).toEqual([command]);
      const answer = value(result);
      expect(answer.count).toBeLessThanOrEqual(kept);
      if (tool === listAndroidApps) expect(answer.limit).toBe(kept);
    },
  );
});

describe('inspect_android_environment status', () => {
  it("answers partial with data_kib null for Lollipop's toolbox df, which has no -k", async () => {
    await withCommand(
      'legacy21',
      'df',
      () => (context) => {
        // toolbox df (Android 5): `-k` is taken for a path; sizes are human-readable; the failed path sets status 1.
        context.stdout('Filesystem               Size     Used     Free   Blksize\n');
        context.stderr('-k: No such file or directory\n');
        context.stdout('/data                   12.6G     1.2G    11.4G   4096\n');
        return 1;
      },
      async () => {
        const answer = value((await call(inspectAndroidEnvironment, 'legacy21', {})).result);
        expect(answer).toMatchObject({ status: 'partial', api_level: 21, data_kib: null });
        expect(answer.sections.data).toMatchObject({ status: 'partial', exit_code: 1 });
      },
    );
  });
});

describe('android_dumpsys missing services', () => {
  it('answers a service the device does not have (Android 5: deviceidle) as a failure, not complete', async () => {
    const { result, sent } = await call(androidDumpsys, 'legacy21', { service: 'deviceidle' });
    expect(sent).toEqual(["dumpsys 'deviceidle'"]);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'ANDROID_COMMAND_FAILED',
        details: { status: 'failed', exit_code: 0, stderr: "Can't find service: deviceidle\n" },
      },
    });
    const modern = await call(androidDumpsys, 'phone', { service: 'deviceidle' });
    expect(value(modern.result).result.status).toBe('complete');
  });
});

describe('android_dumpsys $ selectors', () => {
  it('keeps a $ selector literal: single-quoted, so no shell variable is expanded and no loop can run', async () => {
    const { result, sent } = await call(androidDumpsys, 'phone', { service: 'package', arguments: '$pkg' });
    expect(sent).toEqual(["dumpsys 'package' '$pkg'"]);
    expect(value(result).result.stdout).toBe('');
  });
});

describe('android_content_query answers', () => {
  it('takes a projection array as given and joins it with :', async () => {
    const { sent } = await call(androidContentQuery, 'phone', {
      uri: 'content://settings/secure',
      projection: ['name', 'value'],
    });
    expect(sent).toEqual(["content query --uri 'content://settings/secure' --projection 'name:value'"]);
  });

  it.each([
    [
      'SecurityException',
      'java.lang.SecurityException: Permission Denial: reading com.x.Provider uri content://x',
    ],
    ['IllegalArgumentException', 'java.lang.IllegalArgumentException: Invalid column name'],
    ['Error while accessing provider', 'Error while accessing provider:x'],
  ])('answers provider text %s with exit 0 as a failure, not an answer', async (marker, text) => {
    await withCommand(
      'phone',
      'content',
      () => (context) => {
        // Older `content` tools print the exception on stdout and still exit 0.
        context.stdout(`${text}\n`);
        return 0;
      },
      async () => {
        const { result } = await call(androidContentQuery, 'phone', { uri: 'content://x/items' });
        expect(result).toMatchObject({
          ok: false,
          error: { code: 'ANDROID_COMMAND_FAILED', details: { status: 'failed', exit_code: 0 } },
        });
        expect(!result.ok && result.error.message).toContain(`the provider refused the query (${marker})`);
      },
    );
  });
});

describe('list_android_apps on releases without pm -U', () => {
  it('reads the list again without -U when pm refuses the option (Android 5-7), uids null', async () => {
    await withCommand(
      'legacy21',
      'pm',
      (original) => (context) => {
        // pm before Android 8 (Pm.java runListPackages): an unknown option is an error line and status 1.
        const unknown = context.args.find((arg) => arg === '-U');
        if (context.args[0] === 'list' && unknown !== undefined) {
          context.stderr(`Error: Unknown option: ${unknown}\n`);
          return 1;
        }
        return original(context);
      },
      async () => {
        const { result, sent } = await call(listAndroidApps, 'legacy21', { scope: 'user', limit: 3 });
        expect(sent).toEqual(['pm list packages -f -U -3 | head -n 3', 'pm list packages -f -3 | head -n 3']);
        const answer = value(result);
        expect(answer).toMatchObject({
          status: 'complete',
          count: 3,
          uids_supported: false,
          command: 'pm list packages -f -3 | head -n 3',
        });
        expect(answer.packages.map((row: { uid: unknown }) => row.uid)).toEqual([null, null, null]);
      },
    );
  });

  it('answers pm’s Error: line as a failure although head exits 0', async () => {
    await withCommand(
      'phone',
      'pm',
      () => (context) => {
        context.stderr('Error: Could not access the Package Manager.  Is the system running?\n');
        return 1;
      },
      async () => {
        const { result } = await call(listAndroidApps, 'phone', {});
        expect(result).toMatchObject({
          ok: false,
          error: {
            code: 'ANDROID_COMMAND_FAILED',
            details: { command: 'pm list packages -f -U | head -n 200', status: 'failed', exit_code: 0 },
          },
        });
        expect(!result.ok && result.error.message).toContain('Could not access the Package Manager');
      },
    );
  });
});

describe('inspection tools never ask for su', () => {
  it('never asks for su: no probe of the environment or app list runs as root', () => {
    const shell = shellServices(phoneOf('phone')).concat(shellServices(phoneOf('legacy21')));
    expect(shell.length).toBeGreaterThan(0);
    expect(shell.filter((service) => /\bsu\b/.test(service))).toEqual([]);
  });
});
