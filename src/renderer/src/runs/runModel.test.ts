import { describe, expect, it } from 'vitest';
import type { ExecutionOutcome } from '../../../shared/api/contract';
import type { CaptureCheck, RunRecord } from '../../../shared/api/evidence';
import type { SequenceResult } from '../../../shared/api/sequence';
import type { ResultEnvelope } from '../../../shared/envelope';
import {
  applyProgress,
  captureCheckText,
  elapsedMs,
  envelopeError,
  failedColumn,
  formatDuration,
  outcomeColumn,
  pendingColumn,
  recordColumn,
  sequenceColumn,
  startStep,
} from './runModel';

const SET_DATA = { visible: 'true', rendered: 'true', truncated: 'false', bounds: '[21,157][756,236]' };

function envelope(
  success: boolean,
  data: Record<string, string>,
  extra: Partial<ResultEnvelope> = {},
): ResultEnvelope {
  return {
    commandId: 'c',
    taskId: 't',
    status: success ? 'success' : 'failed',
    stepResults: [{ id: 'set', actionType: 'set_on_screen_log', success, data }],
    error: success ? null : 'Step set (set_on_screen_log) failed',
    ...extra,
  };
}

const check = { inCapture: true, matchRatio: 0.9821, reason: 'ok' } as CaptureCheck;

describe('envelopeError', () => {
  it('is undefined on success and names the code and message of a failed step', () => {
    expect(envelopeError(envelope(true, SET_DATA))).toBeUndefined();
    const failed = envelope(false, { error: 'ON_SCREEN_LOG_LAYOUT_INVALID', message: 'too wide' });
    expect(envelopeError(failed)).toEqual({ code: 'ON_SCREEN_LOG_LAYOUT_INVALID', message: 'too wide' });
  });

  it('prefers the envelope errorCode and carries the hint', () => {
    const failed = envelope(
      false,
      { error: 'X' },
      { errorCode: 'ON_SCREEN_LOG_RENDER_TIMEOUT', hint: 'look' },
    );
    expect(envelopeError(failed)).toEqual({
      code: 'ON_SCREEN_LOG_RENDER_TIMEOUT',
      message: 'Step set (set_on_screen_log) failed',
      hint: 'look',
    });
    expect(envelopeError({ ...envelope(false, {}), stepResults: [], error: null })).toEqual({
      code: 'EXECUTION_FAILED',
      message: 'The execution failed.',
    });
  });
});

describe('sequence progress', () => {
  it('marks steps running, then finished with duration, data and error', () => {
    let column = pendingColumn('s1', 'Pixel 7 (s1)', ['set', 'screenshot', 'clear']);
    column = applyProgress(column, { runId: 'r1', step: 'set', status: 'running' }, 100);
    expect(column.runId).toBe('r1');
    expect(column.steps[0]).toEqual({ name: 'set', status: 'running', startedAt: 100 });
    expect(elapsedMs(column.steps[0] ?? { name: '', status: 'pending' }, 350)).toBe(250);
    column = applyProgress(
      column,
      { runId: 'r1', step: 'set', status: 'succeeded', durationMs: 42, data: SET_DATA },
      400,
    );
    expect(column.steps[0]).toMatchObject({ status: 'succeeded', durationMs: 42, data: SET_DATA });
    column = applyProgress(column, { runId: 'r1', step: 'screenshot', status: 'running' }, 400);
    column = applyProgress(
      column,
      {
        runId: 'r1',
        step: 'screenshot',
        status: 'failed',
        error: { code: 'EVIDENCE_CAPTURE_FAILED', message: 'no screen' },
      },
      700,
    );
    expect(column.steps[1]).toMatchObject({
      status: 'failed',
      durationMs: 300,
      error: { code: 'EVIDENCE_CAPTURE_FAILED', message: 'no screen' },
    });
    expect(column.steps[2]?.status).toBe('pending');
  });
});

