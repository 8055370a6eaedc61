// `androperator mcp serve` as MCP clients run it: the SDK's own client over stdio, simulated phones over real adb.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestLab, type TestLab } from '../../test-support/testLab';

const BIN = join(fileURLToPath(new URL('../../..', import.meta.url)), 'bin', 'androperator.js');

let lab: TestLab;
let client: Client;
let phone = '';

function serverEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return { ...env, ...lab.env };
}

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '') throw new Error(`the CLI bundle did not build:\n${buildError}`);
  lab = await startTestLab(1);
  phone = lab.serials[0] ?? '';
  client = new Client({ name: 'androperator-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', 'serve'],
      env: serverEnv(),
      stderr: 'pipe',
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await lab?.stop();
});

/** The JSON-RPC error code and message of a call that must fail at the protocol level. */
async function protocolError(
  name: string,
  args: Record<string, unknown>,
): Promise<{ code: unknown; message: string }> {
  try {
    await client.callTool({ name, arguments: args });
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  throw new Error(`${name} did not fail`);
}

interface ToolValue {
  isError?: boolean;
  content: Array<{ type: string; text?: string; data?: string; mimeType?: string }>;
  structuredContent?: Record<string, unknown>;
}

async function call(name: string, args: Record<string, unknown>): Promise<ToolValue> {
  return (await client.callTool({ name, arguments: args })) as ToolValue;
}

describe('tools/list', () => {
  it('lists devices, snapshot, screenshot and execute, with the strict execute schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).slice(0, 4)).toEqual([
      'devices',
      'snapshot',
      'screenshot',
      'execute',
    ]);
    const execute = tools.find((tool) => tool.name === 'execute');
    expect(execute?.inputSchema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['actions'],
      properties: {
        actions: {
          type: 'array',
          minItems: 1,
          items: { additionalProperties: false, required: ['id', 'type'] },
        },
      },
    });
    for (const tool of tools) expect(tool.inputSchema).toMatchObject({ additionalProperties: false });
  });
});

describe('Android tools', () => {
  it('lists android_settings with its schema, device included, and the read-only hint', async () => {
    const { tools } = await client.listTools();
    const settings = tools.find((tool) => tool.name === 'android_settings');
    expect(settings).toMatchObject({
      description: expect.stringContaining('Reads Android settings') as unknown,
      annotations: { readOnlyHint: true, destructiveHint: false },
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['namespace'],
        properties: {
          namespace: { enum: ['system', 'secure', 'global'] },
          key: { type: 'string' },
          device: { type: 'string' },
        },
      },
    });
  });

  it('reads a setting on the simulated phone and says what was sent', async () => {
    const before = lab.phones[0]?.device.received().length ?? 0;
    const result = await call('android_settings', { namespace: 'system', key: 'font_scale', device: phone });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      kind: 'settings',
      command: "settings get system 'font_scale'",
      result: { status: 'complete', exit_code: 0, stdout: '1.0\n' },
    });
    expect(JSON.parse(result.content[0]?.text ?? '{}')).toEqual(result.structuredContent);
    const received = lab.phones[0]?.device.received().slice(before) ?? [];
    expect(received.map((entry) => entry.service)).toContain("shell,v2,raw:settings get system 'font_scale'");
  });

  it('reports a device-side failure as a tool error with its code', async () => {
    const result = await call('android_settings', { namespace: 'system', device: 'non-existent' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
  });

  it.each([
    [{ namespace: 'system', value: '1' }, "Unrecognized key 'value' (path: value)"],
    [{}, 'must be one of system, secure, global (path: namespace)'],
    [{ namespace: 'system', key: 'a;reboot' }, 'must use only letters, digits and . _ $ - (path: key)'],
  ])('answers -32602 to %j before anything reaches the phone', async (args, message) => {
    const before = lab.phones[0]?.device.received().length ?? 0;
    expect(await protocolError('android_settings', args)).toEqual({
      code: -32602,
      message: `MCP error -32602: ${message}`,
    });
    expect(lab.phones[0]?.device.received().length).toBe(before);
  });
});

describe('protocol errors', () => {
  it.each([
    ['missing actions', {}, 'actions is required (path: actions)'],
    [
      'an action without type',
      { actions: [{ id: 'a' }] },
      'action type must be a non-blank string (path: actions.0.type)',
    ],
    [
      'a blank deviceId',
      { actions: [{ id: 'a', type: 'snapshot' }], deviceId: ' ' },
      'deviceId must be a non-blank string (path: deviceId)',
    ],
    [
      'timeoutMs 999',
      { actions: [{ id: 'a', type: 'snapshot' }], timeoutMs: 999 },
      'timeoutMs must be between 1000 and 120000 (path: timeoutMs)',
    ],
    [
      'take_screenshot with a path',
      { actions: [{ id: 's', type: 'take_screenshot', params: { path: '/tmp/x.png' } }] },
      'execute does not allow caller-controlled take_screenshot paths over MCP (path: actions)',
    ],
    [
      'screenshot with filePath',
      { actions: [{ id: 's', type: 'screenshot', params: { filePath: '/tmp/x.png' } }] },
      'execute does not allow caller-controlled take_screenshot paths over MCP (path: actions)',
    ],
  ])('answers -32602 to %s', async (_name, args, message) => {
    expect(await protocolError('execute', args)).toEqual({
      code: -32602,
      message: `MCP error -32602: ${message}`,
    });
  });

  it('answers -32601 to an unknown tool', async () => {
    expect(await protocolError('configure', {})).toEqual({
      code: -32601,
      message: 'MCP error -32601: Unknown tool: configure',
    });
  });
});

