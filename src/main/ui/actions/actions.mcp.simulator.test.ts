// The UI actions over MCP (the SDK's client, the registry's tools, a simulated phone through a real adb server):
// listed with their risk, run under an approve-all policy, and asked by elicitation (strong: confirm, then the
// serial typed out); a declined confirmation sends nothing.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { connectMcpClient } from '../../../test-support/mcpClient';
import { bootSimulated } from '../../../test-support/isolatedResolver';
import type { ReceivedRequest } from '../../../simulator/adb/simulatedDevice';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import { APPROVE_ALL, type Approver } from '../../approval/approval';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
const clients: Client[] = [];
let asked: ElicitRequest['params'][] = [];

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
});

beforeEach(async () => {
  await adb.adb(['-s', serial, 'shell', 'input keyevent HOME']);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  asked = [];
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

async function connect(options: { answers?: ElicitResult[]; approve?: Approver }): Promise<Client> {
  const client = await connectMcpClient(adb, { name: 'ui-actions-test', asked, ...options });
  clients.push(client);
  return client;
}

interface ToolValue {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

const tapMail = async (client: Client) =>
  (await client.callTool({
    name: 'android.tap_text',
    arguments: { text: 'Mail', device: serial },
  })) as ToolValue;

function inputsAfter(mark: ReceivedRequest | undefined): string[] {
  const log = sim.device.received();
  return log
    .slice(mark === undefined ? 0 : log.indexOf(mark) + 1)
    .map((entry) => entry.service)
    .filter((service) => service.includes('raw:input '));
}

describe('UI actions over MCP', () => {
  it('lists each action with its risk and a strict schema', async () => {
    const client = await connect({});
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of [
      'android.tap_text',
      'android.tap_node',
      'android.tap',
      'android.press_back',
      'android.press_home',
      'android.press_enter',
      'android.swipe',
      'android.scroll',
      'android.input_text',
      'inject_android_input',
    ])
      expect(byName.get(name)?.annotations, name).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
      });
    for (const name of ['android.launch_app', 'android.stop_app'])
      expect(byName.get(name)?.annotations, name).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
      });
    expect(byName.get('android.tap_text')?.inputSchema).toMatchObject({
      required: ['text'],
      additionalProperties: false,
    });
  });

  it('taps under the approve-all policy: the device receives one click_node and the screen changes', async () => {
    const client = await connect({ approve: APPROVE_ALL });
    sim.operator.receivedNodeActions.length = 0;
    const mark = sim.device.received().at(-1);
    const result = await tapMail(client);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      kind: 'tap_text',
      action_sent: true,
      method: 'accessibility_click',
      command:
        'operator click_node on [540,1812][784,2059]: ACTION_CLICK on the node itself (android.widget.TextView at [540,1812][784,2059])',
      operator_result: { type: 'click_node_result', result: { performed: true, levels_up: 0 } },
    });
    expect(sim.operator.receivedNodeActions.map((action) => action.type)).toEqual(['click_node']);
    expect(inputsAfter(mark)).toEqual([]);
    const focus = await adb.adb(['-s', serial, 'shell', 'dumpsys window | grep mCurrentFocus']);
    expect(focus.stdout.toString()).toContain('com.simmail.android/');
  });

  it('asks by elicitation with the preview, twice for a strong action; a decline sends nothing', async () => {
    const declined = await connect({ answers: [{ action: 'decline' }] });
    const mark = sim.device.received().at(-1);
    expect(await tapMail(declined)).toMatchObject({
      isError: true,
      structuredContent: { code: 'APPROVAL_REFUSED' },
    });
    expect(asked[0]?.message).toContain('Accessibility tap text "Mail" at [540,1812][784,2059]');
    expect(inputsAfter(mark)).toEqual([]);
    sim.operator.receivedNodeActions.length = 0;
    asked = [];
    const approving = await connect({
      answers: [
        { action: 'accept', content: { confirm: true } },
        { action: 'accept', content: { serial } },
      ],
    });
    expect((await tapMail(approving)).isError).toBeUndefined();
    expect(asked).toHaveLength(2);
    expect(sim.operator.receivedNodeActions.map((action) => action.type)).toEqual(['click_node']);
    expect(inputsAfter(mark)).toEqual([]);
  });

  it('refuses without elicitation or a policy, sending nothing', async () => {
    const client = await connect({});
    const mark = sim.device.received().at(-1);
    const result = await tapMail(client);
    expect(result).toMatchObject({ isError: true, structuredContent: { code: 'APPROVAL_UNAVAILABLE' } });
    expect(inputsAfter(mark)).toEqual([]);
  });

  it('enters Unicode through the Operator after elicitation twice; the field shows it and no input text was sent', async () => {
    await adb.adb(['-s', serial, 'shell', 'am start -n com.atlasmaps.app/.MapActivity']);
    const setup = await connect({ approve: APPROVE_ALL });
    expect(
      (await setup.callTool({ name: 'android.tap_text', arguments: { text: 'Search here', device: serial } }))
        .isError,
    ).toBeUndefined();
    sim.operator.receivedNodeActions.length = 0;
    const mark = sim.device.received().at(-1);
    const client = await connect({
      answers: [
        { action: 'accept', content: { confirm: true } },
        { action: 'accept', content: { serial } },
      ],
    });
    const result = (await client.callTool({
      name: 'android.input_text',
      arguments: {
        text: 'Grüße 日本',
        mode: 'replace',
        device: serial,
        verification: { text_present: 'Grüße 日本' },
      },
    })) as ToolValue;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      kind: 'input_text',
      action_sent: true,
      operator_result: { type: 'set_text_result', result: { mode: 'replace' } },
      verification: { passed: true },
    });
    expect(asked).toHaveLength(2);
    expect(asked[0]?.message).toContain("with 'Grüße 日本' through the Operator's ACTION_SET_TEXT");
    expect(
      sim.operator.receivedNodeActions.map((action) => [action.type, 'text' in action && action.text]),
    ).toEqual([['set_text', 'Grüße 日本']]);
    expect(inputsAfter(mark)).toEqual([]);
  });
});
