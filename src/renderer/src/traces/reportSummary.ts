// Pure reading of a trace report for the view and the exports: frame counts against the budget, finding labels.
import type { FindingGroupName, TraceFrame, TraceReport } from '../../../shared/trace/report';

export const FINDING_LABELS: Record<FindingGroupName, string> = {
  main_thread_unscheduled: 'Main thread waiting to run',
  render_thread_anomalies: 'RenderThread waits and long slices',
  frame_anomalies: 'Frames over budget or janky',
  binder_delivery_delays: 'Binder delivery delays',
  cpu_contention: 'CPU contention',
  excessive_wakeups: 'Excessive wakeups (heuristic)',
};

export interface FrameSummary {
  doFrames: number;
  overBudget: number;
  /** The longest doFrame in ms, null without any. */
  longestMs: number | null;
  timelineFrames: number;
  timelineJanky: number;
  /**
   * FrameTimeline flag -> janky frames carrying it (dropped, late, app_deadline_missed, jank_type=...); a frame on
   * time with JANK_NONE (jank_type=0x1) is not evidence of anything, so its flag is not counted.
   */
  flags: Array<[string, number]>;
}

export function summarizeFrames(frames: readonly TraceFrame[]): FrameSummary {
  const doFrames = frames.filter((frame) => frame.source === 'do_frame');
  const timeline = frames.filter((frame) => frame.source === 'frame_timeline');
  const flags = new Map<string, number>();
  for (const frame of timeline)
    if (frame.janky) for (const flag of frame.flags) flags.set(flag, (flags.get(flag) ?? 0) + 1);
  const durations = doFrames.map((frame) => frame.duration_ms ?? 0);
  return {
    doFrames: doFrames.length,
    overBudget: doFrames.filter((frame) => frame.janky).length,
    longestMs: durations.length === 0 ? null : Math.max(...durations),
    timelineFrames: timeline.length,
    timelineJanky: timeline.filter((frame) => frame.janky).length,
    flags: [...flags.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
  };
}

/**
 * The report's time span in ns (first and last frame or example), for the timeline's axis: every example a finding
 * lists falls inside it, so the cursor an example moves is always drawn on the timeline.
 */
export function timeSpan(report: TraceReport): { startNs: number; endNs: number } | null {
  const stamps: number[] = [];
  for (const frame of report.frames) {
    stamps.push(frame.ts_ns);
    if (frame.duration_ms !== null) stamps.push(frame.ts_ns + frame.duration_ms * 1e6);
  }
  for (const group of Object.keys(FINDING_LABELS) as FindingGroupName[])
    for (const example of report[group].examples) stamps.push(example.timestamp_ns);
  if (stamps.length === 0) return null;
  const startNs = Math.min(...stamps);
  const endNs = Math.max(...stamps);
  return { startNs, endNs: endNs > startNs ? endNs : startNs + 1e6 };
}

/** A one-line verdict that never claims health: findings, or "none found" with the coverage caveat. */
export function headline(report: TraceReport): string {
  const total = (Object.keys(FINDING_LABELS) as FindingGroupName[]).reduce(
    (sum, group) => sum + report[group].count,
    0,
  );
  if (report.status === 'unsupported') return 'No usable events: this trace cannot be analysed.';
  const partial = report.status === 'partial' ? ' Partial data: some events were lost or unsupported.' : '';
  return total === 0
    ? `No findings in ${Math.round(report.observed_duration_ms)} ms observed. This does not prove the device is healthy.${partial}`
    : `${total} findings in ${Math.round(report.observed_duration_ms)} ms observed.${partial}`;
}
