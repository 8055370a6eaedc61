// The console's continuation after a start_system_trace: wait for the capture's own deadline (its duration plus the
// 5 s finalization the tool adds), ask the read-only system_trace_status whether it still records (a capture still
// recording is reported as that failure and left running, never stopped), then collect it (stop_system_trace, which
// asks its own approval) and analyse it through the same analyze_system_trace call a manual analysis makes. Any
// failure is the answer, never a report.
// The state lives only in this page's memory: a reload forgets it and never resumes or replays it.
import type { AppError, Result } from '../../../shared/errors';
import type { TraceReport } from '../../../shared/trace/report';
import { parseToolResult, reportSchema, statusSchema, stoppedSchema } from './results';

/** Runs one Android tool on the capture's device (android:run), its result still unparsed. */
export type ToolRunner = (tool: string, args: Record<string, unknown>) => Promise<Result<unknown>>;

export interface StartedCapture {
  traceId: string;
  device: string;
  package: string | null;
  /** The tool's auto_stop_deadline_unix_secs in ms: duration + 5 s after the start. */
  dueMs: number;
  startedMs: number;
}

export type ContinuationStep = 'collect' | 'recording' | 'analyze';

export type Continuation =
  | { phase: 'waiting'; capture: StartedCapture }
  | { phase: 'collecting'; capture: StartedCapture }
  | { phase: 'analyzing'; capture: StartedCapture }
  | { phase: 'completed'; capture: StartedCapture; report: TraceReport }
  | { phase: 'failed'; capture: StartedCapture; step: ContinuationStep; error: AppError }
  | { phase: 'cancelled'; capture: StartedCapture };

/** True while the continuation may still send something. */
export function isActive(continuation: Continuation): boolean {
  return (
    continuation.phase === 'waiting' ||
    continuation.phase === 'collecting' ||
    continuation.phase === 'analyzing'
  );
}

/** Seconds left until the automatic analysis, never negative. */
export function secondsLeft(capture: StartedCapture, nowMs: number): number {
  return Math.max(0, Math.ceil((capture.dueMs - nowMs) / 1000));
}

/** The analyze_system_trace arguments of a capture: the same for the automatic and a manual analysis. */
export function analyzeArguments(traceId: string, packageName: string | null): Record<string, unknown> {
  return packageName === null ? { trace_id: traceId } : { trace_id: traceId, package: packageName };
}

/**
 * Collects and analyses a capture that reached its deadline. `report` is told each phase; `cancelled()` is asked
 * before each call, so a cancelled continuation sends nothing more (a stop is never approved by cancelling).
 */
export async function resume(
  capture: StartedCapture,
  run: ToolRunner,
  report: (next: Continuation) => void,
  cancelled: () => boolean,
): Promise<Continuation> {
  const finish = (next: Continuation): Continuation => {
    report(next);
    return next;
  };
  if (cancelled()) return finish({ phase: 'cancelled', capture });
  report({ phase: 'collecting', capture });
  const probed = await run('system_trace_status', { trace_id: capture.traceId });
  const state = probed.ok ? parseToolResult('system_trace_status', probed.value, statusSchema) : probed;
  if (!state.ok) return finish({ phase: 'failed', capture, step: 'recording', error: state.error });
  if (state.value.recording)
    return finish({
      phase: 'failed',
      capture,
      step: 'recording',
      error: {
        code: 'SYSTEM_TRACE_REFUSED',
        message: `${capture.traceId} is still recording on ${capture.device} at its deadline, so it was not analysed (and not stopped): a trace being recorded cannot be analysed. Stop it from the list when you want it collected, then analyse it.`,
        details: { trace_id: capture.traceId, on_device: 'recording' },
      },
    });
  if (cancelled()) return finish({ phase: 'cancelled', capture });
  const stopped = await run('stop_system_trace', { trace_id: capture.traceId });
  const parsed = stopped.ok ? parseToolResult('stop_system_trace', stopped.value, stoppedSchema) : stopped;
  if (!parsed.ok) return finish({ phase: 'failed', capture, step: 'collect', error: parsed.error });
  if (parsed.value.status === 'stopped')
    return finish({
      phase: 'failed',
      capture,
      step: 'recording',
      error: {
        code: 'SYSTEM_TRACE_REFUSED',
        message: `${capture.traceId} was still recording at its deadline, so it was stopped instead of analysed: the capture may be cut short. Its trace is kept; analyse it by hand from the list if you still want it.`,
        details: { trace_id: capture.traceId },
      },
    });
  if (cancelled()) return finish({ phase: 'cancelled', capture });
  report({ phase: 'analyzing', capture });
  const analysed = await run('analyze_system_trace', analyzeArguments(capture.traceId, capture.package));
  const result = analysed.ok
    ? parseToolResult('analyze_system_trace', analysed.value, reportSchema)
    : analysed;
  if (!result.ok) return finish({ phase: 'failed', capture, step: 'analyze', error: result.error });
  return finish({ phase: 'completed', capture, report: result.value });
}
