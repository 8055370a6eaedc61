// The screenshot tools through the MCP SDK's client (in-memory transport) against a simulated phone over a real adb
// server: an image answer is image content (the PNG of the simulated screen) after JSON without the bytes again;
// without an approval policy a path to write is refused with nothing sent.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { connectMcpClient } from '../../test-support/mcpClient';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { NO_APPROVER } from '../approval/approval';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
let client: Client;

interface ToolValue {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: Array<{ type: string; text?: string; data?: string; mimeType?: string }>;
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { profile: 'tv' }));
  // The registry's tools, as `androperator mcp serve` serves them, with no approval policy.
  client = await connectMcpClient(adb, { name: 'vision-test', approve: NO_APPROVER });
});

afterAll(async () => {
  await client?.close();
  await sim?.close();
  await adb?.stop();
});

const services = (): string[] => sim.device.received().map((entry) => entry.service);
const callTool = async (name: string, args: Record<string, unknown>): Promise<ToolValue> =>
  (await client.callTool({ name, arguments: args })) as ToolValue;

describe('screenshots over MCP', () => {
  it('lists the four tools; only capture_android_screen is not read-only', async () => {
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(
      ['android.screenshot', 'android.read_screen', 'capture_android_screen', 'view_screenshot'].map(
        (name) => [name, tools.find((tool) => tool.name === name)?.annotations?.readOnlyHint],
      ),
    );
    expect(hints).toEqual({
      'android.screenshot': true,
      'android.read_screen': true,
      capture_android_screen: false,
      view_screenshot: true,
    });
  });

  it('android.read_screen answers JSON then the screen as image content', async () => {
    const answer = await callTool('android.read_screen', { device: serial });
    expect(answer.isError).toBeUndefined();
    const [text, image] = answer.content ?? [];
    expect(text?.type).toBe('text');
    const json = JSON.parse(text?.text ?? '{}') as { summary: string; image: Record<string, unknown> };
    expect(json.summary).toMatch(/^source=1920x1080, sent=1920x1080, bytes=\d+, transformed=false$/);
    expect(json.image).toEqual({ mime_type: 'image/png', bytes: expect.any(Number), attached: true });
    expect(answer.structuredContent?.image).toEqual(json.image);
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const png = PNG.sync.read(Buffer.from(image?.data ?? '', 'base64'));
    expect([png.width, png.height]).toEqual([1920, 1080]);
  });

  it('android.screenshot with a path needs approval: refused without a policy, nothing sent', async () => {
    const before = services().length;
    const answer = await callTool('android.screenshot', { device: serial, path: '/sdcard/tv.png' });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ code: 'APPROVAL_UNAVAILABLE' });
    expect(
      services()
        .slice(before)
        .filter((service) => !service.startsWith('host')),
    ).toEqual([]);
  });

  it('refuses unknown fields as invalid params before anything reaches the device', async () => {
    const before = services().length;
    await expect(callTool('android.screenshot', { device: serial, scale: 50 })).rejects.toThrow(/scale/);
    expect(services().slice(before)).toEqual([]);
  });
});
