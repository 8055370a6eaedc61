import { describe, expect, it } from 'vitest';
import type { ResultEnvelope, StepResult } from './envelope';
import { reconcileEnvelope } from './reconcile';

function step(
  id: string,
  actionType: string,
  success: boolean,
  data: Record<string, string> = {},
): StepResult {
  return { id, actionType, success, data };
}

function envelope(stepResults: StepResult[], extra: Partial<ResultEnvelope> = {}): ResultEnvelope {
  return { commandId: 'c1', taskId: 't1', status: 'success', stepResults, error: null, ...extra };
}

describe('reconcileEnvelope', () => {
  it('copies an ON_SCREEN_LOG code from a failed set step (reference test)', () => {
    const data = { error: 'ON_SCREEN_LOG_RENDER_TIMEOUT', message: 'No draw acknowledgement within 2000 ms' };
    const input = envelope([
      step('set-panel', 'set_on_screen_log', false, data),
      step('clear', 'clear_on_screen_log', true),
    ]);
    const result = reconcileEnvelope(input);
    expect(result.status).toBe('failed');
    expect(result.errorCode).toBe('ON_SCREEN_LOG_RENDER_TIMEOUT');
    expect(result.error).toBe('Step set-panel (set_on_screen_log) failed: ON_SCREEN_LOG_RENDER_TIMEOUT');
    expect(result.stepResults[0]?.data).toEqual(data);
  });

  it('sets no envelope errorCode for an unrelated step error', () => {
    const result = reconcileEnvelope(envelope([step('find', 'click', false, { error: 'NODE_NOT_FOUND' })]));
    expect(result.status).toBe('failed');
    expect(result.error).toBe('Step find (click) failed: NODE_NOT_FOUND');
    expect('errorCode' in result).toBe(false);
  });

  it('prefers data.errorCode and uses the first failed step', () => {
    const result = reconcileEnvelope(
      envelope([
        step('a', 'snapshot', true),
        step('b', 'read_text', false, { error: 'NODE_NOT_FOUND', errorCode: 'SNAPSHOT_FAILED' }),
        step('c', 'set_on_screen_log', false, { error: 'ON_SCREEN_LOG_RENDER_FAILED' }),
      ]),
    );
    expect(result.errorCode).toBe('SNAPSHOT_FAILED');
    expect(result.error).toBe('Step b (read_text) failed: NODE_NOT_FOUND');
  });

  it('omits the detail when the failed step has no error text', () => {
    expect(reconcileEnvelope(envelope([step('x', 'sleep', false)])).error).toBe('Step x (sleep) failed');
  });

  it('turns an all-success envelope into success and removes errorCode and hint', () => {
    // A host screenshot rewrote the only failing step to success.
    const input = envelope([step('shot', 'take_screenshot', true, { path: '/tmp/a.png' })], {
      status: 'failed',
      error: 'Step shot (take_screenshot) failed: UNSUPPORTED_RUNTIME_SCREENSHOT',
      errorCode: null,
      hint: 'old hint',
    });
    const result = reconcileEnvelope(input);
    expect(result).toEqual({
      commandId: 'c1',
      taskId: 't1',
      status: 'success',
      stepResults: input.stepResults,
      error: null,
    });
  });

  it('keeps a typed runtime failure authoritative', () => {
    const typed = envelope([step('a', 'snapshot', true)], {
      status: 'failed',
      error: 'Accessibility service is not running',
      errorCode: 'SERVICE_UNAVAILABLE',
      hint: 'Run doctor',
    });
    expect(reconcileEnvelope(typed)).toEqual(typed);
    const withFailedStep = {
      ...typed,
      stepResults: [step('b', 'click', false, { error: 'NODE_NOT_FOUND' })],
    };
    expect(reconcileEnvelope(withFailedStep)).toEqual(withFailedStep);
  });

  it('leaves an envelope without steps as it is', () => {
    const failed = envelope([], { status: 'failed', error: 'Invalid payload' });
    expect(reconcileEnvelope(failed)).toEqual(failed);
  });

  it('drops a stale hint when a step failure decides the verdict', () => {
    const input = envelope(
      [step('p', 'set_on_screen_log', false, { error: 'ON_SCREEN_LOG_LAYOUT_INVALID' })],
      { hint: 'stale' },
    );
    expect('hint' in reconcileEnvelope(input)).toBe(false);
  });

  it('returns a new object and leaves the input untouched', () => {
    const input = envelope([step('p', 'set_on_screen_log', false, { error: 'ON_SCREEN_LOG_RENDER_FAILED' })]);
    const before = structuredClone(input);
    const result = reconcileEnvelope(input);
    expect(result).not.toBe(input);
    expect(result.stepResults[0]).not.toBe(input.stepResults[0]);
    expect(input).toEqual(before);
  });
});
