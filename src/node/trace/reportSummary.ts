// The parts of a trace report decided from the decoded trace and the analysis counters rather than from events:
// the process a package or pid names, the report's status, and its limitations (reference 8.6).
import type { TraceCoverage, TraceCpuThread, TraceReport } from '../../shared/trace/report';
import { MAX_CPU_THREADS } from '../../shared/trace/report';
import type { ThreadStats } from './threadSlots';
import type { DecodedTrace } from './decode';
import { TraceError } from './wireReader';

const NS_PER_MS = 1e6;

const FIXED_LIMITATIONS = [
  'Only standard ftrace events (sched_switch, sched_wakeup, print, binder), ProcessTree and legacy FrameTimeline packets are decoded.',
  'Runnable wait is time spent runnable but not running; it is not by itself a stall or an ANR.',
  'Binder figures are delivery latency only (send to receive), without handler time or the reply round trip.',
  'A long Choreographer#doFrame slice is not the same as a dropped frame; FrameTimeline flags say that.',
  'Thread and process ids can be reused during a trace, and ftrace comm names are truncated to 15 characters.',
];

export interface AnalysisTarget {
  pid: number | null;
  package?: string;
}

export function resolveTarget(
  trace: DecodedTrace,
  options: { pid?: number; package?: string },
): number | null {
  if (options.pid !== undefined) return options.pid;
  if (options.package === undefined) return null;
  const matches = [...trace.cmdlines].filter(([, cmdline]) => cmdline === options.package);
  if (matches.length !== 1) {
    throw new TraceError(
      'TRACE_TARGET_NOT_FOUND',
      matches.length === 0
        ? `no recorded process has the cmdline ${options.package}; pass pid for multi-process apps`
        : `${matches.length} recorded processes have the cmdline ${options.package}; pass pid for multi-process apps`,
    );
  }
  return matches[0]?.[0] ?? null;
}

/**
 * unsupported: nothing decodable was observed; partial: lost, compressed or unsupported data was skipped, or
 * TrackEvent packets (newer FrameTimeline among them) were left undecoded beside what was decoded.
 */
export function reportStatus(
  coverage: TraceCoverage,
  observedEvents: number,
  trackEventPackets = 0,
): TraceReport['status'] {
  const lossy =
    trackEventPackets +
      coverage.lost_markers +
      coverage.unlocated_loss_markers +
      coverage.compressed_packets +
      coverage.unsupported_compact_bundles +
      coverage.unsupported_clock_bundles +
      coverage.unsupported_clock_packets >
    0;
  return observedEvents === 0 ? 'unsupported' : lossy ? 'partial' : 'observed';
}

/** The fixed caveats, the pairing counts, each missing kind of data, and the partial-data warning. */
export function reportLimitations(
  coverage: TraceCoverage,
  status: TraceReport['status'],
  excluded: number,
  incomplete: number,
  trackEventPackets = 0,
): string[] {
  const limitations = [
    ...FIXED_LIMITATIONS,
    `${excluded} loss marker(s) reset pairing; ${incomplete} interval(s) were left incomplete and excluded (open slices, unmatched binder sends or receives, pending runnable states, unmatched E markers).`,
  ];
  if (coverage.sched_switch === 0)
    limitations.push('No sched_switch events: running time and runnable wait are unknown.');
  if (coverage.sched_wakeup === 0)
    limitations.push('No sched_wakeup events: wakeup counts and runnable wait are unknown.');
  if (coverage.atrace === 0)
    limitations.push('No atrace markers: Choreographer and RenderThread slices are unknown.');
  if (coverage.frame_timeline === 0)
    limitations.push('No FrameTimeline events: dropped and late frames are unknown.');
  if (coverage.binder_transaction === 0 || coverage.binder_received === 0) {
    limitations.push('No binder transaction pairs: binder delivery latency is unknown.');
  }
  if (trackEventPackets > 0)
    limitations.push(
      `${trackEventPackets} TrackEvent packet(s) were not decoded: frames (newer FrameTimeline) and slices recorded as track events are missing from the findings.`,
    );
  if (status === 'partial') {
    limitations.push(
      'Partial data: the trace has lost events, compressed packets, compact_sched bundles, unsupported clocks or undecoded TrackEvent packets; findings are a lower bound.',
    );
  }
  return limitations;
}

/** cpu_threads: the selected threads by running time, at most MAX_CPU_THREADS (sorts `selectedStats` in place). */
export function cpuThreadRows(
  selectedStats: Array<[number, ThreadStats]>,
  tgidOf: (tid: number) => number | null,
  threadNames: ReadonlyMap<number, string>,
  observedSeconds: number,
): TraceCpuThread[] {
  return selectedStats
    .sort((a, b) => b[1].running - a[1].running)
    .slice(0, MAX_CPU_THREADS)
    .map(([tid, entry]) => ({
      tid,
      process_id: tgidOf(tid),
      name: threadNames.get(tid) ?? null,
      running_ms: entry.running / NS_PER_MS,
      wakeups: entry.wakeups,
      wakeups_per_second: observedSeconds > 0 ? entry.wakeups / observedSeconds : 0,
      runnable_wait_ms: entry.wait / NS_PER_MS,
    }));
}
