import { describe, expect, it } from 'vitest';
import { fail, failHost, ok } from '../../shared/errors';
import type { ResultEnvelope } from '../../shared/envelope';
import { CHECK } from '../../test-support/sequenceFakes';
import { holdView } from './hold';
import { stepSequence, type SequenceEffect, type SequenceEvent, type SequenceState } from './machine';
import { initialSequenceState } from '../../test-support/sequenceState';
import type { SequenceStepName } from './types';

// Hold mode as the step function sees it: which executions go out, when the hold ends and what run.json keeps.

const EXCERPT = { status: 'complete' as const, entries: 0, limitReached: false, redactions: 0, caveats: [] };
const FOREGROUND = {
  source: 'host_dumpsys' as const,
  observedAt: '2026-01-01T00:00:01.000Z',
  status: 'observed' as const,
  packageName: 'com.example',
  versionName: '1.2',
  versionCode: '12',
};

function initial(maxCaptures = 20, maxMs = 600_000): SequenceState {
  return initialSequenceState({ hold: { maxCaptures, maxMs, phase: 'waiting', queued: 0 }, captures: [] });
}

function envelope(step: SequenceStepName, success = true): ResultEnvelope {
  return {
    commandId: `run-1-${step}`,
    taskId: 'run-1',
    status: success ? 'success' : 'failed',
    stepResults: [
      {
        id: step,
        actionType: step === 'set' ? 'set_on_screen_log' : 'take_screenshot',
        success,
        data: step === 'set' ? { bounds: '[0,0][10,10]' } : success ? { path: 'x' } : { error: 'x' },
      },
    ],
    error: success ? null : 'screencap died',
    ...(success ? {} : { errorCode: 'EVIDENCE_CAPTURE_FAILED' }),
  };
}

/** An event without its clock reading (the driver stamps it). */
type Unstamped = SequenceEvent extends infer E
  ? E extends SequenceEvent
    ? Omit<E, 'atMs'> & { atMs?: number }
    : never
  : never;

/** A small driver: feeds events, keeps every effect, answers the bookkeeping ones (records, hello, logs). */
class Drive {
  state: SequenceState;
  effects: SequenceEffect[] = [];
  at = 0;
  constructor(state: SequenceState) {
    this.state = state;
  }
  post(event: Unstamped): SequenceEffect[] {
    this.at = event.atMs ?? this.at + 1;
    const { state, effects } = stepSequence(this.state, { ...event, atMs: this.at } as SequenceEvent);
    this.state = state;
    this.effects.push(...effects);
    return effects;
  }
  /** The device answers `step`, its pixels are checked and the foreground app observed. */
  capture(step: SequenceStepName, inCapture = true): SequenceEffect[] {
    this.post({ type: 'captured', step, png: new Uint8Array([1]), appliedScale: 100 });
    this.post({ type: 'captureChecked', step, result: ok({ ...CHECK, inCapture }) });
    this.post({ type: 'observed', step, observation: FOREGROUND });
    const file = step === 'screenshot' ? 'screenshot.png' : `capture-${step.slice(11)}.png`;
    return this.post({
      type: 'stepFinished',
      step,
      outcome: ok({
        envelope: envelope(step),
        screenshot: { path: `/e/run-1/${file}`, file, widthPx: 1080, heightPx: 2400 },
      }),
    });
  }
  sent(): string[] {
    return this.effects.flatMap((effect) => (effect.type === 'send' ? [effect.step] : []));
  }
  /** clear answers, then logs and hello: the final record and the result. */
  finish() {
    this.post({ type: 'stepFinished', step: 'clear', outcome: ok({ envelope: envelope('clear') }) });
    this.post({ type: 'logsRead', excerpt: EXCERPT });
    this.post({ type: 'described', description: { device: { serial: 'sim-phone' } } });
    const final = this.effects.filter((effect) => effect.type === 'record').at(-1);
    if (final?.type !== 'record' || !final.final) throw new Error('no final record');
    const done = this.post({ type: 'recorded', result: ok(undefined), final: true });
    const result = done.find((effect) => effect.type === 'finish');
    if (result?.type !== 'finish') throw new Error('no result');
    return { record: final.record, result: result.result };
  }
}

function setUp(maxCaptures?: number, maxMs?: number): Drive {
  const drive = new Drive(initial(maxCaptures, maxMs));
  drive.post({ type: 'begin', atMs: 0 });
  drive.post({ type: 'stepFinished', step: 'set', outcome: ok({ envelope: envelope('set') }) });
  return drive;
}

