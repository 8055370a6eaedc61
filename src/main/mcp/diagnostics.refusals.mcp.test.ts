// The diagnostics tools' refusals through the MCP SDK's client (in-memory transport, the registry's tools) on a
// simulated Android 15 phone over a real adb server: unknown and missing fields, malformed packages, URIs,
// projections, where clauses, settings keys and logcat filters (reference 3.2 and 3.3) are JSON-RPC invalid params
// (-32602); the reference's dumpsys action forms (3.1) are tool errors naming the rule; device-side failures are tool
// errors with the status and stderr. Each refusal is checked against the phone's received requests: nothing sent.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpClient } from '../../test-support/mcpClient';
import { useSimulatedDevice } from '../../test-support/simulatedSuite';
import { NO_APPROVER } from '../approval/approval';
import { ANDROID_TOOLS } from '../toolbox/registry';

const suite = useSimulatedDevice({ profile: 'phone' });
let client: Client;

beforeAll(async () => {
  client = await connectMcpClient(suite.adb, { name: 'diagnostics-refusals', approve: NO_APPROVER });
});

afterAll(async () => {
  await client?.close();
});

interface ToolValue {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

/** The diagnostics tools: `androperator android <verb>` (issue 17's 18). */
const NAMES = ANDROID_TOOLS.filter((tool) => tool.cli.command === 'android').map((tool) => tool.name);

/** Calls `name` on the phone: the answer and the shell commands this call sent. */
async function call(name: string, args: Record<string, unknown>) {
  const last = suite.sim.device.received().at(-1);
  const result = (await client.callTool({ name, arguments: { ...args, device: suite.serial } })) as ToolValue;
  const received = suite.sim.device.received();
  const sent = received
    .slice(last === undefined ? 0 : received.lastIndexOf(last) + 1)
    .map((entry) => entry.service)
    .filter((service) => service.startsWith('shell'));
  return { result, sent };
}

/** The JSON-RPC error of a call that must fail before anything reaches the phone. */
async function invalidParams(name: string, args: Record<string, unknown>): Promise<string> {
  const before = suite.sim.device.received().length;
  const failure = await client.callTool({ name, arguments: { ...args, device: suite.serial } }).then(
    () => undefined,
    (error: unknown) => error as { code?: unknown; message?: string },
  );
  expect(suite.sim.device.received().length).toBe(before);
  if (failure === undefined) throw new Error(`${name} ${JSON.stringify(args)} was accepted`);
  expect(failure.code).toBe(-32602);
  return failure.message ?? '';
}

describe('invalid params (-32602), nothing sent', () => {
  it('covers the 18 diagnostics tools', () => {
    expect(NAMES).toHaveLength(18);
  });

  it.each(NAMES)('%s refuses an unknown field', async (name) => {
    expect(await invalidParams(name, { write: true })).toContain("Unrecognized key 'write'");
  });

  it.each([
    ['android_dumpsys', {}, '(path: service)'],
    ['android_settings', {}, '(path: namespace)'],
    ['android_content_query', {}, '(path: uri)'],
    ['android_background_work', {}, '(path: package)'],
  ])('%s without its required field', async (name, args, message) => {
    expect(await invalidParams(name, args)).toContain(message);
  });

  const PACKAGE_TOOLS = [
    'inspect_android_app',
    'android_logcat',
    'android_notification',
    'android_crash_report',
    'android_netstats',
    'android_storage',
    'android_permission_audit',
    'android_background_work',
  ];
  const MALFORMED = [
    'com.x;reboot',
    'com.x$(id)',
    'com.x y',
    'com.x\nid',
    "com.x'",
    'com.x`id`',
    'com.x|sh',
    '',
  ];
  it.each(PACKAGE_TOOLS.flatMap((name) => MALFORMED.map((pkg) => [name, pkg] as const)))(
    '%s refuses the package %j',
    async (name, pkg) => {
      expect(await invalidParams(name, { package: pkg })).toContain('(path: package)');
    },
  );

  it.each([
    // Reference 3.2's refused filters and 3.3's refused logcat options passed as a filter.
    '-c',
    '*:D -c',
    '-G',
    '-G 32M',
    'Tag:X',
    '-f /sdcard/log.txt',
    '*:W; logcat -c',
    '--clear',
  ])('android_logcat refuses the filter %j', async (filter) => {
    expect(await invalidParams('android_logcat', { filter })).toContain('(path: filter)');
  });

  it.each([
    [{ uri: 'content://settings/system;reboot' }, '(path: uri)'],
    [{ uri: 'http://example.com' }, '(path: uri)'],
    [{ uri: 'content://settings/system', projection: 'name;id' }, '(path: projection)'],
    [{ uri: 'content://settings/system', where_clause: 'a\nb' }, '(path: where_clause)'],
  ])('android_content_query refuses %j', async (args, message) => {
    expect(await invalidParams('android_content_query', args)).toContain(message);
  });

  it.each([
    [{ namespace: 'system', key: 'font_scale', value: '2' }, "Unrecognized key 'value'"],
    [{ namespace: 'system; reboot' }, '(path: namespace)'],
    [{ namespace: 'system', key: 'a b' }, '(path: key)'],
  ])('android_settings refuses the write-shaped %j', async (args, message) => {
    expect(await invalidParams('android_settings', args)).toContain(message);
  });
});

describe('tool errors', () => {
  it.each([
    [{ service: 'battery', arguments: 'set level 0' }],
    [{ service: 'battery', arguments: 'unplug' }],
    [{ service: 'batterystats', arguments: '--reset' }],
    [{ service: 'deviceidle', arguments: 'force-idle' }],
  ])('android_dumpsys refuses the action form %j naming the rule, and sends nothing', async (args) => {
    const { result, sent } = await call('android_dumpsys', args);
    expect(sent).toEqual([]);
    expect(result).toMatchObject({
      isError: true,
      structuredContent: {
        code: 'ANDROID_COMMAND_REFUSED',
        details: { rule: 'android-dump-options', reason: 'service_arguments' },
      },
    });
    expect(String(result.structuredContent?.message)).toContain('is not read-only');
  });

  it('answers a service the phone does not have as a tool error with the status and stderr', async () => {
    const { result, sent } = await call('android_dumpsys', { service: 'nosuchservice' });
    expect(sent).toEqual(["shell,v2,raw:dumpsys 'nosuchservice'"]);
    expect(result).toMatchObject({
      isError: true,
      structuredContent: {
        code: 'ANDROID_COMMAND_FAILED',
        details: { status: 'failed', exit_code: 0, stderr: "Can't find service: nosuchservice\n" },
      },
    });
  });

  // Android's content tool exits 0 after a provider error: the printed error alone makes the call fail.
  it('answers a provider error as a tool error with the provider text', async () => {
    const { result } = await call('android_content_query', { uri: 'content://com.example.none/items' });
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { code: 'ANDROID_COMMAND_FAILED', details: { status: 'failed', exit_code: 0 } },
    });
    expect(String(result.structuredContent?.message)).toContain('Error while accessing provider');
  });

  it('answers an unknown package of inspect_android_app as NOT_FOUND', async () => {
    const { result } = await call('inspect_android_app', { package: 'com.example.absent' });
    expect(result).toMatchObject({ isError: true, structuredContent: { code: 'NOT_FOUND' } });
  });
});
