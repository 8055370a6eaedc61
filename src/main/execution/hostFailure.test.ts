import { describe, expect, it } from 'vitest';
import { hostFailure } from '../../shared/errors';
import { conflictError, readinessFailure, withHostDetails } from './hostFailure';

const context = {
  commandId: 'c',
  taskId: 't',
  deviceId: 'emulator-5554',
  startedAtMs: Date.UTC(2025, 0, 1, 0, 0, 0),
  clock: { now: () => Date.UTC(2025, 0, 1, 0, 0, 2) },
};

describe('withHostDetails', () => {
  it("adds ids and times, keeping the failure's phase, dispatchState and details", () => {
    const failure = hostFailure(
      'RESULT_TRANSPORT_FAILED',
      'lost',
      { phase: 'result_wait', dispatchState: 'unknown' },
      { requestId: 'r' },
    );
    const error = withHostDetails(failure, context);
    expect(error).toEqual({
      code: 'RESULT_TRANSPORT_FAILED',
      message: 'lost',
      details: {
        requestId: 'r',
        phase: 'result_wait',
        dispatchState: 'unknown',
        commandId: 'c',
        taskId: 't',
        startedAt: '2025-01-01T00:00:00.000Z',
        completedAt: '2025-01-01T00:00:02.000Z',
        deviceId: 'emulator-5554',
      },
    });
    expect(error.details.phase).toBe('result_wait');
  });

  it('omits an unknown device and execution', () => {
    const error = withHostDetails(
      hostFailure('OPERATOR_UNREACHABLE', 'x', { phase: 'readiness', dispatchState: 'not_dispatched' }),
      { startedAtMs: context.startedAtMs, clock: context.clock },
    );
    expect(Object.keys(error.details)).toEqual(['phase', 'dispatchState', 'startedAt', 'completedAt']);
  });
});

describe('readinessFailure and conflictError', () => {
  it('marks a resolver error as not dispatched, keeping its details', () => {
    const error = readinessFailure(
      { code: 'DEVICE_NOT_FOUND', message: 'gone', details: { connected: ['a'] } },
      context,
    );
    expect(error.details).toMatchObject({
      connected: ['a'],
      phase: 'readiness',
      dispatchState: 'not_dispatched',
      deviceId: 'emulator-5554',
    });
  });

  it('names what holds the device', () => {
    const error = conflictError({ commandId: 'run-1-set', runId: 'run-1', since: 'then' }, context);
    expect(error).toMatchObject({
      code: 'EXECUTION_CONFLICT_IN_FLIGHT',
      message: 'emulator-5554 is busy with sequence run-1 (run-1-set); wait for its result, then retry.',
      details: { runningCommandId: 'run-1-set', runningRunId: 'run-1', dispatchState: 'not_dispatched' },
    });
  });
});

describe('conflictError while a sequence starts', () => {
  it('says a sequence is starting when the device is taken before the run has a name', () => {
    const error = conflictError({ since: 'then' }, context);
    expect(error.message).toBe(
      'emulator-5554 is busy with a sequence that is starting; wait for its result, then retry.',
    );
    expect(error.details).not.toHaveProperty('runningCommandId');
  });
});