describe('hold mode', () => {
  it('keeps the panel after the first capture, captures on request, and clears only on release', () => {
    const drive = setUp();
    const afterFirst = drive.capture('screenshot');
    // The hold starts with its clock: clear is not sent, the timer is set maxMs after the first capture.
    expect(afterFirst).toContainEqual({ type: 'holdTimer', atMs: drive.at + 600_000 });
    expect(drive.state.phase).toBe('holding');
    expect(drive.sent()).toEqual(['set', 'screenshot']);
    expect(holdView(drive.state)).toMatchObject({
      status: 'holding',
      capturing: false,
      captures: [{ index: 1 }],
    });
    drive.post({ type: 'hold', command: { type: 'capture' } });
    expect(drive.sent()).toEqual(['set', 'screenshot', 'screenshot-2']);
    expect(holdView(drive.state)).toMatchObject({ capturing: true, captures: [{ index: 1 }] });
    drive.capture('screenshot-2', false);
    expect(drive.sent()).toEqual(['set', 'screenshot', 'screenshot-2']);
    drive.post({ type: 'hold', command: { type: 'end', reason: 'user' } });
    expect(drive.sent()).toEqual(['set', 'screenshot', 'screenshot-2', 'clear']);
    // Nothing goes out after clear, whatever is asked.
    drive.post({ type: 'hold', command: { type: 'capture' } });
    const { record, result } = drive.finish();
    expect(drive.sent()).toEqual(['set', 'screenshot', 'screenshot-2', 'clear']);
    expect(record.hold).toMatchObject({ maxCaptures: 20, maxMs: 600_000, endedBy: 'user' });
    expect(record.captures).toEqual([
      expect.objectContaining({
        step: 'screenshot',
        index: 1,
        status: 'succeeded',
        file: 'screenshot.png',
        captureCheck: expect.objectContaining({ inCapture: true }),
        foreground: FOREGROUND,
      }),
      expect.objectContaining({
        step: 'screenshot-2',
        index: 2,
        status: 'succeeded',
        file: 'capture-2.png',
        captureCheck: expect.objectContaining({ inCapture: false }),
      }),
    ]);
    expect(record.steps.map((step) => step.name)).toEqual(['set', 'screenshot', 'screenshot-2', 'clear']);
    expect(result).toMatchObject({ status: 'succeeded', hold: record.hold, captures: record.captures });
    // The first capture is also the run's screenshot and capture check, as in a run that does not hold.
    expect(record.screenshot).toMatchObject({ file: 'screenshot.png' });
    expect(record.captureCheck).toMatchObject({ inCapture: true });
  });

  it('clears by itself at the capture bound and ignores requests beyond it', () => {
    const drive = setUp(2);
    drive.capture('screenshot');
    drive.post({ type: 'hold', command: { type: 'capture' } });
    // Asked again while the second is on its way: beyond the bound, so not queued.
    drive.post({ type: 'hold', command: { type: 'capture' } });
    expect(drive.state.hold?.queued).toBe(0);
    drive.capture('screenshot-2');
    expect(drive.sent()).toEqual(['set', 'screenshot', 'screenshot-2', 'clear']);
    expect(holdView(drive.state)).toMatchObject({
      status: 'ended',
      endedBy: 'max_captures',
      endedReason: expect.stringContaining('Reached 2 captures'),
    });
    const { record, result } = drive.finish();
    expect(record.hold?.endedBy).toBe('max_captures');
    expect(result.status).toBe('succeeded');
  });

  it('clears by itself at the time bound, after the capture on its way', () => {
    const drive = setUp(20, 60_000);
    drive.capture('screenshot');
    drive.post({ type: 'hold', command: { type: 'capture' } });
    drive.post({ type: 'holdExpired' });
    // The capture in flight finishes first: clear waits for it.
    expect(drive.sent()).toEqual(['set', 'screenshot', 'screenshot-2']);
    drive.capture('screenshot-2');
    expect(drive.sent()).toEqual(['set', 'screenshot', 'screenshot-2', 'clear']);
    const { record } = drive.finish();
    expect(record.hold).toMatchObject({ endedBy: 'max_duration', maxMs: 60_000 });
    expect(record.captures).toHaveLength(2);
  });

  it('keeps the captures taken before a failed one, ends the hold with its error and fails the run', () => {
    const drive = setUp();
    drive.capture('screenshot');
    drive.post({ type: 'hold', command: { type: 'capture' } });
    drive.post({
      type: 'stepFinished',
      step: 'screenshot-2',
      outcome: ok({ envelope: envelope('screenshot-2', false) }),
    });
    expect(drive.sent()).toEqual(['set', 'screenshot', 'screenshot-2', 'clear']);
    const { record, result } = drive.finish();
    expect(record.captures).toEqual([
      expect.objectContaining({
        index: 1,
        status: 'succeeded',
        file: 'screenshot.png',
        captureCheck: expect.anything(),
      }),
      expect.objectContaining({ index: 2, status: 'failed' }),
    ]);
    expect(record.captures?.[1]).not.toHaveProperty('file');
    expect(record.hold).toMatchObject({ endedBy: 'failure', error: { code: 'EVIDENCE_CAPTURE_FAILED' } });
    expect(result.status).toBe('failed');
    expect(record.screenshot).toMatchObject({ file: 'screenshot.png' });
  });

  it('queues a request made while a capture is on its way and takes it next', () => {
    const drive = setUp();
    drive.capture('screenshot');
    drive.post({ type: 'hold', command: { type: 'capture' } });
    drive.post({ type: 'hold', command: { type: 'capture' } });
    expect(holdView(drive.state)).toMatchObject({ capturing: true, queued: 1 });
    drive.capture('screenshot-2');
    expect(drive.sent()).toEqual(['set', 'screenshot', 'screenshot-2', 'screenshot-3']);
    expect(drive.state.hold?.queued).toBe(0);
  });

  it('ends the hold when the device goes away, keeping the evidence and the structured error', () => {
    const drive = setUp();
    drive.capture('screenshot');
    const error = {
      code: 'DEVICE_OFFLINE' as const,
      message: 'sim-phone went away while the panel was held',
    };
    drive.post({ type: 'deviceLost', error });
    expect(drive.sent()).toEqual(['set', 'screenshot', 'clear']);
    drive.post({
      type: 'stepFinished',
      step: 'clear',
      outcome: failHost('DEVICE_NOT_FOUND', 'gone', { phase: 'dispatch', dispatchState: 'not_dispatched' }),
    });
    drive.post({ type: 'logsRead', excerpt: EXCERPT });
    const described = drive.post({ type: 'described', description: { device: { serial: 'sim-phone' } } });
    const final = described.find((effect) => effect.type === 'record');
    if (final?.type !== 'record') throw new Error('no final record');
    expect(final.record).toMatchObject({
      status: 'failed',
      hold: { endedBy: 'failure', error: { code: 'DEVICE_OFFLINE' } },
      captures: [{ index: 1, status: 'succeeded', file: 'screenshot.png' }],
    });
  });

  it('ends the hold on interference and fails the run', () => {
    const drive = setUp();
    drive.capture('screenshot');
    drive.post({ type: 'interfered', error: { code: 'DEVICE_LEASE_LOST', message: 'refused' } });
    expect(drive.sent()).toEqual(['set', 'screenshot', 'clear']);
    const { record, result } = drive.finish();
    expect(record.hold).toMatchObject({ endedBy: 'interference', error: { code: 'DEVICE_LEASE_LOST' } });
    expect(result.status).toBe('failed');
  });

  it('waits for a late capture check before the final record', () => {
    const drive = setUp();
    drive.capture('screenshot');
    drive.post({ type: 'hold', command: { type: 'capture' } });
    drive.post({ type: 'captured', step: 'screenshot-2', png: new Uint8Array([1]), appliedScale: 100 });
    drive.post({
      type: 'stepFinished',
      step: 'screenshot-2',
      outcome: ok({
        envelope: envelope('screenshot-2'),
        screenshot: { path: '/e/run-1/capture-2.png', file: 'capture-2.png', widthPx: 1080, heightPx: 2400 },
      }),
    });
    drive.post({ type: 'hold', command: { type: 'end', reason: 'user' } });
    drive.post({ type: 'stepFinished', step: 'clear', outcome: ok({ envelope: envelope('clear') }) });
    drive.post({ type: 'logsRead', excerpt: EXCERPT });
    const early = drive.post({ type: 'described', description: { device: { serial: 'sim-phone' } } });
    expect(early).toEqual([]);
    drive.post({ type: 'observed', step: 'screenshot-2', observation: FOREGROUND });
    const late = drive.post({
      type: 'captureChecked',
      step: 'screenshot-2',
      result: fail('INTERNAL_ERROR', 'x'),
    });
    expect(late).toEqual([
      expect.objectContaining({
        type: 'record',
        final: true,
        record: expect.objectContaining({
          captures: [
            expect.objectContaining({ index: 1 }),
            expect.objectContaining({
              index: 2,
              captureCheckError: { code: 'INTERNAL_ERROR', message: 'x' },
            }),
          ],
        }),
      }),
    ]);
  });
});
