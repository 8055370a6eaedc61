// Every read-only diagnostics tool of issue 17 through the MCP SDK's client (in-memory transport, the registry's tools
// as `androperator mcp serve` serves them) on a simulated Android 15 phone over a real adb server: each listed
// read-only with a `device` argument and a strict schema, each called once and checked against the reference's
// result names (section 2) and the exact commands the phone received. Refusals: diagnostics.refusals.mcp.test.ts.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpClient } from '../../test-support/mcpClient';
import { useSimulatedDevice } from '../../test-support/simulatedSuite';
import { NO_APPROVER } from '../approval/approval';

const suite = useSimulatedDevice({ profile: 'phone' });
let client: Client;

beforeAll(async () => {
  client = await connectMcpClient(suite.adb, { name: 'diagnostics-test', approve: NO_APPROVER });
});

afterAll(async () => {
  await client?.close();
});

interface ToolValue {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: Array<{ type: string; text?: string }>;
}

const SHELL = 'shell,v2,raw:';

/** Calls `name` on the phone: the answer and the shell commands this call sent. */
async function call(name: string, args: Record<string, unknown>) {
  const last = suite.sim.device.received().at(-1);
  const result = (await client.callTool({
    name,
    arguments: { ...args, device: suite.serial },
  })) as ToolValue;
  const received = suite.sim.device.received();
  const sent = received
    .slice(last === undefined ? 0 : received.lastIndexOf(last) + 1)
    .map((entry) => entry.service)
    .filter((service) => service.startsWith(SHELL))
    .map((service) => service.slice(SHELL.length));
  return { result, sent };
}

const PKG = 'com.android.settings';
/** The phone's foreground app (running, so it has a pid and memory). */
const LAUNCHER = 'com.google.android.apps.nexuslauncher';
const DROPBOX = 'dumpsys dropbox --print system_app_crash system_app_anr data_app_crash data_app_anr';

