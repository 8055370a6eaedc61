import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callAgent, type AgentTarget } from '../main/operator/agentClient';
import type { AgentResponse } from '../shared/agent/messages';
import type { Execution } from '../shared/execution/types';
import { parseBounds } from '../shared/geometry/bounds';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../test-support/isolatedAdb';
import { SimulatedAndroid, type SimulatedAndroidOptions } from './simulatedAndroid';

// A whole simulated device driven through the real adb server: screens, the Operator's socket, faults.

let adb: IsolatedAdb;
const running: SimulatedAndroid[] = [];

async function boot(
  options: SimulatedAndroidOptions = {},
): Promise<{ sim: SimulatedAndroid; serial: string; target: AgentTarget }> {
  const started = await SimulatedAndroid.start(options);
  if (!started.ok) throw new Error(started.error.message);
  running.push(started.value);
  const attached = await started.value.attach(adb.port);
  if (!attached.ok) throw new Error(attached.error.message);
  await waitForDeviceState(adb.client, attached.value.serial, 'device', 3000);
  const serial = attached.value.serial;
  return {
    sim: started.value,
    serial,
    target: { client: adb.client, serial, operatorPackage: started.value.operatorPackage },
  };
}

let nextId = 0;
function execution(actions: Execution['actions'], timeoutMs = 10000): Execution {
  nextId += 1;
  return {
    commandId: `c${nextId}`,
    taskId: 't',
    source: 'test',
    expectedFormat: 'android-ui-automator',
    timeoutMs,
    actions,
  };
}

async function execute(target: AgentTarget, payload: unknown): Promise<AgentResponse> {
  const result = await callAgent(
    target,
    { v: 1, type: 'execute', id: `e${nextId}`, execution: payload },
    15000,
  );
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

function stepData(response: AgentResponse, index = 0): Record<string, string> {
  if (response.type !== 'execute_result') throw new Error(`expected execute_result, got ${response.type}`);
  const step = response.envelope.stepResults[index];
  if (!step) throw new Error('missing step');
  return step.data;
}

function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const offset = (png.width * y + x) * 4;
  return [png.data[offset] ?? 0, png.data[offset + 1] ?? 0, png.data[offset + 2] ?? 0];
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
});

afterAll(async () => {
  await adb?.stop();
});

