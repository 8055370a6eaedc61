import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseBounds } from '../../shared/geometry/bounds';
import type { SimulatedAndroid, SimulatedAndroidOptions } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { InFlightRegistry } from './inFlight';
import { runExecution } from './runExecution';
import { envelopeOf, payload, stepData } from '../../test-support/executionFixtures';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { ExecutionDependencies } from './types';

// runExecution against simulated devices through a real, isolated adb server.

const SET_KEYS = [
  'anchor',
  'background_color',
  'bounds',
  'edge_offset_dp',
  'font_size_sp',
  'rendered',
  'text_align',
  'text_color',
  'top_offset_dp',
  'truncated',
  'ttl_ms',
  'visible',
  'width_dp',
];

let adb: IsolatedAdb;
let directory: string;
let dependencies: ExecutionDependencies;
const running: SimulatedAndroid[] = [];

async function boot(
  options: SimulatedAndroidOptions = {},
): Promise<{ sim: SimulatedAndroid; serial: string }> {
  const booted = await bootSimulated(adb, options);
  running.push(booted.sim);
  return booted;
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-run-'));
  dependencies = {
    resolver: isolatedResolver(adb),
    inFlight: new InFlightRegistry(),
    screenshotDirectory: directory,
  };
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
  await rm(directory, { recursive: true, force: true });
});

afterAll(async () => {
  await adb?.stop();
});

