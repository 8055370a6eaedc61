// android_logcat through the MCP SDK's client (in-memory transport) against a simulated phone over a real adb server:
// a directed window answers structuredContent, invalid params are JSON-RPC -32602 before anything reaches the
// phone, and device-side failures are tool errors (isError) that carry the status and stderr.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { connectMcpClient } from '../../test-support/mcpClient';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { processesOf } from '../../simulator/device/processes';
import { NO_APPROVER } from '../approval/approval';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
let client: Client;

interface ToolValue {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: Array<{ type: string; text?: string }>;
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { profile: 'phone' }));
  // The registry's tools, as `androperator mcp serve` serves them, with no approval policy.
  client = await connectMcpClient(adb, { name: 'logcat-test', approve: NO_APPROVER });
});

afterAll(async () => {
  await client?.close();
  await sim?.close();
  await adb?.stop();
});

const services = (): string[] => sim.device.received().map((entry) => entry.service);
const logcat = async (args: Record<string, unknown>): Promise<ToolValue> =>
  (await client.callTool({ name: 'android_logcat', arguments: args })) as ToolValue;

describe('android_logcat over MCP', () => {
  it('is listed read-only with the seed parameters and a device argument', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((entry) => entry.name === 'android_logcat');
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(
      ['device', 'filter', 'lines', 'package', 'pid', 'redact', 'since_secs'].sort(),
    );
    expect(tool?.inputSchema).toMatchObject({ additionalProperties: false });
  });

  it('reads a package window with the filter, redacted, as structuredContent and JSON text', async () => {
    const pkg = sim.device.state.foreground.packageName;
    const pid = processesOf(sim.device.state).pidOf(pkg) ?? 0;
    sim.device.state.appendLog({
      priority: 'D',
      tag: 'McpTag',
      message: 'password=hunter2 sent',
      pid,
      tid: pid,
    });
    const result = await logcat({
      package: pkg,
      since_secs: 300,
      lines: 20,
      filter: 'McpTag:D *:S',
      device: serial,
    });
    expect(result.isError).toBeUndefined();
    const value = result.structuredContent as {
      scope: string;
      pid: number;
      entries: Array<{ tag: string; message: string }>;
      cutoff: { device_epoch_s: number; cutoff_epoch_s: number };
      redactions: number;
    };
    expect(value).toMatchObject({ kind: 'logcat', scope: 'package', pid, package: pkg, redacted: true });
    expect(value.entries.map((entry) => entry.tag)).toEqual(['McpTag']);
    expect(value.entries[0]?.message).not.toContain('hunter2');
    expect(value.redactions).toBe(1);
    expect(JSON.parse(result.content?.[0]?.text ?? '{}')).toMatchObject({ kind: 'logcat', pid });
    expect(services()).toContain(
      `shell,v2,raw:logcat -d -v threadtime,epoch -t ${value.cutoff.cutoff_epoch_s}.000 --pid=${pid} -m 20 'McpTag:D' '*:S'`,
    );
  });

  it.each([
    [{ lines: 0 }, '(path: lines)'],
    [{ lines: 'many' }, '(path: lines)'],
    [{ filter: '-c' }, 'must be filter specs'],
    [{ filter: '*:D -G 16M' }, '(path: filter)'],
    [{ package: 'com.example.app', pid: 12 }, 'give package or pid, not both'],
    [{ since_secs: 7200 }, 'must be at most 3600 (path: since_secs)'],
    [{ clear: true }, 'clear'],
  ])('answers JSON-RPC invalid params (-32602) to %j and sends nothing', async (args, message) => {
    const before = services().length;
    const call = logcat({ ...args, device: serial });
    await expect(call).rejects.toMatchObject({ code: -32602 });
    await expect(call).rejects.toThrow(message);
    expect(services().length).toBe(before);
  });

  it('answers a tool error for a package that is not running, with its reason and no logcat sent', async () => {
    const before = services().length;
    const result = await logcat({ package: 'com.example.notrunning', device: serial });
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { code: 'NOT_FOUND', details: { reason: 'not_running' } },
    });
    expect(services().slice(before)).toEqual(["shell,v2,raw:pidof 'com.example.notrunning'"]);
  });

  it('answers a tool error with the status, exit code and stderr when logcat fails on the device', async () => {
    const original = sim.device.commands.get('logcat');
    // A device whose log daemon is down: the logcat binary fails with a message on stderr.
    sim.device.commands.register('logcat', (context) => {
      context.stderr('logcat: failed to read from logd: Connection refused\n');
      return 1;
    });
    try {
      const result = await logcat({ lines: 10, device: serial });
      expect(result).toMatchObject({
        isError: true,
        structuredContent: {
          code: 'ANDROID_COMMAND_FAILED',
          details: {
            command: 'logcat -d -t 10',
            status: 'failed',
            exit_code: 1,
            stderr: 'logcat: failed to read from logd: Connection refused\n',
          },
        },
      });
      expect(String(result.structuredContent?.message)).toContain('exit status 1');
    } finally {
      if (original !== undefined) sim.device.commands.register('logcat', original);
    }
  });

  it('answers a tool error naming the connected devices for an unknown device', async () => {
    const result = await logcat({ lines: 5, device: 'emulator-9999' });
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { code: 'DEVICE_NOT_FOUND', details: { connected: [serial] } },
    });
  });
});
