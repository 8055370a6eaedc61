import { describe, expect, it } from 'vitest';
import type { ScreenFrameAnswer } from '../../../shared/api/screenSchemas';
import type { PollerState } from '../screen/framePoller';
import type { ConsoleState } from '../store/types';
import type { ResultColumn, StepView } from '../runs/runModel';
import { consolePanelShown, frameAge, liveProblemText, liveViewOf } from './liveBackground';

const frame: ScreenFrameAnswer = {
  serial: 'A',
  mimeType: 'image/png',
  base64: 'x',
  widthPx: 1080,
  heightPx: 2400,
  method: 'raw',
  captureMs: 50,
  encodeMs: 10,
  capturedAt: '2026-12-03T10:00:00.000Z',
};

const live = (change: Partial<PollerState>): PollerState => ({
  serial: 'A',
  status: 'live',
  frame,
  fps: null,
  error: null,
  frames: 1,
  ...change,
});

describe('liveViewOf', () => {
  const display = { widthPx: 1080, heightPx: 2400 };

  it('draws the frame only for the followed, online device at the display size', () => {
    expect(liveViewOf(live({}), 'A', true, display)).toEqual({ kind: 'frame', frame });
    expect(liveViewOf(live({}), null, true, display)).toMatchObject({ problem: { kind: 'no-device' } });
    expect(liveViewOf(live({}), 'A', false, display)).toMatchObject({ problem: { kind: 'offline' } });
    expect(liveViewOf(live({ status: 'disconnected' }), 'A', true, display)).toMatchObject({
      problem: { kind: 'offline' },
    });
    expect(liveViewOf(live({}), 'B', true, display)).toMatchObject({ problem: { kind: 'waiting' } });
    expect(liveViewOf(live({ frame: null }), 'A', true, display)).toMatchObject({
      problem: { kind: 'waiting' },
    });
  });

  it('says a rotated frame rather than stretching it', () => {
    const view = liveViewOf(live({}), 'A', true, { widthPx: 2400, heightPx: 1080 });
    expect(view).toMatchObject({ kind: 'problem', problem: { kind: 'size' } });
    if (view.kind !== 'problem') throw new Error('a problem expected');
    expect(liveProblemText(view.problem, { widthPx: 2400, heightPx: 1080 })).toContain(
      'the frame is 1080 \u00d7 2400 px but the display was described as 2400 \u00d7 1080 px',
    );
  });

  it('puts the failure first, with the error message', () => {
    const error = { code: 'EVIDENCE_CAPTURE_FAILED', message: 'screencap failed.' } as const;
    const view = liveViewOf(live({ status: 'failed', error }), 'A', true, display);
    expect(view).toEqual({ kind: 'problem', problem: { kind: 'failed', error } });
    if (view.kind !== 'problem') throw new Error('a problem expected');
    expect(liveProblemText(view.problem)).toBe('Live screen failed: screencap failed.');
  });
});

describe('frameAge', () => {
  const taken = Date.parse(frame.capturedAt);
  it('says tenths below 10 s, seconds below 2 min, then minutes; a future frame is 0', () => {
    expect(frameAge(frame.capturedAt, taken + 430)).toBe('0.4 s');
    expect(frameAge(frame.capturedAt, taken + 12_400)).toBe('12 s');
    expect(frameAge(frame.capturedAt, taken + 300_000)).toBe('5 min');
    expect(frameAge(frame.capturedAt, taken - 2000)).toBe('0.0 s');
    expect(frameAge('not a time', taken)).toBe('unknown');
  });
});

describe('consolePanelShown', () => {
  const step = (name: string, status: StepView['status']): StepView => ({ name, status });
  const column = (steps: StepView[]): ResultColumn => ({
    serial: 'A',
    deviceLabel: 'Phone',
    status: 'running',
    steps,
    notes: [],
  });
  const state = (change: Partial<ConsoleState>): ConsoleState =>
    ({ lastReportedBounds: {}, activeRun: null, ...change }) as ConsoleState;
  const sequence = (steps: StepView[]): Partial<ConsoleState> => ({
    activeRun: {
      id: 1,
      kind: 'sequence',
      title: 't',
      status: 'running',
      startedAt: 0,
      columns: [column(steps)],
    },
  });

  it('knows a panel left up by Set panel, and a sequence between its set and its clear', () => {
    expect(consolePanelShown(state({}), 'A')).toBe(false);
    expect(
      consolePanelShown(state({ lastReportedBounds: { A: { left: 0, top: 0, right: 1, bottom: 1 } } }), 'A'),
    ).toBe(true);
    expect(consolePanelShown(state(sequence([step('set', 'pending'), step('clear', 'pending')])), 'A')).toBe(
      false,
    );
    expect(
      consolePanelShown(
        state(sequence([step('set', 'succeeded'), step('screenshot', 'running'), step('clear', 'pending')])),
        'A',
      ),
    ).toBe(true);
    expect(
      consolePanelShown(state(sequence([step('set', 'succeeded'), step('clear', 'succeeded')])), 'A'),
    ).toBe(false);
    expect(consolePanelShown(state(sequence([step('set', 'failed'), step('clear', 'skipped')])), 'A')).toBe(
      false,
    );
    expect(consolePanelShown(state(sequence([step('set', 'succeeded')])), 'B')).toBe(false);
  });
});