describe('SimulatedAndroid over real adb', () => {
  it('answers getprop and gives a PNG screenshot of the profile size through adb exec-out', async () => {
    const { serial } = await boot({ profile: 'tablet' });
    const model = (await adb.adb(['-s', serial, 'shell', 'getprop', 'ro.product.model'])).stdout
      .toString()
      .trim();
    expect(model.length).toBeGreaterThan(0);
    const shot = await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
    const png = PNG.sync.read(shot.stdout);
    expect([png.width, png.height]).toEqual([2560, 1600]);
  });

  it('describes the device over the agent socket', async () => {
    const { target } = await boot();
    const result = await callAgent(target, { v: 1, type: 'hello', id: 'h1' }, 5000);
    expect(result.ok).toBe(true);
    if (!result.ok || result.value.type !== 'hello_result') return;
    expect(result.value).toMatchObject({
      protocolVersion: 1,
      service: { connected: true },
      device: { sdkInt: 35 },
      display: { widthPx: 1080, heightPx: 2400, densityDpi: 420, usable: { top: 136 } },
      locale: { tag: 'en-US', code: 'en', name: 'English' },
      panel: { visible: false },
    });
    expect(result.value.foregroundApp?.iconPng?.length).toBeGreaterThan(100);
  });

  it('draws the panel at the reported bounds in the next screenshot, and clears it', async () => {
    const { target, serial } = await boot();
    const set = await execute(
      target,
      execution([
        {
          id: 's',
          type: 'set_on_screen_log',
          params: { text: 'FLOW-001: Observe settings', backgroundColor: '#FF0000FF' },
        },
      ]),
    );
    const data = stepData(set);
    expect(data).toMatchObject({
      visible: 'true',
      rendered: 'true',
      bounds: '[21,157][756,236]',
      background_color: '#FF0000FF',
    });
    const bounds = parseBounds(data.bounds ?? '');
    if (!bounds) throw new Error('bounds');
    const withPanel = PNG.sync.read((await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p'])).stdout);
    expect(pixel(withPanel, bounds.left + 3, bounds.top + 3)).toEqual([0, 0, 255]);
    expect(pixel(withPanel, bounds.right - 3, bounds.bottom - 3)).toEqual([0, 0, 255]);
    expect(pixel(withPanel, bounds.right + 3, bounds.top + 3)).not.toEqual([0, 0, 255]);
    const cleared = await execute(target, execution([{ id: 'c', type: 'clear_on_screen_log' }]));
    expect(stepData(cleared)).toEqual({ visible: 'false' });
    const without = PNG.sync.read((await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p'])).stdout);
    expect(pixel(without, bounds.left + 3, bounds.top + 3)).not.toEqual([0, 0, 255]);
  });

  it('rejects an invalid payload with a structured error and leaves the panel unchanged', async () => {
    const { target } = await boot();
    await execute(target, execution([{ id: 's', type: 'set_on_screen_log', params: { text: 'keep me' } }]));
    const rejected = await callAgent(
      target,
      {
        v: 1,
        type: 'execute',
        id: 'bad',
        execution: execution([{ id: 's', type: 'set_on_screen_log', params: { text: 'x', widthDp: 79 } }]),
      },
      5000,
    );
    expect(rejected).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'actions.0.params.widthDp' } },
    });
    const snapshot = await execute(target, execution([{ id: 'snap', type: 'snapshot' }]));
    expect(stepData(snapshot).operator_overlay_visible).toBe('true');
  });

  it('expires the panel after its TTL, as a snapshot shows', async () => {
    const { target } = await boot();
    await execute(
      target,
      execution([{ id: 's', type: 'set_on_screen_log', params: { text: 'short', ttlMs: 1000 } }]),
    );
    expect(
      stepData(await execute(target, execution([{ id: 'snap', type: 'snapshot' }]))).operator_overlay_visible,
    ).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const after = stepData(await execute(target, execution([{ id: 'snap', type: 'snapshot' }])));
    expect(after).toMatchObject({
      operator_overlay_visible: 'false',
      actual_format: 'hierarchy_xml',
      has_overlay: 'false',
      window_count: '2',
    });
    expect(after.text).toContain('<hierarchy');
  });

  it('times out when the draw acknowledgement is withheld', async () => {
    const { sim, target } = await boot();
    sim.faults.drawAcknowledgement = 'withhold';
    const data = stepData(
      await execute(
        target,
        execution([{ id: 's', type: 'set_on_screen_log', params: { text: 'never drawn' } }]),
      ),
    );
    expect(data.error).toBe('ON_SCREEN_LOG_RENDER_TIMEOUT');
  });

  it('reports SERVICE_UNAVAILABLE when the accessibility service is disabled through settings', async () => {
    const { target, serial } = await boot();
    await adb.adb([
      '-s',
      serial,
      'shell',
      'settings',
      'put',
      'secure',
      'enabled_accessibility_services',
      'com.other/.Service',
    ]);
    const data = stepData(
      await execute(target, execution([{ id: 's', type: 'set_on_screen_log', params: { text: 'x' } }])),
    );
    expect(data.error).toBe('ON_SCREEN_LOG_SERVICE_UNAVAILABLE');
  });

  it('reports LAYOUT_INVALID on API 28 with a cutout and RENDER_FAILED on API 21', async () => {
    const cutout = await boot({ profile: 'cutout28' });
    expect(
      stepData(
        await execute(
          cutout.target,
          execution([{ id: 's', type: 'set_on_screen_log', params: { text: 'x' } }]),
        ),
      ).error,
    ).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    const legacy = await boot({ profile: 'legacy21' });
    expect(
      stepData(
        await execute(
          legacy.target,
          execution([{ id: 's', type: 'set_on_screen_log', params: { text: 'x' } }]),
        ),
      ).error,
    ).toBe('ON_SCREEN_LOG_RENDER_FAILED');
  });

  it('loses the answer when the agent socket drops mid-request, without a replay', async () => {
    const { sim, target } = await boot();
    sim.operator.armDropNextExecute();
    const result = await callAgent(
      target,
      { v: 1, type: 'execute', id: 'lost', execution: execution([{ id: 'c', type: 'clear_on_screen_log' }]) },
      5000,
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'RESULT_TRANSPORT_FAILED', details: { dispatchState: 'unknown', phase: 'result_wait' } },
    });
  });

  it('fails screencap on demand and answers slowly when told', async () => {
    const { sim, serial } = await boot();
    sim.faults.screencap = { delayMs: 300, fail: false };
    const started = Date.now();
    const slow = await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(PNG.sync.read(slow.stdout).width).toBe(1080);
    sim.faults.screencap = { delayMs: 0, fail: true };
    const failed = await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
    expect(failed.stdout.length === 0 || failed.stdout.subarray(0, 4).toString('latin1') !== '\x89PNG').toBe(
      true,
    );
  });

  it('has no agent socket when the Operator is not installed', async () => {
    const { target } = await boot({ operatorInstalled: false });
    const result = await callAgent(target, { v: 1, type: 'hello', id: 'h' }, 3000);
    expect(result).toMatchObject({ ok: false, error: { details: { dispatchState: 'not_dispatched' } } });
  });

  it('goes offline when unplugged and comes back when replugged', async () => {
    const { sim, serial } = await boot();
    await sim.device.unplug({ keepListening: false });
    await waitForDeviceState(adb.client, serial, 'offline', 3000);
    await sim.device.replug();
    await waitForDeviceState(adb.client, serial, 'device', 15000);
  });
});
