import { afterEach, describe, expect, it } from 'vitest';
import type { SequenceResult } from '../../shared/api/sequence';
import { fail, ok } from '../../shared/errors';
import type { SequenceRequest } from '../sequence/types';
import type { ConsoleRunners } from './dependencies';
import { createConsoleApi } from './consoleApi';
import { PHONE, testSetup, type TestSetup } from '../../test-support/apiFakes';

let setup: TestSetup;

afterEach(async () => {
  await setup.cleanup();
});

const EXECUTION = {
  commandId: 'cmd-1',
  taskId: 'task-1',
  source: 'test',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 5000,
  actions: [{ id: 'clear', type: 'clear_on_screen_log' }],
};
const ENVELOPE = {
  commandId: 'cmd-1',
  taskId: 'task-1',
  status: 'success' as const,
  stepResults: [],
  error: null,
};

function result(runId: string): SequenceResult {
  return { runId, serial: 'emulator-5554', runPath: `/runs/${runId}`, status: 'succeeded', steps: [] };
}

describe('execution:run', () => {
  it('runs the canonical execution on the serial with the current Operator package and announces it', async () => {
    setup = await testSetup();
    const seen: Array<Parameters<ConsoleRunners['runExecution']>> = [];
    const api = createConsoleApi({
      ...setup.dependencies,
      runners: {
        runExecution: async (...args) => {
          seen.push(args);
          return ok({
            ok: true,
            deviceId: PHONE.serial,
            terminalSource: 'androperator_result',
            envelope: ENVELOPE,
          });
        },
      },
    });
    // An alias ("clear") is normalized before the runner sees it.
    const aliased = { ...EXECUTION, actions: [{ id: 'clear', type: 'on_screen_log_clear' }] };
    const outcome = await api['execution:run']({ serial: PHONE.serial, execution: aliased });
    const expected = { deviceId: PHONE.serial, terminalSource: 'androperator_result', envelope: ENVELOPE };
    expect(outcome).toEqual({ ok: true, value: expected });
    expect(seen[0]?.[0]).toMatchObject({ actions: [{ id: 'clear', type: 'clear_on_screen_log' }] });
    expect(seen[0]?.[1]).toEqual({ deviceId: PHONE.serial, operatorPackage: 'com.androperator.operator' });
    expect(seen[0]?.[2].resolver).toBe(setup.hub);
    expect(setup.events).toEqual([
      {
        event: 'execution:finished',
        payload: { serial: PHONE.serial, execution: seen[0]?.[0], outcome: { ok: true, value: expected } },
      },
    ]);
  });

  it('rejects an invalid execution before any runner or event', async () => {
    setup = await testSetup();
    let called = false;
    const api = createConsoleApi({
      ...setup.dependencies,
      runners: { runExecution: async () => ((called = true), fail('INTERNAL_ERROR', 'not called')) },
    });
    const outcome = await api['execution:run']({
      serial: PHONE.serial,
      execution: { ...EXECUTION, timeoutMs: 5 },
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'timeoutMs' } },
    });
    expect(called).toBe(false);
    expect(setup.events).toEqual([]);
  });

  it('announces a host failure too', async () => {
    setup = await testSetup();
    const api = createConsoleApi({
      ...setup.dependencies,
      runners: {
        runExecution: async () => fail('RESULT_ENVELOPE_TIMEOUT', 'no answer', { dispatchState: 'unknown' }),
      },
    });
    const outcome = await api['execution:run']({ serial: PHONE.serial, execution: EXECUTION });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'RESULT_ENVELOPE_TIMEOUT' } });
    expect(setup.events).toMatchObject([
      { event: 'execution:finished', payload: { serial: PHONE.serial, outcome } },
    ]);
  });
});

describe('sequence:run', () => {
  it('runs every device at once with the settings, tags progress with the serial, and returns the results in order', async () => {
    setup = await testSetup();
    await setup.dependencies.settings.update({ timeoutMs: 7000 });
    const requests: SequenceRequest[] = [];
    let running = 0;
    let peak = 0;
    const api = createConsoleApi({
      ...setup.dependencies,
      runners: {
        runSequence: async (request, dependencies) => {
          requests.push(request);
          running += 1;
          peak = Math.max(peak, running);
          const runId = `run-${request.deviceId}`;
          dependencies.onProgress?.({ runId, step: 'set', status: 'running' });
          // Both runs must be in flight together for the peak to reach 2.
          await new Promise((resolve) => setTimeout(resolve, request.deviceId === 'a' ? 30 : 5));
          dependencies.onProgress?.({ runId, step: 'set', status: 'succeeded', durationMs: 5 });
          running -= 1;
          return ok(result(runId));
        },
      },
    });
    const outcome = await api['sequence:run']({
      serials: ['a', 'b'],
      design: { text: 'FLOW' },
      label: 'smoke',
    });
    expect(outcome).toEqual({
      ok: true,
      value: [
        { serial: 'a', result: ok(result('run-a')) },
        { serial: 'b', result: ok(result('run-b')) },
      ],
    });
    expect(peak).toBe(2);
    // One start on two devices: both runs name the same group, each with its column.
    const groupId = requests[0]?.group?.id;
    expect(groupId).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests).toEqual([
      {
        design: { text: 'FLOW' },
        deviceId: 'a',
        operatorPackage: 'com.androperator.operator',
        timeoutMs: 7000,
        label: 'smoke',
        group: { id: groupId, size: 2, index: 0 },
      },
      {
        design: { text: 'FLOW' },
        deviceId: 'b',
        operatorPackage: 'com.androperator.operator',
        timeoutMs: 7000,
        label: 'smoke',
        group: { id: groupId, size: 2, index: 1 },
      },
    ]);
    const progress = setup.events
      .filter((message) => message.event === 'run:progress')
      .map((message) => message.payload);
    expect(progress).toHaveLength(4);
    expect(progress).toContainEqual({ runId: 'run-a', step: 'set', status: 'running', serial: 'a' });
    expect(progress).toContainEqual({
      runId: 'run-b',
      step: 'set',
      status: 'succeeded',
      durationMs: 5,
      serial: 'b',
    });
  });

  it('gives every device its own typed result: a device that could not run keeps its error, the others their runs', async () => {
    setup = await testSetup();
    const api = createConsoleApi({
      ...setup.dependencies,
      runners: {
        runSequence: async (request) =>
          request.deviceId === 'b'
            ? fail('EXECUTION_CONFLICT_IN_FLIGHT', 'busy', { runningCommandId: 'x' })
            : ok(result(`run-${request.deviceId}`)),
      },
    });
    expect(await api['sequence:run']({ serials: ['a', 'b', 'c'], design: { text: 'FLOW' } })).toEqual({
      ok: true,
      value: [
        { serial: 'a', result: ok(result('run-a')) },
        {
          serial: 'b',
          result: {
            ok: false,
            error: {
              code: 'EXECUTION_CONFLICT_IN_FLIGHT',
              message: 'busy',
              details: { runningCommandId: 'x' },
            },
          },
        },
        { serial: 'c', result: ok(result('run-c')) },
      ],
    });
  });
});
