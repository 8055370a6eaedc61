import { describe, expect, it } from 'vitest';
import type { ResultColumn } from './runModel';
import type { RunCrashReport } from '../../../shared/api/evidence';
import { crashFlag, verdictLine, verdictOf } from './verdict';

const bounds = { left: 21, top: 157, right: 756, bottom: 236 };
const check = { inCapture: true, matchRatio: 1, reason: 'all pixels match' } as ResultColumn['captureCheck'];

function column(overrides: Partial<ResultColumn>): ResultColumn {
  return {
    serial: 's',
    deviceLabel: 'Pixel 7 (s)',
    status: 'succeeded',
    steps: [
      { name: 'set', status: 'succeeded' },
      { name: 'screenshot', status: 'succeeded' },
      { name: 'clear', status: 'succeeded' },
    ],
    notes: [],
    ...overrides,
  };
}

describe('verdictOf', () => {
  it('passes a run whose panel is in the capture, saying whether the bounds match the prediction', () => {
    const passed = verdictOf(
      column({ captureCheck: check, reportedBounds: bounds, predictedBounds: bounds }),
    );
    expect(passed.tone).toBe('good');
    expect(passed.title).toBe('Passed: the panel is in the capture');
    expect(passed.detail).toContain('the reported bounds equal the prediction [21,157][756,236]');
    const moved = verdictOf(
      column({ captureCheck: check, reportedBounds: bounds, predictedBounds: { ...bounds, top: 160 } }),
    );
    expect(moved.tone).toBe('warn');
    expect(moved.detail).toContain('differ from the prediction [21,160][756,236]');
  });

  it('fails a run whose every step succeeded but whose capture lacks the panel', () => {
    const verdict = verdictOf(
      column({ captureCheck: { ...check, inCapture: false } as ResultColumn['captureCheck'] }),
    );
    expect(verdict.tone).toBe('bad');
    expect(verdict.title).toBe('Failed: the panel is not in the capture');
  });

  it('names the failed step and carries its error, so the step list does not repeat it', () => {
    const error = { code: 'ON_SCREEN_LOG_LAYOUT_INVALID', message: 'Too wide.' };
    const verdict = verdictOf(
      column({
        status: 'failed',
        steps: [
          { name: 'set', status: 'failed', error },
          { name: 'screenshot', status: 'skipped' },
          { name: 'clear', status: 'succeeded' },
        ],
      }),
    );
    expect(verdict).toMatchObject({ tone: 'bad', title: 'Failed at Set panel', error, errorStep: 'set' });
  });

  it('puts a whole-run error (the panel was replaced) above the steps', () => {
    const error = { code: 'EVIDENCE_PANEL_REPLACED', message: 'Replaced.' };
    const verdict = verdictOf(column({ status: 'failed', error, captureCheck: check }));
    expect(verdict.title).toBe('Failed');
    expect(verdict.error).toEqual(error);
    expect(verdict.errorStep).toBeUndefined();
  });

  it('says which step runs while running, and what succeeded without a capture check', () => {
    const running = verdictOf(
      column({ status: 'running', steps: [{ name: 'screenshot', status: 'running' }] }),
    );
    expect(running).toMatchObject({ tone: 'running', title: 'Running: Screenshot' });
    const set = verdictOf(column({ steps: [{ name: 'set', status: 'succeeded' }], reportedBounds: bounds }));
    expect(set.title).toBe('Set panel succeeded');
  });
});

describe('the crash flag beside the verdict', () => {
  const crash = {
    kind: 'crash' as const,
    time: '1767225600.101',
    pid: 4242,
    tag: 'AndroidRuntime',
    packageName: 'com.x',
    line: 'FATAL EXCEPTION: main',
  };
  const report = (entries: RunCrashReport['entries'], status: RunCrashReport['status'] = 'seen') => ({
    status,
    entries,
    caveats: [],
  });

  it('adds what was seen to the verdict line, leaving the verdict itself unchanged', () => {
    const passed = verdictOf(column({ captureCheck: check }));
    const crashes = report([crash]);
    expect(verdictLine(passed, crashes)).toBe(
      'Passed: the panel is in the capture \u00b7 1 crash seen during the run: com.x (FATAL EXCEPTION)',
    );
    expect(verdictOf(column({ captureCheck: check, crashes })).title).toBe(passed.title);
    expect(verdictOf(column({ captureCheck: check, crashes })).tone).toBe('good');
  });

  it('counts crashes and ANRs apart, names each package once, and an unnamed process by its pid', () => {
    const flag = crashFlag(
      report([
        crash,
        { ...crash, time: '1767225601.000' },
        { ...crash, kind: 'native_crash', pid: 5151, packageName: undefined, line: 'Fatal signal 11' },
        {
          ...crash,
          kind: 'anr',
          pid: 1000,
          packageName: 'com.y',
          tag: 'ActivityManager',
          line: 'ANR in com.y',
        },
      ]),
    );
    expect(flag).toBe(
      '3 crashes and 1 ANR seen during the run: com.x (FATAL EXCEPTION), pid 5151 (Fatal signal), com.y (ANR)',
    );
  });

  it('says nothing when no report was seen, the log was not read, or the run predates the check', () => {
    const failed = verdictOf(column({ status: 'failed' }));
    expect(verdictLine(failed, report([], 'none_seen'))).toBe(failed.title);
    expect(crashFlag(report([], 'not_read'))).toBeNull();
    expect(crashFlag(undefined)).toBeNull();
  });
});
