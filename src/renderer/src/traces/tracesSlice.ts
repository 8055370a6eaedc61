// The trace view's state: the package picker's apps, the kept captures (list_system_traces), the continuations
// this page started (memory only: a reload never resumes one) and the reports it opened. Every device call is an
// android:run; starting, stopping and deleting ask the approval dialog on the main side.
import type { AppError, Result } from '../../../shared/errors';
import { traceDownloadPath, type TraceReport } from '../../../shared/trace/report';
import type { SliceCreator } from '../store/types';
import { analyzeArguments, isActive, resume, type Continuation } from './continuation';
import {
  appsSchema,
  capturesSchema,
  parseToolResult,
  reportSchema,
  startedSchema,
  type CaptureList,
} from './results';

export interface RecordOptions {
  package: string | null;
  durationSecs: number;
  bufferMb: number;
}

export type ReportEntry =
  | { state: 'running' }
  | { state: 'done'; report: TraceReport; device: string }
  | { state: 'failed'; error: AppError };

export interface TracesSlice {
  traceApps: { serial: string; packages: string[] } | null;
  traceAppsError: AppError | null;
  loadTraceApps(serial: string): Promise<void>;
  traceCaptures: CaptureList | null;
  traceCapturesError: AppError | null;
  loadTraceCaptures(): Promise<void>;
  /** True while a start waits for its approval and answer. */
  traceStarting: boolean;
  traceStartError: AppError | null;
  recordTrace(serial: string, options: RecordOptions): Promise<void>;
  /** Key: trace id. Only this page's own starts. */
  traceContinuations: Record<string, Continuation>;
  /** Stops the countdown: nothing more is sent (no stop); the capture still ends at its own duration. */
  cancelContinuation(traceId: string): void;
  /** Key: trace id. */
  traceReports: Record<string, ReportEntry>;
  traceSelected: string | null;
  selectTraceReport(traceId: string | null): void;
  analyzeTrace(serial: string, traceId: string, packageName: string | null): Promise<void>;
  /** Last failure of a stop or delete from the list, by trace id. */
  traceActionErrors: Record<string, AppError>;
  stopTrace(serial: string, traceId: string): Promise<void>;
  deleteTrace(serial: string, traceId: string): Promise<void>;
  /** True in the browser console, where a collected capture's raw trace downloads over HTTP. */
  rawTraceDownloads(): boolean;
  /** The raw trace for the browser to save, or null (the error is a notice). */
  downloadRawTrace(traceId: string): Promise<{ blob: Blob; fileName: string } | null>;
}

/** Calls `callback` after `ms`; returns the cancel function. */
export type Schedule = (ms: number, callback: () => void) => () => void;

const realSchedule: Schedule = (ms, callback) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

