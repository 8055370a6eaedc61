import { describe, expect, it } from 'vitest';
import type { ResultEnvelope } from '../../shared/envelope';
import type { Execution } from '../../shared/execution/types';
import {
  envelopeError,
  initialSteps,
  progressOf,
  sequenceStatus,
  stepFinished,
  stepSkipped,
  stepStarted,
} from './steps';
import type { SequenceStep } from './types';

const T0 = Date.UTC(2025, 0, 1);

function stepNamed(steps: readonly SequenceStep[], name: SequenceStep['step']): SequenceStep {
  const found = steps.find((step) => step.step === name);
  if (found === undefined) throw new Error(`no ${name} step`);
  return found;
}
const payload = { commandId: 'run-set' } as Execution;

function envelope(
  status: 'success' | 'failed',
  data: Record<string, string>,
  errorCode?: string,
): ResultEnvelope {
  return {
    commandId: 'run-set',
    taskId: 'run',
    status,
    stepResults: [{ id: 'set', actionType: 'set_on_screen_log', success: status === 'success', data }],
    error: status === 'success' ? null : 'Step set (set_on_screen_log) failed: X',
    ...(errorCode === undefined ? {} : { errorCode }),
  };
}

describe('sequence step states', () => {
  it('starts with three pending steps in order and is not a success', () => {
    const steps = initialSteps();
    expect(steps).toEqual([
      { step: 'set', status: 'pending' },
      { step: 'screenshot', status: 'pending' },
      { step: 'clear', status: 'pending' },
    ]);
    expect(sequenceStatus(steps)).toBe('failed');
    expect(progressOf('r', stepNamed(steps, 'set'))).toBeNull();
  });

  it('records start, end and duration; the envelope decides success', () => {
    let steps = stepStarted(initialSteps(), 'set', payload, T0);
    expect(stepNamed(steps, 'set')).toMatchObject({
      status: 'running',
      commandId: 'run-set',
      startedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(progressOf('r', stepNamed(steps, 'set'))).toEqual({ runId: 'r', step: 'set', status: 'running' });
    steps = stepFinished(
      steps,
      'set',
      { ok: true, value: envelope('success', { visible: 'true' }) },
      T0 + 250,
    );
    expect(stepNamed(steps, 'set')).toMatchObject({
      status: 'succeeded',
      durationMs: 250,
      completedAt: '2025-01-01T00:00:00.250Z',
    });
    expect(progressOf('r', stepNamed(steps, 'set'))).toEqual({
      runId: 'r',
      step: 'set',
      status: 'succeeded',
      durationMs: 250,
      data: { visible: 'true' },
    });
    expect(stepNamed(steps, 'screenshot').status).toBe('pending');
  });

  it('fails a step on a failed envelope, with the envelope code as the progress error', () => {
    const failed = envelope(
      'failed',
      { error: 'ON_SCREEN_LOG_RENDER_TIMEOUT' },
      'ON_SCREEN_LOG_RENDER_TIMEOUT',
    );
    const steps = stepFinished(
      stepStarted(initialSteps(), 'set', payload, T0),
      'set',
      { ok: true, value: failed },
      T0 + 2000,
    );
    expect(progressOf('r', stepNamed(steps, 'set'))).toMatchObject({
      status: 'failed',
      error: { code: 'ON_SCREEN_LOG_RENDER_TIMEOUT', message: 'Step set (set_on_screen_log) failed: X' },
    });
  });

  it('fails a step on a host error and skips another', () => {
    let steps = stepFinished(
      stepStarted(initialSteps(), 'set', payload, T0),
      'set',
      { ok: false, error: { code: 'DEVICE_OFFLINE', message: 'offline' } },
      T0 + 5,
    );
    steps = stepSkipped(steps, 'screenshot', 'the set step failed');
    expect(stepNamed(steps, 'set')).toMatchObject({ status: 'failed', error: { code: 'DEVICE_OFFLINE' } });
    expect(stepNamed(steps, 'screenshot')).toEqual({
      step: 'screenshot',
      status: 'skipped',
      reason: 'the set step failed',
    });
    expect(progressOf('r', stepNamed(steps, 'screenshot'))).toEqual({
      runId: 'r',
      step: 'screenshot',
      status: 'skipped',
    });
  });

  it('succeeds only when all three steps succeeded', () => {
    const done = (name: 'set' | 'screenshot' | 'clear', steps: ReturnType<typeof initialSteps>) =>
      stepFinished(
        stepStarted(steps, name, payload, T0),
        name,
        { ok: true, value: envelope('success', {}) },
        T0 + 1,
      );
    const two = done('screenshot', done('set', initialSteps()));
    expect(sequenceStatus(two)).toBe('failed');
    expect(sequenceStatus(done('clear', two))).toBe('succeeded');
  });

  it('maps an unknown envelope code to EXECUTION_FAILED', () => {
    expect(envelopeError(envelope('failed', {}, 'SOMETHING_NEW'))?.code).toBe('EXECUTION_FAILED');
    expect(envelopeError(envelope('success', {}))).toBeUndefined();
  });
});