describe('sequenceColumn', () => {
  it('takes steps, screenshot, capture check and both bounds from the result', () => {
    const result: SequenceResult = {
      runId: 'r1',
      serial: 'emulator-5554',
      runPath: '/e/r1',
      status: 'succeeded',
      steps: [
        { step: 'set', status: 'succeeded', durationMs: 40, envelope: envelope(true, SET_DATA) },
        { step: 'screenshot', status: 'succeeded', durationMs: 120 },
        {
          step: 'clear',
          status: 'succeeded',
          durationMs: 30,
          envelope: envelope(true, { visible: 'false' }),
        },
      ],
      screenshot: { path: '/e/r1/screenshot.png', widthPx: 1080, heightPx: 2400 },
      captureCheck: check,
      reportedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
      predictedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
    };
    const column = sequenceColumn('s1', 'Pixel 7 (s1)', result);
    expect(column).toMatchObject({
      runId: 'r1',
      status: 'succeeded',
      screenshot: { widthPx: 1080, heightPx: 2400 },
      captureCheck: check,
      reportedBounds: result.reportedBounds,
      notes: [],
    });
    expect(column.steps.map((step) => [step.name, step.status, step.durationMs])).toEqual([
      ['set', 'succeeded', 40],
      ['screenshot', 'succeeded', 120],
      ['clear', 'succeeded', 30],
    ]);
    expect(column.steps[2]?.data).toEqual({ visible: 'false' });
  });

  it('puts device interference first and warns when the device could not be leased', () => {
    const base: SequenceResult = {
      runId: 'r3',
      serial: 'emulator-5554',
      runPath: '/e/r3',
      status: 'failed',
      steps: [
        { step: 'set', status: 'succeeded', envelope: envelope(true, SET_DATA) },
        { step: 'screenshot', status: 'succeeded' },
        { step: 'clear', status: 'succeeded', envelope: envelope(true, { visible: 'false' }) },
      ],
    };
    const replaced = sequenceColumn('s1', 'Pixel 7 (s1)', {
      ...base,
      interference: { code: 'EVIDENCE_PANEL_REPLACED', message: 'generation 2 was replaced by 3' },
    });
    expect(replaced.error).toEqual({
      code: 'EVIDENCE_PANEL_REPLACED',
      message: 'generation 2 was replaced by 3',
    });
    const unleased = sequenceColumn('s1', 'Pixel 7 (s1)', {
      ...base,
      status: 'succeeded',
      lease: { status: 'unsupported', warning: 'this Operator predates device leases' },
    });
    expect(unleased.error).toBeUndefined();
    expect(unleased.notes).toEqual(['No device lease: this Operator predates device leases']);
  });

  it('shows failures, skipped reasons and evidence problems', () => {
    const result: SequenceResult & {
      captureCheckError: { code: 'CAPTURE_BOUNDS_MISMATCH'; message: string };
    } = {
      runId: 'r2',
      serial: 'emulator-5554',
      runPath: '/e/r2',
      status: 'failed',
      steps: [
        {
          step: 'set',
          status: 'failed',
          envelope: envelope(false, { error: 'ON_SCREEN_LOG_LAYOUT_INVALID', message: 'too wide' }),
        },
        { step: 'screenshot', status: 'skipped', reason: 'The set step failed' },
        { step: 'clear', status: 'failed', error: { code: 'DEVICE_OFFLINE', message: 'gone' } },
      ],
      evidenceError: { code: 'EVIDENCE_WRITE_FAILED', message: 'disk full' },
      captureCheckError: { code: 'CAPTURE_BOUNDS_MISMATCH', message: 'outside' },
    };
    const column = sequenceColumn('s1', 's1', result);
    expect(column.steps[0]?.error).toEqual({ code: 'ON_SCREEN_LOG_LAYOUT_INVALID', message: 'too wide' });
    expect(column.steps[1]).toMatchObject({ status: 'skipped', note: 'The set step failed' });
    expect(column.steps[2]?.error).toEqual({ code: 'DEVICE_OFFLINE', message: 'gone' });
    expect(column.notes).toEqual(['Capture check not run: outside', 'Evidence not fully written: disk full']);
    expect(column.screenshot).toBeUndefined();
  });
});

