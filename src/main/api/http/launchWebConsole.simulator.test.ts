// The browser console end to end: real services on an isolated adb server, its simulated phone, HTTP and SSE.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../shared/api/devices';
import type { RunList } from '../../../shared/api/evidence';
import type { DeviceSequenceResult } from '../../../shared/api/sequence';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { openEventStream, rawRequest, type EventStreamClient } from '../../../test-support/httpTestClient';
import { launchWebConsole, type RunningWebConsole } from './launchWebConsole';

const DESIGN = { text: 'FLOW-001: Observe settings', backgroundColor: '#E6000080', anchor: 'right' };

let adb: IsolatedAdb;
let home: string;
let running: RunningWebConsole;
let port: number;
let token: string;
let stream: EventStreamClient | undefined;
const printed: string[] = [];
const logged: string[] = [];

async function call<T>(channel: string, body: unknown): Promise<T> {
  const response = await rawRequest(port, {
    method: 'POST',
    path: `/api/${channel}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const result = response.json as { ok: boolean; value?: T; error?: { code: string; message: string } };
  if (!result.ok) throw new Error(`${channel}: ${result.error?.code} ${result.error?.message}`);
  return result.value as T;
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  home = await mkdtemp(join(tmpdir(), 'androperator-web-'));
  const launched = await launchWebConsole({
    argv: ['--port', '0'],
    // The hub and the simulated phone both use this isolated server, through ANDROID_ADB_SERVER_PORT.
    env: { ...adb.env, ANDROPERATOR_HOME: home },
    print: (line) => printed.push(line),
    log: (message) => logged.push(message),
    services: { hub: { pollIntervalMs: 300 } },
  });
  if (!launched.ok) throw new Error(launched.error.message);
  if (launched.value === 'help') throw new Error('printed help');
  running = launched.value;
  const url = new URL(running.url);
  port = Number(url.port);
  token = url.searchParams.get('token') ?? '';
}, 30_000);

afterAll(async () => {
  stream?.close();
  await running?.close();
  await adb?.stop();
  await rm(home, { recursive: true, force: true });
});

describe('the browser console on a machine without devices', () => {
  it('prints its address and token on a line of their own', () => {
    expect(printed).toHaveLength(1);
    expect(printed[0]?.split('\n')).toContain(`    http://127.0.0.1:${port}/?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);
  });

  it('refuses requests without the token', async () => {
    const response = await rawRequest(port, {
      method: 'POST',
      path: '/api/devices:list',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('lists one simulated phone with a reachable Operator', async () => {
    const devices = await call<DeviceInfo[]>('devices:list', {});
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({
      state: 'device',
      server: 'local',
      simulatedProfile: 'phone',
      operator: { packageName: 'com.androperator.operator', reachable: true },
    });
    expect(devices[0]?.serial).toBe(running.services.phone.device?.serial);
  });

  it('runs set -> screenshot -> clear on it with the panel in the capture, streaming progress, kept as evidence', async () => {
    stream = await openEventStream(port, `/api/events?token=${token}`);
    expect(stream.status).toBe(200);
    const serial = running.services.phone.device?.serial ?? '';
    const results = await call<DeviceSequenceResult[]>('sequence:run', {
      serials: [serial],
      design: DESIGN,
      label: 'integration',
    });
    expect(results.map((entry) => entry.serial)).toEqual([serial]);
    const answer = results[0]?.result;
    const result = answer?.ok === true ? answer.value : undefined;
    expect(result?.status).toBe('succeeded');
    expect(result?.steps.map((step) => [step.step, step.status])).toEqual([
      ['set', 'succeeded'],
      ['screenshot', 'succeeded'],
      ['clear', 'succeeded'],
    ]);
    expect(result?.captureCheck?.inCapture).toBe(true);

    const progress =
      (status: string, step: string) => (item: { kind: string; event?: string; data?: string }) =>
        item.kind === 'event' &&
        item.event === 'run:progress' &&
        JSON.parse(item.data ?? '{}').step === step &&
        JSON.parse(item.data ?? '{}').status === status;
    const cleared = await stream.waitFor(progress('succeeded', 'clear'));
    expect(cleared.kind === 'event' && JSON.parse(cleared.data)).toMatchObject({
      runId: result?.runId,
      serial,
    });
    await stream.waitFor(progress('running', 'set'));
    await stream.waitFor(progress('succeeded', 'screenshot'));

    const list = await call<RunList>('evidence:list', {});
    expect(list.runs).toHaveLength(1);
    expect(list.runs[0]).toMatchObject({
      id: result?.runId,
      label: 'integration',
      status: 'succeeded',
      hasScreenshot: true,
      inCapture: true,
    });
    const image = await call<{ widthPx: number; heightPx: number }>('evidence:image', {
      id: result?.runId,
      kind: 'screenshot',
    });
    expect(image).toMatchObject({ widthPx: 1080, heightPx: 2400 });
  });

  it('stops the simulated phone when the setting is switched off', async () => {
    const serial = running.services.phone.device?.serial ?? '';
    expect(await call('settings:update', { simulatorWhenNoDevice: false })).toMatchObject({
      simulatorWhenNoDevice: false,
    });
    await waitForDeviceState(adb.client, serial, 'absent', 5000);
    expect(running.services.phone.device).toBeUndefined();
    const emptied = await stream?.waitFor(
      (item) =>
        item.kind === 'event' && item.event === 'devices:changed' && JSON.parse(item.data).length === 0,
      5000,
    );
    expect(emptied).toBeDefined();
    expect(logged.join('\n')).toContain('started simulated phone');
  });
});

describe('the browser console as a Serve daemon', () => {
  it('answers the Serve API on its own server, with the same token', async () => {
    const ping = await rawRequest(port, { path: '/ping' });
    expect(ping).toMatchObject({ status: 200, json: { ok: true } });
    expect((await rawRequest(port, { path: '/devices' })).status).toBe(401);
    // An earlier case switched the simulated phone off; bring it back.
    await call('settings:update', { simulatorWhenNoDevice: true });
    let phone: DeviceInfo | undefined;
    for (let attempt = 0; attempt < 100 && phone?.state !== 'device'; attempt += 1) {
      [phone] = await call<DeviceInfo[]>('devices:list', {});
      if (phone?.state !== 'device') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const executed = await rawRequest(port, {
      method: 'POST',
      path: '/execute',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        deviceId: phone?.serial,
        execution: {
          commandId: 'serve-on-console',
          taskId: 't',
          source: 'test',
          expectedFormat: 'android-ui-automator',
          timeoutMs: 10000,
          actions: [{ id: 'c', type: 'on_screen_log_clear' }],
        },
      }),
    });
    expect(executed).toMatchObject({
      status: 200,
      json: { ok: true, deviceId: phone?.serial, envelope: { status: 'success' } },
    });
  });

  it('registers itself for the CLI in the androperator home while it runs', async () => {
    const { readDiscovery } = await import('../../daemon/discovery');
    const found = await readDiscovery(home);
    expect(found).toMatchObject({
      kind: 'found',
      record: { url: `http://127.0.0.1:${port}`, token, pid: process.pid },
    });
  });
});
