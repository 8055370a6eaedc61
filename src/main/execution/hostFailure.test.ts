import { describe, expect, it } from 'vitest';
import { withHostDetails } from './hostFailure';

const context = {
  commandId: 'c',
  taskId: 't',
  deviceId: 'emulator-5554',
  startedAtMs: Date.UTC(2025, 0, 1, 0, 0, 0),
  clock: { now: () => Date.UTC(2025, 0, 1, 0, 0, 2) },
};

describe('withHostDetails', () => {
  it('adds phase, dispatchState, ids and times, keeping the original details', () => {
    const error = withHostDetails(
      { code: 'DEVICE_NOT_FOUND', message: 'gone', details: { connected: ['a'] } },
      context,
      { phase: 'readiness', dispatchState: 'not_dispatched' },
    );
    expect(error).toEqual({
      code: 'DEVICE_NOT_FOUND',
      message: 'gone',
      details: {
        connected: ['a'],
        phase: 'readiness',
        dispatchState: 'not_dispatched',
        commandId: 'c',
        taskId: 't',
        startedAt: '2025-01-01T00:00:00.000Z',
        completedAt: '2025-01-01T00:00:02.000Z',
        deviceId: 'emulator-5554',
      },
    });
  });

  it("keeps the agent client's phase and dispatchState over the fallback", () => {
    const error = withHostDetails(
      {
        code: 'RESULT_TRANSPORT_FAILED',
        message: 'lost',
        details: { phase: 'result_wait', dispatchState: 'unknown' },
      },
      context,
      { phase: 'dispatch', dispatchState: 'dispatched' },
    );
    expect(error.details).toMatchObject({ phase: 'result_wait', dispatchState: 'unknown' });
  });

  it('replaces values that are not a known phase or state, and omits an unknown device', () => {
    const error = withHostDetails(
      { code: 'OPERATOR_UNREACHABLE', message: 'x', details: { phase: 'later', dispatchState: 42 } },
      { ...context, deviceId: undefined },
      { phase: 'readiness', dispatchState: 'not_dispatched' },
    );
    expect(error.details).toMatchObject({ phase: 'readiness', dispatchState: 'not_dispatched' });
    expect(error.details).not.toHaveProperty('deviceId');
  });
});
