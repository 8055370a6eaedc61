// Approval of Android tools over MCP: the SDK's client answers the server's elicitation requests, a test-only
// mutating tool runs on a simulated phone through a real adb server, and what the phone received is the verdict.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shellQuote } from '../../shared/android/shellQuote';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { connectMcpClient } from '../../test-support/mcpClient';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { APPROVE_ALL, type Approver } from '../approval/approval';
import { commandAnswer } from '../android/outcome';
import { defineTool, type AndroidTool } from '../android/tool';

/** A mutating tool that exists only in this test: asks approval, then writes one setting. */
function writeTool(name: string, strength: 'normal' | 'strong'): AndroidTool {
  return defineTool({
    name,
    cli: { command: 'android', verb: name },
    description: 'Test only: writes system font_scale.',
    risk: strength === 'strong' ? 'dangerous' : 'mutating',
    arguments: z.strictObject({ value: z.string().regex(/^[0-9.]+$/) }),
    async run(context, args) {
      const command = `settings put system font_scale ${shellQuote(args.value)}`;
      const approved = await context.approve({
        tool: name,
        device: context.device?.serial ?? '',
        preview: command,
        strength,
      });
      if (!approved.ok) return approved;
      return commandAnswer('settings', command, await context.run(command));
    },
  });
}

const TOOLS = [writeTool('test_write', 'normal'), writeTool('test_dangerous_write', 'strong')];

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
const clients: Client[] = [];
let asked: ElicitRequest['params'][] = [];

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  asked = [];
});

afterAll(async () => {
  await sim.close();
  await adb.stop();
});

/** A connected SDK client; with `answers`, it declares elicitation and answers each request in turn. */
async function connect(options: { answers?: ElicitResult[]; approve?: Approver }): Promise<Client> {
  const client = await connectMcpClient(adb, {
    name: 'approval-test',
    asked,
    androidTools: TOOLS,
    ...options,
  });
  clients.push(client);
  return client;
}

interface ToolValue {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

async function write(client: Client, name: string, value: string): Promise<ToolValue> {
  return (await client.callTool({ name, arguments: { value, device: serial } })) as ToolValue;
}

function sentPut(value: string): boolean {
  return sim.device
    .received()
    .some((entry) => entry.service.endsWith(`settings put system font_scale '${value}'`));
}

describe('Android tool approval over MCP', () => {
  it('lists the test tools as not read-only, the strong one as destructive', async () => {
    const client = await connect({});
    const { tools } = await client.listTools();
    expect(tools.filter((tool) => tool.name.startsWith('test_'))).toMatchObject([
      { name: 'test_write', annotations: { readOnlyHint: false, destructiveHint: false } },
      { name: 'test_dangerous_write', annotations: { readOnlyHint: false, destructiveHint: true } },
    ]);
  });

  it('asks with the preview and sends the command once the user confirms', async () => {
    const client = await connect({ answers: [{ action: 'accept', content: { confirm: true } }] });
    const result = await write(client, 'test_write', '1.1');
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ command: "settings put system font_scale '1.1'" });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toContain("settings put system font_scale '1.1'");
    expect(asked[0]).toMatchObject({
      requestedSchema: { properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    expect(sentPut('1.1')).toBe(true);
  });

  it.each([
    ['declines', { action: 'decline' } as ElicitResult],
    ['cancels', { action: 'cancel' } as ElicitResult],
    ['accepts with confirm false', { action: 'accept', content: { confirm: false } } as ElicitResult],
  ])('refuses when the user %s, and sends nothing', async (_name, answer) => {
    const client = await connect({ answers: [answer] });
    const result = await write(client, 'test_write', '1.2');
    expect(result).toMatchObject({ isError: true, structuredContent: { code: 'APPROVAL_REFUSED' } });
    expect(sentPut('1.2')).toBe(false);
  });

  it('asks a strong request twice: the serial typed out approves, a wrong one refuses', async () => {
    const wrong = await connect({
      answers: [
        { action: 'accept', content: { confirm: true } },
        { action: 'accept', content: { serial: 'someone-else' } },
      ],
    });
    expect(await write(wrong, 'test_dangerous_write', '1.3')).toMatchObject({
      isError: true,
      structuredContent: { code: 'APPROVAL_REFUSED' },
    });
    expect(asked).toHaveLength(2);
    expect(sentPut('1.3')).toBe(false);
    const right = await connect({
      answers: [
        { action: 'accept', content: { confirm: true } },
        { action: 'accept', content: { serial } },
      ],
    });
    expect((await write(right, 'test_dangerous_write', '1.4')).isError).toBeUndefined();
    expect(sentPut('1.4')).toBe(true);
  });

  it('refuses with APPROVAL_UNAVAILABLE, naming --approve-all, when the client cannot elicit', async () => {
    const client = await connect({});
    const result = await write(client, 'test_write', '1.5');
    expect(result).toMatchObject({ isError: true, structuredContent: { code: 'APPROVAL_UNAVAILABLE' } });
    expect(String(result.structuredContent?.message)).toContain('--approve-all');
    expect(sentPut('1.5')).toBe(false);
  });

  it('runs without asking under --approve-all (APPROVE_ALL)', async () => {
    const client = await connect({ answers: [], approve: APPROVE_ALL });
    expect((await write(client, 'test_write', '1.6')).isError).toBeUndefined();
    expect(asked).toHaveLength(0);
    expect(sentPut('1.6')).toBe(true);
  });
});