describe('runExecution', () => {
  it('runs the seed example (alias set, snapshot, clear) and returns every data key', async () => {
    const { serial } = await boot();
    const request = payload([
      {
        id: 'show',
        type: 'on_screen_log_set',
        params: { text: 'FLOW-001: Observe settings', anchor: 'right' },
      },
      { id: 'observe', type: 'snapshot' },
      { id: 'clear', type: 'on_screen_log_clear' },
    ]);
    const result = await runExecution(
      request,
      { deviceId: serial, operatorPackage: 'com.androperator.operator' },
      dependencies,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { ok: true, deviceId: serial, terminalSource: 'androperator_result' },
    });
    const envelope = envelopeOf(result);
    expect(envelope).toMatchObject({
      commandId: request.commandId,
      taskId: request.taskId,
      status: 'success',
      error: null,
    });
    expect(envelope.stepResults.map((step) => step.actionType)).toEqual([
      'set_on_screen_log',
      'snapshot',
      'clear_on_screen_log',
    ]);
    const set = stepData(envelope, 0);
    expect(Object.keys(set).sort()).toEqual(SET_KEYS);
    expect(set).toMatchObject({
      visible: 'true',
      rendered: 'true',
      truncated: 'false',
      anchor: 'right',
      text_align: 'left',
    });
    expect(parseBounds(set.bounds ?? '')).not.toBeNull();
    expect(stepData(envelope, 1).operator_overlay_visible).toBe('true');
    expect(stepData(envelope, 2)).toEqual({ visible: 'false' });
  });

  it('rejects an invalid payload before dispatch: nothing reaches the device', async () => {
    const { sim, serial } = await boot();
    const executes = vi.spyOn(sim.operator, 'execute');
    const result = await runExecution(
      payload([{ id: 's', type: 'set_on_screen_log', params: { text: 'x', widthDp: 79 } }]),
      { deviceId: serial, operatorPackage: sim.operatorPackage },
      dependencies,
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'actions.0.params.widthDp' } },
    });
    expect(executes).not.toHaveBeenCalled();
  });

  it('lets only one of two concurrent executions run on a device', async () => {
    const { sim, serial } = await boot();
    sim.faults.drawAcknowledgement = { delayMs: 400 };
    const executes = vi.spyOn(sim.operator, 'execute');
    const target = { deviceId: serial, operatorPackage: 'com.androperator.operator' };
    const first = payload([{ id: 's', type: 'set_on_screen_log', params: { text: 'first' } }]);
    const second = payload([{ id: 's', type: 'set_on_screen_log', params: { text: 'second' } }]);
    const results = await Promise.all([
      runExecution(first, target, dependencies),
      runExecution(second, target, dependencies),
    ]);
    const conflicted = results.findIndex((result) => !result.ok);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const [winner, loser] = conflicted === 1 ? [first, second] : [second, first];
    expect(results[conflicted]).toMatchObject({
      ok: false,
      error: {
        code: 'EXECUTION_CONFLICT_IN_FLIGHT',
        details: {
          runningCommandId: winner.commandId,
          commandId: loser.commandId,
          phase: 'readiness',
          dispatchState: 'not_dispatched',
          deviceId: serial,
        },
      },
    });
    expect(executes).toHaveBeenCalledTimes(1);
    // The device is free again afterwards.
    expect((await runExecution(loser, target, dependencies)).ok).toBe(true);
  });

  it('reports a withheld draw acknowledgement as a failed ON_SCREEN_LOG_RENDER_TIMEOUT step', async () => {
    const { sim, serial } = await boot();
    sim.faults.drawAcknowledgement = 'withhold';
    const envelope = envelopeOf(
      await runExecution(
        payload([{ id: 's', type: 'set_on_screen_log', params: { text: 'never drawn' } }]),
        { deviceId: serial, operatorPackage: 'com.androperator.operator' },
        dependencies,
      ),
    );
    expect(envelope).toMatchObject({
      status: 'failed',
      errorCode: 'ON_SCREEN_LOG_RENDER_TIMEOUT',
      stepResults: [{ success: false, data: { error: 'ON_SCREEN_LOG_RENDER_TIMEOUT' } }],
    });
  });

  it('reports a disabled accessibility service as an ON_SCREEN_LOG_SERVICE_UNAVAILABLE step', async () => {
    const { serial } = await boot({ serviceEnabled: false });
    const envelope = envelopeOf(
      await runExecution(
        payload([{ id: 's', type: 'set_on_screen_log', params: { text: 'x' } }]),
        { deviceId: serial, operatorPackage: 'com.androperator.operator' },
        dependencies,
      ),
    );
    expect(envelope).toMatchObject({
      status: 'failed',
      errorCode: 'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
      stepResults: [{ success: false, data: { error: 'ON_SCREEN_LOG_SERVICE_UNAVAILABLE' } }],
    });
  });

  it('diagnoses a missing Operator as OPERATOR_NOT_INSTALLED with a hint', async () => {
    const { serial } = await boot({ operatorInstalled: false });
    const result = await runExecution(
      payload([{ id: 'c', type: 'clear_on_screen_log' }]),
      { deviceId: serial, operatorPackage: 'com.androperator.operator' },
      dependencies,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'OPERATOR_NOT_INSTALLED',
        details: {
          operatorPackage: 'com.androperator.operator',
          phase: 'readiness',
          dispatchState: 'not_dispatched',
          deviceId: serial,
        },
      },
    });
    if (result.ok) return;
    expect(result.error.hint).toContain('--operator-package com.androperator.operator.dev');
  });

  it('reports a dropped agent stream as RESULT_TRANSPORT_FAILED with dispatchState unknown, and never replays', async () => {
    const { sim, serial } = await boot();
    const received = vi.spyOn(sim.operator, 'dropNextExecute');
    sim.operator.armDropNextExecute();
    const request = payload([{ id: 'c', type: 'clear_on_screen_log' }]);
    const result = await runExecution(
      request,
      { deviceId: serial, operatorPackage: 'com.androperator.operator' },
      dependencies,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'RESULT_TRANSPORT_FAILED',
        details: {
          phase: 'result_wait',
          dispatchState: 'unknown',
          commandId: request.commandId,
          taskId: request.taskId,
          deviceId: serial,
        },
      },
    });
    if (result.ok) return;
    const { startedAt, completedAt } = result.error.details ?? {};
    expect(Date.parse(String(completedAt))).toBeGreaterThanOrEqual(Date.parse(String(startedAt)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveBeenCalledTimes(1);
  });

  it('rejects an envelope for another commandId as RESULT_ENVELOPE_MALFORMED', async () => {
    const { sim, serial } = await boot();
    // A misbehaving Operator on the wire: it answers with someone else's envelope.
    vi.spyOn(sim.operator, 'execute').mockResolvedValueOnce({
      ok: true,
      value: { commandId: 'other', taskId: 'other', status: 'success', stepResults: [], error: null },
    });
    const result = await runExecution(
      payload([{ id: 'c', type: 'clear_on_screen_log' }]),
      { deviceId: serial, operatorPackage: 'com.androperator.operator' },
      dependencies,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'RESULT_ENVELOPE_MALFORMED',
        details: { dispatchState: 'dispatched', envelopeCommandId: 'other' },
      },
    });
  });

  it('passes resolver failures on with host details', async () => {
    await boot();
    const result = await runExecution(
      payload([{ id: 'c', type: 'clear_on_screen_log' }]),
      { deviceId: 'emulator-9999', operatorPackage: 'com.androperator.operator' },
      dependencies,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'DEVICE_NOT_FOUND',
        details: { phase: 'readiness', dispatchState: 'not_dispatched', deviceId: 'emulator-9999' },
      },
    });
  });
});