describe('outcomeColumn and failedColumn', () => {
  it('reads the single step and the reported bounds of an execution', () => {
    const column = startStep(pendingColumn('s1', 's1', ['set']), 'set', 0);
    const outcome: ExecutionOutcome = {
      deviceId: 's1',
      terminalSource: 'androperator_result',
      envelope: envelope(true, SET_DATA),
    };
    expect(outcomeColumn(column, outcome, 55)).toMatchObject({
      status: 'succeeded',
      steps: [{ name: 'set', status: 'succeeded', durationMs: 55, data: SET_DATA }],
      reportedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
    });
    const failed = outcomeColumn(
      column,
      {
        ...outcome,
        envelope: envelope(false, { error: 'ON_SCREEN_LOG_SERVICE_UNAVAILABLE', message: 'off' }),
      },
      9,
    );
    expect(failed.status).toBe('failed');
    expect(failed.steps[0]?.error?.code).toBe('ON_SCREEN_LOG_SERVICE_UNAVAILABLE');
    expect(failed.reportedBounds).toBeUndefined();
  });

  it('fails the running step with its time and skips the pending ones', () => {
    let column = pendingColumn('s1', 's1', ['set', 'screenshot', 'clear']);
    column = startStep(column, 'set', 100);
    const failed = failedColumn(column, { code: 'DEVICE_NOT_FOUND', message: 'gone', hint: 'replug' }, 160);
    expect(failed.error).toEqual({ code: 'DEVICE_NOT_FOUND', message: 'gone', hint: 'replug' });
    expect(failed.steps.map((step) => step.status)).toEqual(['failed', 'skipped', 'skipped']);
    expect(failed.steps[0]?.durationMs).toBe(60);
  });
});

describe('recordColumn', () => {
  it('rebuilds a stored run, parsing its bounds', () => {
    const record: RunRecord = {
      schemaVersion: 1,
      id: 'r9',
      label: 'FLOW',
      status: 'succeeded',
      startedAt: '2025-01-01T00:00:00.000Z',
      device: { serial: 's9', model: 'Pixel 7' },
      steps: [{ name: 'set', status: 'succeeded', durationMs: 12, data: SET_DATA }],
      screenshot: { file: 'screenshot.png', widthPx: 1080, heightPx: 2400, capturedAt: 'x' },
      captureCheck: check,
      predictedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
    };
    const column = recordColumn(record);
    expect(column).toMatchObject({
      serial: 's9',
      deviceLabel: 'Pixel 7 (s9)',
      runId: 'r9',
      predictedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
    });
    expect(recordColumn({ ...record, status: 'running' }, 'Mine').notes).toHaveLength(1);
    expect(recordColumn(record, 'Mine').deviceLabel).toBe('Mine');
  });
});

describe('formatting', () => {
  it('formats durations at a useful precision', () => {
    expect(formatDuration(842.4)).toBe('842 ms');
    expect(formatDuration(1240)).toBe('1.24 s');
    expect(formatDuration(12_420)).toBe('12.4 s');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
  });

  it('says whether the panel is in the capture, with the match ratio', () => {
    expect(captureCheckText(check)).toBe('Panel in capture: yes (match 98.2%)');
    expect(captureCheckText({ ...check, inCapture: false, matchRatio: 0.12 })).toBe(
      'Panel in capture: no (match 12.0%)',
    );
  });

  it('has no elapsed time for a step that never started', () => {
    expect(elapsedMs({ name: 'x', status: 'pending' }, 5)).toBeUndefined();
  });
});
