// `androperator android <verb>` for every diagnostics verb that cli.android / cli.logcat do not already run: the built
// CLI as users run it against a simulated phone over an isolated adb server. JSON on stdout with the tool's kind, the
// commands the phone received, and exit 1 with the error's code for a refused form, a malformed value and a
// device-side failure (the refusals send nothing).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runBuiltCli } from '../test-support/builtCli';
import { startTestLab, type TestLab } from '../test-support/testLab';

let lab: TestLab;

const cli = (argv: readonly string[]) => runBuiltCli(argv, { ...lab.env, ANDROPERATOR_NO_DAEMON: '1' });

const received = (): string[] => lab.phones[0]?.device.received().map((entry) => entry.service) ?? [];

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '') throw new Error(`the CLI bundle did not build:\n${buildError}`);
  lab = await startTestLab(1);
});

afterAll(async () => {
  await lab?.stop();
});

const PKG = 'com.android.settings';

/** verb and flags, the answer's fields, and one command the phone must have received for it. */
const VERBS: Array<[string[], Record<string, unknown>, string]> = [
  [['environment'], { kind: 'android_environment', status: 'complete', api_level: 35, uid: 2000 }, 'id -u'],
  [
    ['app', '--package', PKG],
    { kind: 'android_app', status: 'complete', package: PKG },
    `dumpsys package '${PKG}'`,
  ],
  [
    ['apps', '--scope', 'system', '--limit', '3'],
    { kind: 'android_apps', scope: 'system', count: 3, limit_reached: true },
    'pm list packages -f -U -s | head -n 3',
  ],
  [
    ['top', '--limit', '4'],
    { kind: 'android_top', sort: 'resident_memory', count: 4 },
    'top -b -n 1 -m 4 -o PID,USER,RES,%MEM,%CPU,CMDLINE -s 3',
  ],
  [
    ['dumpsys', '--service', 'window', '--arguments', 'windows'],
    { kind: 'dumpsys', result: { status: 'complete', exit_code: 0 } },
    "dumpsys 'window' 'windows'",
  ],
  [
    [
      'content',
      '--uri',
      'content://settings/global',
      '--projection',
      'name,value',
      '--where-clause',
      "name='adb_enabled'",
    ],
    { kind: 'content_query', row_count: 1, result: { stdout: 'Row: 0 name=adb_enabled, value=1\n' } },
    "content query --uri 'content://settings/global' --projection 'name:value' --where 'name='\\''adb_enabled'\\'''",
  ],
  [
    ['notification', '--package', 'com.shoply.android', '--limit', '1'],
    { kind: 'notification', package: 'com.shoply.android', row_limit: 1, limit_reached: true },
    'dumpsys notification --noredact',
  ],
  [
    ['crash-report', '--limit', '2'],
    { kind: 'crash_report', status: 'complete' },
    'dumpsys dropbox --print system_app_crash system_app_anr data_app_crash data_app_anr | tail -n 160',
  ],
  [
    ['thermal-power'],
    { kind: 'thermal_power', summary: { battery: { level: expect.any(Number) as unknown } } },
    'dumpsys thermalservice',
  ],
  [['netstats', '--limit', '2'], { kind: 'netstats', row_limit: 2 }, 'dumpsys netstats detail'],
  [
    ['storage', '--limit', '3'],
    { kind: 'storage', data: { mountpoint: '/data' } },
    'df -k; du -sk /data/user/0/* 2>/dev/null | sort -nr | head -n 3',
  ],
  [['wifi-eth'], { kind: 'wifi_eth' }, 'ip route show'],
  [['doze'], { kind: 'doze', doze: { state: 'ACTIVE' } }, 'dumpsys deviceidle'],
  [
    ['permission-audit', '--package', PKG],
    { kind: 'permission_audit', packages: [{ package: PKG }] },
    `dumpsys package '${PKG}'; cmd appops get '${PKG}'`,
  ],
  [
    ['connectivity', '--host', 'example.com'],
    { kind: 'connectivity', host: 'example.com', https_checked: false },
    "ping -c 3 -W 2 'example.com'",
  ],
];

describe('androperator android <diagnostics verb> (subprocess)', () => {
  it.each(VERBS)('%j prints the answer as JSON and exits 0', async (argv, fields, command) => {
    const run = await cli(['android', ...argv]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.json).toMatchObject(fields);
    expect(received()).toContain(`shell,v2,raw:${command}`);
  });

  it.each([
    [['dumpsys', '--service', 'battery', '--arguments', 'set level 0'], 'ANDROID_COMMAND_REFUSED'],
    [['dumpsys', '--service', 'deviceidle', '--arguments', 'force-idle'], 'ANDROID_COMMAND_REFUSED'],
    [['content', '--uri', 'content://settings/system;reboot'], 'INVALID_ARGUMENTS'],
    [['content', '--uri', 'content://settings/system', '--projection', 'name;id'], 'INVALID_ARGUMENTS'],
    [['app', '--package', 'com.x;reboot'], 'INVALID_ARGUMENTS'],
    [['apps', '--scope', 'vendor'], 'INVALID_ARGUMENTS'],
    [['connectivity', '--host', 'example.com;id'], 'INVALID_ARGUMENTS'],
  ])('%j exits 1 with %s and sends nothing', async (argv, code) => {
    const before = received().filter((service) => service.startsWith('shell')).length;
    const run = await cli(['android', ...argv]);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ code });
    // The CLI may still ask the phone its properties when it connects; none of the tool's commands went.
    const sent = received()
      .filter((service) => service.startsWith('shell'))
      .slice(before);
    expect(sent.filter((service) => /dumpsys|content|pidof|ping/.test(service))).toEqual([]);
  });

  it('exits 1 with the status and stderr when the device has no such service', async () => {
    const run = await cli(['android', 'dumpsys', '--service', 'nosuchservice']);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({
      code: 'ANDROID_COMMAND_FAILED',
      details: { status: 'failed', stderr: "Can't find service: nosuchservice\n" },
    });
  });
});