describe('tool errors', () => {
  it.each([
    ['a padded type', [{ id: 'a', type: ' set_on_screen_log ', params: { text: 'x' } }]],
    ['params null on clear', [{ id: 'a', type: 'clear_on_screen_log', params: null }]],
    ['params [] on clear', [{ id: 'a', type: 'clear_on_screen_log', params: [] }]],
    ['params "str" on clear', [{ id: 'a', type: 'clear_on_screen_log', params: 'str' }]],
    ['a width out of range', [{ id: 'a', type: 'set_on_screen_log', params: { text: 'x', widthDp: 79 } }]],
  ])('reports %s as EXECUTION_VALIDATION_FAILED', async (_name, actions) => {
    const result = await call('execute', { actions, deviceId: phone });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'EXECUTION_VALIDATION_FAILED' });
    expect(JSON.parse(result.content[0]?.text ?? '{}')).toMatchObject({
      code: 'EXECUTION_VALIDATION_FAILED',
    });
  });

  // Issue 14 defect 9: the human message names the field by its path and writes the range as everywhere else; the
  // code and the details (path, reason) stay stable for programs.
  it('words a range failure for people, keeping code and details', async () => {
    const actions = [{ id: 'a', type: 'set_on_screen_log', params: { text: 'x', widthDp: 79 } }];
    const result = await call('execute', { actions, deviceId: phone });
    expect(result.structuredContent).toMatchObject({
      code: 'EXECUTION_VALIDATION_FAILED',
      message: 'actions.0.params.widthDp must be between 80 and 600',
      details: { path: 'actions.0.params.widthDp', reason: 'must be in [80, 600]' },
    });
  });

  it('passes validated aliases on to the executor (DEVICE_NOT_FOUND for an unknown device)', async () => {
    const result = await call('execute', {
      deviceId: 'non-existent',
      actions: [
        { id: 's', type: 'on_screen_log_set', params: { template: '{{device.model}}', anchor: 'right' } },
        { id: 'c', type: 'on_screen_log_clear' },
      ],
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      code: 'DEVICE_NOT_FOUND',
      details: { connected: [phone] },
    });
  });

  it('reports a failed envelope as a tool error with its errorCode', async () => {
    const result = await call('execute', {
      actions: [{ id: 's', type: 'set_on_screen_log', params: { text: 'x', edgeOffsetDp: 1000 } }],
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      code: 'ON_SCREEN_LOG_LAYOUT_INVALID',
      envelope: { status: 'failed' },
    });
  });
});

describe('tools against a simulated phone', () => {
  it('lists the phone', async () => {
    const result = await call('devices', {});
    expect(result.structuredContent).toMatchObject({ devices: [{ serial: phone, state: 'device' }] });
  });

  it('sets, snapshots and clears the panel with execute', async () => {
    const result = await call('execute', {
      deviceId: phone,
      timeoutMs: 10000,
      actions: [
        { id: 's', type: 'set_on_screen_log', params: { text: 'MCP FLOW', anchor: 'right' } },
        { id: 'snap', type: 'snapshot' },
        { id: 'c', type: 'clear_on_screen_log' },
      ],
    });
    expect(result.isError).toBeUndefined();
    const envelope = (
      result.structuredContent as {
        envelope: { commandId: string; stepResults: Array<{ data: Record<string, string> }> };
      }
    ).envelope;
    expect(result.structuredContent).toMatchObject({
      deviceId: phone,
      terminalSource: 'androperator_result',
    });
    expect(envelope.commandId).toMatch(/^mcp-execute-\d+-[0-9a-z]{7}$/);
    expect(
      envelope.stepResults.map((step) => step.data.visible ?? step.data.operator_overlay_visible),
    ).toEqual(['true', 'true', 'false']);
  });

  it('returns the screenshot as image content and keeps its managed data.path', async () => {
    const result = await call('screenshot', { deviceId: phone });
    expect(result.isError).toBeUndefined();
    const data = (
      result.structuredContent as { envelope: { stepResults: Array<{ data: Record<string, string> }> } }
    ).envelope.stepResults[0]?.data;
    const path = data?.path ?? '';
    expect(path.startsWith(join(lab.home, 'screenshots', 'androperator-screenshot-mcp-screenshot-'))).toBe(
      true,
    );
    expect((await stat(path)).size).toBeGreaterThan(1000);
    const image = result.content.find((content) => content.type === 'image');
    expect(image?.mimeType).toBe('image/png');
    expect(PNG.sync.read(Buffer.from(image?.data ?? '', 'base64')).width).toBe(1080);
  });

  it('takes a half-scale screenshot through execute without a path', async () => {
    const result = await call('execute', {
      deviceId: phone,
      actions: [{ id: 'shot', type: 'screenshot', params: { scale: 50 } }],
    });
    const image = result.content.find((content) => content.type === 'image');
    expect(PNG.sync.read(Buffer.from(image?.data ?? '', 'base64')).width).toBe(540);
  });
});
