// The system-trace tools through the MCP SDK's client (in-memory transport, the registry's tools as `androperator mcp
// serve` serves them) against a simulated phone over a real adb server: listed with the seed's names and risks, and
// start -> status -> stop -> analyze with each mutation approved by elicitation; a declined start starts nothing.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { connectMcpClient } from '../../test-support/mcpClient';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
let home = '';
const clients: Client[] = [];
const previousHome = process.env.ANDROPERATOR_HOME;

interface ToolValue {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: Array<{ type: string; text?: string }>;
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { profile: 'phone' }));
  // The registry's tools keep their records under the data folder: this test's own (this worker process only).
  home = mkdtempSync(join(tmpdir(), 'androperator-mcp-traces-'));
  process.env.ANDROPERATOR_HOME = home;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await sim?.close();
  await adb?.stop();
  if (previousHome === undefined) delete process.env.ANDROPERATOR_HOME;
  else process.env.ANDROPERATOR_HOME = previousHome;
  rmSync(home, { recursive: true, force: true });
});

const services = (): string[] => sim.device.received().map((entry) => entry.service);

async function connect(confirms: boolean[], asked: ElicitRequest['params'][] = []): Promise<Client> {
  const client = await connectMcpClient(adb, {
    name: 'trace-test',
    asked,
    answers: confirms.map((confirm) => ({ action: 'accept', content: { confirm } })),
  });
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<ToolValue> =>
  (await client.callTool({
    name,
    arguments: name === 'list_system_traces' ? args : { ...args, device: serial },
  })) as ToolValue;

describe('system-trace tools over MCP', () => {
  it('are listed with the seed names: start and stop change the device, the others only read', async () => {
    const client = await connect([]);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const readOnly = (name: string) => byName.get(name)?.annotations?.readOnlyHint;
    expect(readOnly('start_system_trace')).toBe(false);
    expect(readOnly('stop_system_trace')).toBe(false);
    expect(readOnly('delete_system_trace')).toBe(false);
    expect(readOnly('analyze_system_trace')).toBe(true);
    expect(readOnly('system_trace_status')).toBe(true);
    expect(readOnly('list_system_traces')).toBe(true);
    expect(Object.keys(byName.get('start_system_trace')?.inputSchema.properties ?? {}).sort()).toEqual(
      ['buffer_mb', 'device', 'duration_secs', 'package'].sort(),
    );
    expect(Object.keys(byName.get('analyze_system_trace')?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining([
        'trace_id',
        'path',
        'host_path',
        'package',
        'pid',
        'threshold_ms',
        'frame_budget_ms',
      ]),
    );
    expect(byName.get('stop_system_trace')?.inputSchema).toMatchObject({
      required: expect.arrayContaining(['trace_id']) as unknown,
      additionalProperties: false,
    });
  });

  it(
    'records, reports it recording, stops and pulls once, and analyses by trace_id',
    { timeout: 90_000 },
    async () => {
      const asked: ElicitRequest['params'][] = [];
      const client = await connect([true, true], asked);
      const packageName = sim.state.foreground.packageName;

      const started = await call(client, 'start_system_trace', { package: packageName, duration_secs: 30 });
      expect(started.isError, JSON.stringify(started.structuredContent)).toBeUndefined();
      const value = started.structuredContent as { trace_id: string; path: string };
      expect(value).toMatchObject({
        status: 'recording',
        background_analysis_scheduled: false,
        next: 'stop_system_trace',
      });
      const id = value.trace_id;
      expect(readdirSync(join(home, 'system-traces'))).toEqual([id]);
      expect(asked[0]?.message).toContain(`perfetto --detach=${id} -c - -o '${value.path}'`);
      expect(services()).toContain(`shell,v2,raw:perfetto --detach=${id} -c - -o '${value.path}'`);

      const status = await call(client, 'system_trace_status', { trace_id: id });
      expect(status.structuredContent).toMatchObject({
        trace_id: id,
        recording: true,
        on_device: 'recording',
        collected: false,
      });
      // A recording capture cannot be analysed.
      const early = await call(client, 'analyze_system_trace', { trace_id: id });
      expect(early).toMatchObject({ isError: true, structuredContent: { code: 'SYSTEM_TRACE_REFUSED' } });

      const beforeStop = services().length;
      const stopped = await call(client, 'stop_system_trace', { trace_id: id });
      expect(stopped.isError, JSON.stringify(stopped.structuredContent)).toBeUndefined();
      expect(stopped.structuredContent).toMatchObject({ status: 'stopped', trace_id: id });
      expect(Number(stopped.structuredContent?.bytes)).toBeGreaterThan(0);
      expect(asked).toHaveLength(2);
      expect(asked[1]?.message).toContain(`perfetto --is_detached=${id}`);
      const stopSent = services().slice(beforeStop);
      expect(stopSent).toContain(`shell,v2,raw:perfetto --attach=${id} --stop`);
      expect(stopSent.filter((service) => service === 'sync:')).toHaveLength(1);

      const collected = await call(client, 'system_trace_status', { trace_id: id });
      expect(collected.structuredContent).toMatchObject({ collected: true, recording: false });

      const beforeAnalysis = services().length;
      const analysed = await call(client, 'analyze_system_trace', { trace_id: id, package: packageName });
      expect(analysed.isError, JSON.stringify(analysed.structuredContent)).toBeUndefined();
      const report = analysed.structuredContent as {
        status: string;
        coverage: { sched_switch: number; frame_timeline: number };
        sensitivity_note: string;
        limitations: string[];
      };
      expect(['observed', 'partial']).toContain(report.status);
      expect(report.coverage.sched_switch).toBeGreaterThan(0);
      expect(report.coverage.frame_timeline).toBeGreaterThan(0);
      expect(report.sensitivity_note.length).toBeGreaterThan(0);
      expect(report.limitations.length).toBeGreaterThan(0);
      // Read-only: the analysis of a collected capture sends nothing to the phone and asks nothing.
      expect(services().slice(beforeAnalysis)).toEqual([]);
      expect(asked).toHaveLength(2);
    },
  );

  it('a declined start asks once and starts nothing', async () => {
    const asked: ElicitRequest['params'][] = [];
    const client = await connect([false], asked);
    const before = services().length;
    const result = await call(client, 'start_system_trace', { duration_secs: 2 });
    expect(result).toMatchObject({ isError: true, structuredContent: { code: 'APPROVAL_REFUSED' } });
    expect(asked).toHaveLength(1);
    expect(
      services()
        .slice(before)
        .some((service) => service.includes('--detach')),
    ).toBe(false);
    const listed = await call(client, 'list_system_traces', {});
    expect((listed.structuredContent as { count: number }).count).toBe(1);
  });
});