export function createTracesSlice(schedule: Schedule = realSchedule): SliceCreator<TracesSlice> {
  return ({ client, now }) =>
    (set, get) => {
      const timers = new Map<string, () => void>();
      const cancelled = new Set<string>();
      const run =
        (serial: string) =>
        async (tool: string, args: Record<string, unknown>): Promise<Result<unknown>> => {
          const answer = await client.call('android:run', { tool, device: serial, arguments: args });
          return answer.ok ? { ok: true, value: answer.value.result } : answer;
        };
      const setContinuation = (next: Continuation): void =>
        set((state) => ({
          traceContinuations: { ...state.traceContinuations, [next.capture.traceId]: next },
        }));
      const setReport = (traceId: string, entry: ReportEntry): void =>
        set((state) => ({ traceReports: { ...state.traceReports, [traceId]: entry } }));
      const setActionError = (traceId: string, error: AppError | undefined): void =>
        set((state) => {
          const { [traceId]: _previous, ...rest } = state.traceActionErrors;
          return { traceActionErrors: error === undefined ? rest : { ...rest, [traceId]: error } };
        });
      const refresh = (): void => void get().loadTraceCaptures();

      return {
        traceApps: null,
        traceAppsError: null,
        async loadTraceApps(serial) {
          const answer = await run(serial)('list_android_apps', { scope: 'all', limit: 500 });
          const parsed = answer.ok ? parseToolResult('list_android_apps', answer.value, appsSchema) : answer;
          set(
            parsed.ok
              ? {
                  traceApps: {
                    serial,
                    packages: parsed.value.packages.map((row) => row.package).sort(),
                  },
                  traceAppsError: null,
                }
              : { traceApps: { serial, packages: [] }, traceAppsError: parsed.error },
          );
        },
        traceCaptures: null,
        traceCapturesError: null,
        async loadTraceCaptures() {
          const answer = await client.call('android:run', {
            tool: 'list_system_traces',
            device: get().targetSerial ?? 'none',
            arguments: {},
          });
          const parsed = answer.ok
            ? parseToolResult('list_system_traces', answer.value.result, capturesSchema)
            : answer;
          set(
            parsed.ok
              ? { traceCaptures: parsed.value, traceCapturesError: null }
              : { traceCapturesError: parsed.error },
          );
        },
        traceStarting: false,
        traceStartError: null,
        async recordTrace(serial, options) {
          if (get().traceStarting) return;
          set({ traceStarting: true, traceStartError: null });
          const startedMs = now();
          const answer = await run(serial)('start_system_trace', {
            ...(options.package === null ? {} : { package: options.package }),
            duration_secs: options.durationSecs,
            buffer_mb: options.bufferMb,
          });
          const parsed = answer.ok
            ? parseToolResult('start_system_trace', answer.value, startedSchema)
            : answer;
          if (!parsed.ok) {
            set({ traceStarting: false, traceStartError: parsed.error });
            refresh();
            return;
          }
          const capture = {
            traceId: parsed.value.trace_id,
            device: serial,
            package: options.package,
            dueMs: parsed.value.auto_stop_deadline_unix_secs * 1000,
            startedMs,
          };
          set({ traceStarting: false });
          setContinuation({ phase: 'waiting', capture });
          refresh();
          const due = Math.max(0, capture.dueMs - now());
          timers.set(
            capture.traceId,
            schedule(due, () => {
              timers.delete(capture.traceId);
              void resume(capture, run(serial), setContinuation, () => cancelled.has(capture.traceId)).then(
                (last) => {
                  if (last.phase === 'completed')
                    setReport(capture.traceId, { state: 'done', report: last.report, device: serial });
                  if (last.phase === 'completed') set({ traceSelected: capture.traceId });
                  refresh();
                },
              );
            }),
          );
        },
        traceContinuations: {},
        cancelContinuation(traceId) {
          const continuation = get().traceContinuations[traceId];
          if (continuation === undefined || !isActive(continuation)) return;
          cancelled.add(traceId);
          timers.get(traceId)?.();
          timers.delete(traceId);
          setContinuation({ phase: 'cancelled', capture: continuation.capture });
        },
        traceReports: {},
        traceSelected: null,
        selectTraceReport(traceId) {
          set({ traceSelected: traceId });
        },
        async analyzeTrace(serial, traceId, packageName) {
          if (get().traceReports[traceId]?.state === 'running') return;
          setReport(traceId, { state: 'running' });
          set({ traceSelected: traceId });
          const answer = await run(serial)('analyze_system_trace', analyzeArguments(traceId, packageName));
          const parsed = answer.ok
            ? parseToolResult('analyze_system_trace', answer.value, reportSchema)
            : answer;
          setReport(
            traceId,
            parsed.ok
              ? { state: 'done', report: parsed.value, device: serial }
              : { state: 'failed', error: parsed.error },
          );
        },
        traceActionErrors: {},
        async stopTrace(serial, traceId) {
          const answer = await run(serial)('stop_system_trace', { trace_id: traceId });
          setActionError(traceId, answer.ok ? undefined : answer.error);
          refresh();
        },
        async deleteTrace(serial, traceId) {
          const answer = await run(serial)('delete_system_trace', { trace_id: traceId });
          setActionError(traceId, answer.ok ? undefined : answer.error);
          if (answer.ok) {
            set((state) => {
              const { [traceId]: _gone, ...reports } = state.traceReports;
              return {
                traceReports: reports,
                traceSelected: state.traceSelected === traceId ? null : state.traceSelected,
              };
            });
          }
          refresh();
        },
        rawTraceDownloads() {
          return client.download !== undefined;
        },
        async downloadRawTrace(traceId) {
          if (client.download === undefined) return null;
          const result = await client.download(traceDownloadPath(traceId));
          if (!result.ok) {
            get().notify(`Raw trace not downloaded: ${result.error.message}`, 'error');
            return null;
          }
          get().notify(`Downloaded ${traceId}.pftrace`);
          return { blob: result.value, fileName: `${traceId}.pftrace` };
        },
      };
    };
}
