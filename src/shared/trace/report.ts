// The report of a system-trace analysis (reference 8.6): what the analyser emits and the capture tool, MCP/CLI and
// the console view consume. Field names follow the reference exactly; `frames` and `sensitivity_note` are additions.

/**
 * `unsupported`: no events; `partial`: loss, compression, compact_sched, an unsupported clock or undecoded TrackEvent
 * packets; else `observed`.
 */
export type TraceStatus = 'unsupported' | 'partial' | 'observed';

/** What the reader saw, counted per kind. */
export interface TraceCoverage {
  packets: number;
  sched_switch: number;
  sched_wakeup: number;
  atrace: number;
  binder_transaction: number;
  binder_received: number;
  frame_timeline: number;
  lost_markers: number;
  unlocated_loss_markers: number;
  unsupported_compact_bundles: number;
  unsupported_clock_bundles: number;
  unsupported_clock_packets: number;
  compressed_packets: number;
  unsupported_packets: number;
}

export const COVERAGE_KEYS = [
  'packets',
  'sched_switch',
  'sched_wakeup',
  'atrace',
  'binder_transaction',
  'binder_received',
  'frame_timeline',
  'lost_markers',
  'unlocated_loss_markers',
  'unsupported_compact_bundles',
  'unsupported_clock_bundles',
  'unsupported_clock_packets',
  'compressed_packets',
  'unsupported_packets',
] as const satisfies readonly (keyof TraceCoverage)[];

/** One finding instance. `duration_ms` is null where the finding has no duration (excessive wakeups). */
export interface TraceFindingExample {
  timestamp_ns: number;
  tid: number;
  /** The thread's process (tgid) when known, else null. */
  process_id: number | null;
  thread_name: string | null;
  duration_ms: number | null;
  evidence: string;
}

/** A finding group: the full count and at most MAX_FINDING_EXAMPLES examples (the first in trace order). */
export interface TraceFindingGroup {
  count: number;
  examples: TraceFindingExample[];
}

export const FINDING_GROUPS = [
  'main_thread_unscheduled',
  'render_thread_anomalies',
  'frame_anomalies',
  'binder_delivery_delays',
  'cpu_contention',
  'excessive_wakeups',
] as const;
export type FindingGroupName = (typeof FINDING_GROUPS)[number];

export const MAX_FINDING_EXAMPLES = 50;
export const MAX_CPU_THREADS = 30;
export const MAX_REPORT_FRAMES = 2000;

/** A selected thread's scheduling totals. */
export interface TraceCpuThread {
  tid: number;
  process_id: number | null;
  name: string | null;
  running_ms: number;
  wakeups: number;
  wakeups_per_second: number;
  runnable_wait_ms: number;
}

/** One frame for a timeline view: a Choreographer#doFrame slice or a FrameTimeline actual frame. */
export interface TraceFrame {
  source: 'do_frame' | 'frame_timeline';
  /** Start (doFrame) or event (FrameTimeline) timestamp. */
  ts_ns: number;
  /** The doFrame slice length; null for FrameTimeline events (the legacy event carries no duration). */
  duration_ms: number | null;
  pid: number | null;
  tid: number | null;
  /** FrameTimeline token, null for doFrame slices. */
  token: number | null;
  /** Over budget (doFrame) or late/dropped/janky (FrameTimeline). */
  janky: boolean;
  /** e.g. over_budget, dropped, late, app_deadline_missed, jank_type=0x40. */
  flags: string[];
}

export interface TraceReport {
  status: TraceStatus;
  coverage: TraceCoverage;
  observed_duration_ms: number;
  target_pid: number | null;
  threshold_ms: number;
  frame_budget_ms: number;
  main_thread_unscheduled: TraceFindingGroup;
  render_thread_anomalies: TraceFindingGroup;
  frame_anomalies: TraceFindingGroup;
  binder_delivery_delays: TraceFindingGroup;
  cpu_contention: TraceFindingGroup;
  excessive_wakeups: TraceFindingGroup;
  cpu_threads: TraceCpuThread[];
  /** Frames of the target (or all) for a timeline, in time order, at most MAX_REPORT_FRAMES. */
  frames: TraceFrame[];
  /** True when more frames existed than `frames` holds. */
  frames_truncated: boolean;
  limitations: string[];
  /** Scheduler and binder data are global: thread and process names of other apps may appear. */
  sensitivity_note: string;
}

export const SENSITIVITY_NOTE =
  'Scheduling and binder data are recorded system-wide: thread names, process names and print markers of other apps may appear in this report and in the trace file.';

/** The browser console's download route of a collected capture's raw trace (src/main/api/http/traceRoute.ts). */
export function traceDownloadPath(traceId: string): string {
  return `/api/traces/${encodeURIComponent(traceId)}/trace.pftrace`;
}
