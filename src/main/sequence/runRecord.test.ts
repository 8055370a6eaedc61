import { describe, expect, it } from 'vitest';
import type { Execution } from '../../shared/execution/types';
import type { AdbClient } from '../../node/adb/adbkit';
import { parseRunRecord } from '../evidence/parseRunRecord';
import { buildRunRecord, runDeviceOf, type RecordState } from './runRecord';
import { initialSteps, stepFinished, stepSkipped, stepStarted } from './steps';

const T0 = Date.UTC(2025, 0, 1);
const RUN_ID = '20250101-000000-emulator-5554-abc123';
const client = {} as AdbClient; // never called: only the serial and info are read

function state(overrides: Partial<RecordState> = {}): RecordState {
  return {
    runId: RUN_ID,
    startedAt: new Date(T0).toISOString(),
    design: { text: 'FLOW-001' },
    steps: initialSteps(),
    status: 'running',
    device: { serial: 'emulator-5554' },
    ...overrides,
  };
}

describe('buildRunRecord', () => {
  it('writes a record the evidence store reads back, with bounds in [l,t][r,b] form', () => {
    const record = buildRunRecord(
      state({
        reportedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
        predictedBounds: { left: 21, top: 157, right: 756, bottom: 237 },
      }),
    );
    expect(record).toMatchObject({
      reportedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
      predictedBounds: { left: 21, top: 157, right: 756, bottom: 237 },
    });
    expect(parseRunRecord(JSON.parse(JSON.stringify(record)))).toEqual({ ok: true, value: record });
  });

  it('maps steps: timings, payload, envelope data, host errors and failed envelopes as errors', () => {
    const payload = { commandId: `${RUN_ID}-set` } as Execution;
    let steps = stepStarted(initialSteps(), 'set', payload, T0);
    steps = stepFinished(
      steps,
      'set',
      {
        ok: true,
        value: {
          commandId: payload.commandId,
          taskId: RUN_ID,
          status: 'failed',
          error: 'Step set (set_on_screen_log) failed: ON_SCREEN_LOG_LAYOUT_INVALID',
          errorCode: 'ON_SCREEN_LOG_LAYOUT_INVALID',
          stepResults: [
            {
              id: 'set',
              actionType: 'set_on_screen_log',
              success: false,
              data: { error: 'ON_SCREEN_LOG_LAYOUT_INVALID' },
            },
          ],
        },
      },
      T0 + 40,
    );
    steps = stepSkipped(steps, 'screenshot', 'set failed');
    steps = stepFinished(
      stepStarted(steps, 'clear', payload, T0 + 50),
      'clear',
      { ok: false, error: { code: 'DEVICE_OFFLINE', message: 'gone', details: { phase: 'readiness' } } },
      T0 + 60,
    );
    const record = buildRunRecord(
      state({ steps, status: 'failed', finishedAt: new Date(T0 + 60).toISOString() }),
    );
    expect(record.steps).toEqual([
      {
        name: 'set',
        status: 'failed',
        startedAt: '2025-01-01T00:00:00.000Z',
        finishedAt: '2025-01-01T00:00:00.040Z',
        durationMs: 40,
        payload,
        envelope: expect.objectContaining({ status: 'failed' }),
        error: {
          code: 'ON_SCREEN_LOG_LAYOUT_INVALID',
          message: 'Step set (set_on_screen_log) failed: ON_SCREEN_LOG_LAYOUT_INVALID',
        },
        data: { error: 'ON_SCREEN_LOG_LAYOUT_INVALID' },
      },
      { name: 'screenshot', status: 'skipped' },
      expect.objectContaining({
        name: 'clear',
        status: 'failed',
        error: { code: 'DEVICE_OFFLINE', message: 'gone', details: { phase: 'readiness' } },
      }),
    ]);
    expect(parseRunRecord(JSON.parse(JSON.stringify(record))).ok).toBe(true);
  });
});

describe('runDeviceOf', () => {
  it('prefers what hello reports and marks simulated devices', () => {
    const device = {
      client,
      serial: 's',
      info: {
        serial: 's',
        state: 'device' as const,
        server: 'local',
        model: 'Old',
        apiLevel: 30,
        simulatedProfile: 'phone',
      },
    };
    expect(runDeviceOf(device, null)).toEqual({
      serial: 's',
      model: 'Old',
      sdkInt: 30,
      profile: 'phone',
      simulated: true,
    });
    const description = { device: { manufacturer: 'Google', model: 'Pixel 9', sdkInt: 35, release: '15' } };
    expect(runDeviceOf(device, description as Parameters<typeof runDeviceOf>[1])).toMatchObject({
      model: 'Pixel 9',
      manufacturer: 'Google',
      sdkInt: 35,
    });
  });
});
