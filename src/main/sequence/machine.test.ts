import { describe, expect, it } from 'vitest';
import { failHost, ok } from '../../shared/errors';
import { stepSequence, type SequenceEffect, type SequenceState } from './machine';
import { initialSequenceState } from '../../test-support/sequenceState';

// The step function alone: given a state and an event, which effects, in which order.

const EXCERPT = {
  status: 'complete' as const,
  file: 'logcat.txt',
  entries: 3,
  limitReached: false,
  redactions: 0,
  caveats: [],
};

const initial = (): SequenceState => initialSequenceState();

const kinds = (effects: SequenceEffect[]): string[] =>
  effects.map((effect) =>
    effect.type === 'send'
      ? `send ${effect.step}`
      : effect.type === 'announce'
        ? `announce ${effect.progress.step}:${effect.progress.status}`
        : effect.type,
  );

const setEnvelope = (success: boolean) => ({
  commandId: 'run-1-set',
  taskId: 'run-1',
  status: success ? ('success' as const) : ('failed' as const),
  stepResults: [{ id: 'set', actionType: 'set_on_screen_log', success, data: { bounds: '[0,0][10,10]' } }],
  error: null,
});

describe('stepSequence', () => {
  it('begins by recording the run and sending set under the lease', () => {
    const state = initial();
    const before = JSON.stringify(state);
    const { state: next, effects } = stepSequence(state, { type: 'begin', atMs: 0 });
    expect(kinds(effects)).toEqual(['record', 'lease', 'announce set:running', 'send set']);
    expect(next.phase).toBe('setting');
    // Pure: the input state is not touched.
    expect(JSON.stringify(state)).toBe(before);
  });

  it('after a good set sends the screenshot with hello right behind it', () => {
    const begun = stepSequence(initial(), { type: 'begin', atMs: 0 }).state;
    const { state, effects } = stepSequence(begun, {
      type: 'stepFinished',
      step: 'set',
      outcome: ok({ envelope: setEnvelope(true) }),
      atMs: 5,
    });
    expect(kinds(effects)).toEqual([
      'announce set:succeeded',
      'record',
      'lease',
      'announce screenshot:running',
      'send screenshot',
      'describe',
    ]);
    expect(state).toMatchObject({ phase: 'shooting', describing: 'asked' });
    expect(state.record.reportedBounds).toEqual({ left: 0, top: 0, right: 10, bottom: 10 });
  });

  it('after a failed set skips the screenshot and clears', () => {
    const begun = stepSequence(initial(), { type: 'begin', atMs: 0 }).state;
    const { state, effects } = stepSequence(begun, {
      type: 'stepFinished',
      step: 'set',
      outcome: failHost('RESULT_TRANSPORT_FAILED', 'lost', {
        phase: 'result_wait',
        dispatchState: 'unknown',
      }),
      atMs: 5,
    });
    expect(kinds(effects)).toEqual([
      'announce set:failed',
      'record',
      'announce screenshot:skipped',
      'lease',
      'announce clear:running',
      'send clear',
    ]);
    expect(state.phase).toBe('clearing');
    expect(state.record.steps[0]?.error?.details).toMatchObject({
      commandId: 'run-1-set',
      deviceId: 'sim-phone',
    });
  });

  it('finishes only after clear, hello and the final flushed record, in that order', () => {
    let state = stepSequence(initial(), { type: 'begin', atMs: 0 }).state;
    state = stepSequence(state, {
      type: 'stepFinished',
      step: 'set',
      outcome: ok({ envelope: setEnvelope(false) }),
      atMs: 1,
    }).state;
    const cleared = stepSequence(state, {
      type: 'stepFinished',
      step: 'clear',
      outcome: ok({ envelope: { ...setEnvelope(true), commandId: 'run-1-clear' } }),
      atMs: 2,
    });
    expect(kinds(cleared.effects)).toEqual(['announce clear:succeeded', 'record', 'readLogs', 'describe']);
    // The log window starts when set went out (atMs 0), not when clear answered.
    expect(cleared.effects).toContainEqual({ type: 'readLogs', sinceMs: 0 });
    const described = stepSequence(cleared.state, {
      type: 'described',
      description: { device: { serial: 'sim-phone', model: 'Pixel 7' } },
      atMs: 3,
    });
    // The final record waits for the device log too.
    expect(described.effects).toEqual([]);
    const logged = stepSequence(described.state, { type: 'logsRead', excerpt: EXCERPT, atMs: 3 });
    expect(logged.effects).toEqual([
      expect.objectContaining({
        type: 'record',
        final: true,
        record: expect.objectContaining({ status: 'failed', logExcerpt: EXCERPT }),
      }),
    ]);
    const done = stepSequence(logged.state, {
      type: 'recorded',
      result: ok(undefined),
      final: true,
      atMs: 4,
    });
    expect(done.state.phase).toBe('done');
    expect(done.effects).toEqual([
      { type: 'finish', result: expect.objectContaining({ runId: 'run-1', status: 'failed' }) },
    ]);
  });

  it('fails a run whose final record could not be written, with the evidence error (issue 13 §7)', () => {
    let state = stepSequence(initial(), { type: 'begin', atMs: 0 }).state;
    for (const [step, atMs] of [
      ['set', 1],
      ['screenshot', 2],
      ['clear', 3],
    ] as const)
      state = stepSequence(state, {
        type: 'stepFinished',
        step,
        outcome: ok({ envelope: { ...setEnvelope(true), commandId: `run-1-${step}` } }),
        atMs,
      }).state;
    state = stepSequence(state, { type: 'logsRead', excerpt: EXCERPT, atMs: 4 }).state;
    const described = stepSequence(state, {
      type: 'described',
      description: { device: { serial: 'sim-phone' } },
      atMs: 4,
    });
    expect(described.effects).toEqual([
      expect.objectContaining({
        type: 'record',
        final: true,
        record: expect.objectContaining({ status: 'succeeded' }),
      }),
    ]);
    const evidenceError = {
      code: 'EVIDENCE_WRITE_FAILED' as const,
      message: 'Could not write run.json: read-only',
    };
    const done = stepSequence(described.state, {
      type: 'recorded',
      result: { ok: false, error: evidenceError },
      final: true,
      atMs: 5,
    });
    expect(done.effects).toEqual([
      { type: 'finish', result: expect.objectContaining({ status: 'failed', evidenceError }) },
    ]);
  });
});
