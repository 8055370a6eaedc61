import { describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/errors';
import { testTraceReport } from '../../../test-support/traceReports';
import { resume, secondsLeft, type Continuation, type StartedCapture } from './continuation';

const CAPTURE: StartedCapture = {
  traceId: 'trace-abcdefghijklmnop',
  device: 'emulator-5554',
  package: 'com.example.app',
  dueMs: 20_000,
  startedMs: 10_000,
};

function fakeRunner(answers: Record<string, Result<unknown>>) {
  const calls: Array<[string, Record<string, unknown>]> = [];
  const run = (tool: string, args: Record<string, unknown>): Promise<Result<unknown>> => {
    calls.push([tool, args]);
    return Promise.resolve(
      answers[tool] ?? { ok: false, error: { code: 'NOT_FOUND', message: `no answer for ${tool}` } },
    );
  };
  return { run, calls };
}

const stopped = (status: 'stopped' | 'already_stopped'): Result<unknown> => ({
  ok: true,
  value: { status, trace_id: CAPTURE.traceId, path: '/data/x', host_path: '/home/x', bytes: 4096 },
});

const probed = (recording: boolean): Result<unknown> => ({
  ok: true,
  value: {
    trace_id: CAPTURE.traceId,
    record_status: 'recording',
    recording,
    on_device: recording ? 'recording' : 'finished',
    collected: false,
  },
});

async function drive(answers: Record<string, Result<unknown>>, cancelled = () => false) {
  const runner = fakeRunner(answers);
  const phases: Continuation['phase'][] = [];
  const last = await resume(CAPTURE, runner.run, (next) => phases.push(next.phase), cancelled);
  return { last, phases, calls: runner.calls };
}

describe('resume', () => {
  it('collects a capture that ended on its own and analyses it with the manual analysis arguments', async () => {
    const report = testTraceReport();
    const { last, phases, calls } = await drive({
      system_trace_status: probed(false),
      stop_system_trace: stopped('already_stopped'),
      analyze_system_trace: { ok: true, value: report },
    });
    expect(calls).toEqual([
      ['system_trace_status', { trace_id: CAPTURE.traceId }],
      ['stop_system_trace', { trace_id: CAPTURE.traceId }],
      ['analyze_system_trace', { trace_id: CAPTURE.traceId, package: 'com.example.app' }],
    ]);
    expect(phases).toEqual(['collecting', 'analyzing', 'completed']);
    expect(last).toEqual({ phase: 'completed', capture: CAPTURE, report });
  });

  it('reports a capture still recording at the deadline without stopping or analysing it', async () => {
    const { last, calls } = await drive({
      system_trace_status: probed(true),
      stop_system_trace: stopped('stopped'),
      analyze_system_trace: { ok: true, value: testTraceReport() },
    });
    expect(last).toMatchObject({
      phase: 'failed',
      step: 'recording',
      error: { code: 'SYSTEM_TRACE_REFUSED', details: { on_device: 'recording' } },
    });
    expect(!('error' in last) || last.error.message).toContain('not stopped');
    expect(calls.map(([tool]) => tool)).toEqual(['system_trace_status']);
  });

  it('shows a failed status probe as a failure and sends nothing more', async () => {
    const { last, calls } = await drive({
      system_trace_status: { ok: false, error: { code: 'DEVICE_NOT_FOUND', message: 'gone' } },
      stop_system_trace: stopped('already_stopped'),
    });
    expect(last).toMatchObject({ phase: 'failed', step: 'recording', error: { code: 'DEVICE_NOT_FOUND' } });
    expect(calls.map(([tool]) => tool)).toEqual(['system_trace_status']);
  });

  it('shows a failure, not an analysis, when recording ended between the probe and the stop', async () => {
    const { last, calls } = await drive({
      system_trace_status: probed(false),
      stop_system_trace: stopped('stopped'),
      analyze_system_trace: { ok: true, value: testTraceReport() },
    });
    expect(last).toMatchObject({
      phase: 'failed',
      step: 'recording',
      error: { code: 'SYSTEM_TRACE_REFUSED' },
    });
    expect(calls.map(([tool]) => tool)).toEqual(['system_trace_status', 'stop_system_trace']);
  });

  it('shows a refused collection and analyses nothing', async () => {
    const { last, calls } = await drive({
      system_trace_status: probed(false),
      stop_system_trace: { ok: false, error: { code: 'APPROVAL_REFUSED', message: 'refused' } },
    });
    expect(last).toMatchObject({ phase: 'failed', step: 'collect', error: { code: 'APPROVAL_REFUSED' } });
    expect(calls.map(([tool]) => tool)).toEqual(['system_trace_status', 'stop_system_trace']);
  });

  it('shows an analysis failure and a malformed report as failures', async () => {
    const failed = await drive({
      system_trace_status: probed(false),
      stop_system_trace: stopped('already_stopped'),
      analyze_system_trace: { ok: false, error: { code: 'TRACE_MALFORMED', message: 'bad varint' } },
    });
    expect(failed.last).toMatchObject({
      phase: 'failed',
      step: 'analyze',
      error: { code: 'TRACE_MALFORMED' },
    });
    const malformed = await drive({
      system_trace_status: probed(false),
      stop_system_trace: stopped('already_stopped'),
      analyze_system_trace: { ok: true, value: { ...testTraceReport(), coverage: null } },
    });
    expect(malformed.last).toMatchObject({
      phase: 'failed',
      step: 'analyze',
      error: { code: 'INTERNAL_ERROR' },
    });
  });

  it('sends nothing once cancelled', async () => {
    const { last, calls } = await drive({ stop_system_trace: stopped('already_stopped') }, () => true);
    expect(last.phase).toBe('cancelled');
    expect(calls).toEqual([]);
  });

  it('counts down whole seconds to the deadline, never below zero', () => {
    expect(secondsLeft(CAPTURE, 10_000)).toBe(10);
    expect(secondsLeft(CAPTURE, 19_001)).toBe(1);
    expect(secondsLeft(CAPTURE, 25_000)).toBe(0);
  });
});