/** name, arguments, the commands the phone must receive (any order), the reference's result fields. */
const TOOLS: Array<[string, Record<string, unknown>, string[], Record<string, unknown>]> = [
  [
    'inspect_android_environment',
    {},
    [
      `for k in ro.build.version.release ro.build.version.sdk ro.product.cpu.abi ro.product.cpu.abilist; do printf '%s=%s\\n' "$k" "$(getprop "$k")"; done`,
      'id -u',
      'getenforce',
      "grep -E '^(MemTotal|MemAvailable):' /proc/meminfo",
      'df -k /data',
      `for c in toybox awk sed grep find tar gzip unzip zip sqlite3 nc ping bash curl wget jq openssl git python3 busybox tcpdump; do p=$(command -v "$c") || p=; printf '%s=%s\\n' "$c" "$p"; done`,
    ],
    {
      kind: 'android_environment',
      status: 'complete',
      android_release: '15',
      api_level: 35,
      device_abi: 'arm64-v8a',
      supported_abis: expect.arrayContaining(['arm64-v8a']),
      uid: 2000,
      selinux: 'Enforcing',
      memory_kib: { total: expect.any(Number), available: expect.any(Number) },
      data_kib: {
        total: expect.any(Number),
        used: expect.any(Number),
        available: expect.any(Number),
        mountpoint: '/data',
      },
      commands: expect.objectContaining({ toybox: '/system/bin/toybox', curl: null }),
    },
  ],
  [
    'inspect_android_app',
    {},
    [
      'dumpsys activity activities',
      `dumpsys meminfo '${LAUNCHER}'`,
      `dumpsys package '${LAUNCHER}'`,
      `pidof '${LAUNCHER}'; top -b -n 1 | grep -F '${LAUNCHER}' | head -n 5`,
      `pm path '${LAUNCHER}'; du -sk '/data/user/0/${LAUNCHER}' '/data/data/${LAUNCHER}' 2>/dev/null`,
    ],
    {
      kind: 'android_app',
      status: 'complete',
      package: LAUNCHER,
      foreground_component: expect.stringContaining(`${LAUNCHER}/`),
      summary: expect.objectContaining({
        pid: expect.any(Number),
        version_name: expect.any(String),
        version_code: expect.anything(),
        total_pss_kb: expect.any(Number),
        total_rss_kb: expect.any(Number),
        apk_paths: expect.arrayContaining([expect.stringMatching(/\.apk$/)]),
        storage_kb_lines: expect.any(Array),
      }),
      activity: expect.anything(),
      memory: expect.anything(),
      package_info: expect.anything(),
      process: expect.anything(),
      storage: expect.anything(),
    },
  ],
  [
    'list_android_apps',
    { scope: 'user', limit: 2 },
    ['pm list packages -f -U -3 | head -n 2'],
    {
      status: 'complete',
      scope: 'user',
      count: 2,
      packages: [
        { package: expect.any(String), apk_path: expect.any(String), uid: expect.any(Number) },
        { package: expect.any(String), apk_path: expect.any(String), uid: expect.any(Number) },
      ],
      stderr: '',
    },
  ],
  [
    'top_android_apps',
    { limit: 3 },
    ['top -b -n 1 -m 3 -o PID,USER,RES,%MEM,%CPU,CMDLINE -s 3'],
    {
      status: 'complete',
      sort: 'resident_memory',
      count: 3,
      rows: [expect.stringMatching(/^\d+ /), expect.stringMatching(/^\d+ /), expect.stringMatching(/^\d+ /)],
      raw_header: expect.any(Array),
      stderr: '',
    },
  ],
  [
    'android_dumpsys',
    { service: 'activity', arguments: 'activities' },
    ["dumpsys 'activity' 'activities'"],
    {
      kind: 'dumpsys',
      result: expect.objectContaining({
        status: 'complete',
        exit_code: 0,
        stdout: expect.stringContaining('ResumedActivity'),
        stderr: '',
      }),
    },
  ],
  [
    'android_logcat',
    { lines: 5, filter: '*:W' },
    ["logcat -d -t 5 '*:W'"],
    {
      kind: 'logcat',
      status: 'complete',
      entries: expect.any(Array),
      limits: { lines: 5, since_secs: null },
    },
  ],
  [
    'android_settings',
    { namespace: 'global', key: 'adb_enabled' },
    ["settings get global 'adb_enabled'"],
    {
      kind: 'settings',
      result: expect.objectContaining({ status: 'complete', exit_code: 0, stdout: '1\n' }),
    },
  ],
  [
    'android_content_query',
    { uri: 'content://settings/system', projection: ['name', 'value'], where_clause: "name='font_scale'" },
    [
      "content query --uri 'content://settings/system' --projection 'name:value' --where 'name='\\''font_scale'\\'''",
    ],
    {
      kind: 'content_query',
      result: expect.objectContaining({ status: 'complete', stdout: 'Row: 0 name=font_scale, value=1.0\n' }),
    },
  ],
  [
    'android_notification',
    { package: 'com.shoply.android', limit: 2 },
    ['dumpsys notification --noredact'],
    {
      kind: 'notification',
      status: 'complete',
      rows: [expect.stringContaining('com.shoply.android'), expect.stringContaining('com.shoply.android')],
      stderr: '',
    },
  ],
  [
    'android_crash_report',
    { limit: 5 },
    [`${DROPBOX} | tail -n 400`],
    {
      kind: 'crash_report',
      status: 'complete',
      rows: expect.any(Array),
      entries: expect.any(Array),
      stderr: '',
    },
  ],
  [
    'android_thermal_power',
    {},
    ['dumpsys battery', 'dumpsys thermalservice', 'dumpsys power', 'dumpsys deviceidle'],
    {
      kind: 'thermal_power',
      sections: {
        battery: expect.objectContaining({ status: 'complete', exit_code: 0 }),
        thermal: expect.objectContaining({ status: 'complete', exit_code: 0 }),
        power: expect.objectContaining({ status: 'complete', exit_code: 0 }),
        deviceidle: expect.objectContaining({ status: 'complete', exit_code: 0 }),
      },
    },
  ],
  [
    'android_netstats',
    { package: '1000', limit: 1 },
    ['dumpsys netstats detail'],
    {
      kind: 'netstats',
      status: 'complete',
      rows: [expect.stringContaining('uid=1000 ')],
      stderr: '',
    },
  ],
  [
    'android_storage',
    { package: PKG },
    [`df -k; du -sk '/data/user/0/${PKG}' '/data/data/${PKG}' 2>/dev/null`],
    { kind: 'storage', result: expect.objectContaining({ exit_code: expect.any(Number) }) },
  ],
  [
    'android_wifi_eth',
    {},
    ['dumpsys wifi', 'dumpsys ethernet', 'ip address show', 'ip route show'],
    {
      kind: 'wifi_eth',
      sections: {
        wifi: expect.objectContaining({ status: 'complete' }),
        ethernet: expect.objectContaining({ status: expect.any(String) }),
        interfaces: expect.objectContaining({ status: 'complete' }),
        routes: expect.objectContaining({ status: 'complete' }),
      },
    },
  ],
  [
    'android_doze',
    {},
    ['dumpsys deviceidle'],
    { kind: 'doze', result: expect.objectContaining({ status: 'complete', exit_code: 0 }) },
  ],
  [
    'android_permission_audit',
    { package: PKG },
    [`dumpsys package '${PKG}'; cmd appops get '${PKG}'`],
    { kind: 'permission_audit', result: expect.objectContaining({ status: 'complete' }) },
  ],
  [
    'android_connectivity',
    {},
    [
      "ping -c 1 -W 2 'connectivitycheck.gstatic.com'",
      "ping -c 3 -W 2 'connectivitycheck.gstatic.com'",
      'ip route show',
      'dumpsys connectivity',
    ],
    {
      kind: 'connectivity',
      host: 'connectivitycheck.gstatic.com',
      https_checked: false,
      sections: {
        dns: expect.objectContaining({ status: 'complete' }),
        ping: expect.objectContaining({ status: 'complete' }),
        routes: expect.objectContaining({ status: 'complete' }),
        connectivity: expect.objectContaining({
          active_default_network: expect.anything(),
          transport: expect.anything(),
          interface: expect.anything(),
          link_addresses: expect.anything(),
          dns_addresses: expect.anything(),
          stderr: expect.any(String),
        }),
      },
    },
  ],
  [
    'android_background_work',
    { package: PKG, limit: 5 },
    ['dumpsys jobscheduler', 'dumpsys alarm', `am get-standby-bucket '${PKG}'`, 'dumpsys deviceidle'],
    {
      kind: 'background_work',
      package: PKG,
      limit: 5,
      status: 'complete',
      sections: {
        jobscheduler: expect.objectContaining({ status: 'complete' }),
        alarm: expect.objectContaining({ status: 'complete' }),
        standby_bucket: expect.objectContaining({ status: 'complete', bucket: 5, bucket_name: 'EXEMPTED' }),
        deviceidle: expect.objectContaining({ status: 'complete' }),
      },
    },
  ],
];

const NAMES = TOOLS.map(([name]) => name);

describe('the diagnostics tools over MCP', () => {
  it('lists all 18 read-only, each with a device argument and a strict schema', async () => {
    const { tools } = await client.listTools();
    const listed = tools.filter((tool) => NAMES.includes(tool.name));
    expect(listed.map((tool) => tool.name).sort()).toEqual([...NAMES].sort());
    for (const tool of listed) {
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tool.inputSchema, tool.name).toMatchObject({
        type: 'object',
        additionalProperties: false,
        properties: { device: { type: 'string' } },
      });
    }
  });

  it.each(TOOLS)(
    '%s %j answers the reference fields from the commands it sent',
    async (name, args, commands, fields) => {
      const { result, sent } = await call(name, args);
      expect(result.isError, JSON.stringify(result.structuredContent)).toBeUndefined();
      expect([...sent].sort()).toEqual([...commands].sort());
      expect(result.structuredContent).toMatchObject(fields);
      expect(JSON.parse(result.content?.[0]?.text ?? '{}')).toEqual(result.structuredContent);
    },
  );
});
