// The analysis state machine of reference 8.5 over decoded, time-sorted events.
import type {
  FindingGroupName,
  TraceCpuThread,
  TraceFindingGroup,
  TraceFrame,
  TraceReport,
} from '../../shared/trace/report';
import {
  FINDING_GROUPS,
  MAX_CPU_THREADS,
  MAX_FINDING_EXAMPLES,
  MAX_REPORT_FRAMES,
  SENSITIVITY_NOTE,
} from '../../shared/trace/report';
import type { DecodedTrace } from './decode';
import { LIMITS } from './decode';
import { TraceError } from './wireReader';

const MAX_SLICE_DEPTH = 64;
const MAX_SENDS = 500_000;
const NS_PER_MS = 1e6;

export const FIXED_LIMITATIONS = [
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

interface ThreadStats {
  running: number;
  wakeups: number;
  wait: number;
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

export function analyzeDecoded(
  trace: DecodedTrace,
  options: { pid?: number; package?: string; threshold_ms: number; frame_budget_ms: number },
): TraceReport {
  const target = resolveTarget(trace, options);
  const thresholdNs = options.threshold_ms * NS_PER_MS;
  const budgetNs = options.frame_budget_ms * NS_PER_MS;
  const { coverage, threadNames, tgids } = trace;
  const groups = Object.fromEntries(
    FINDING_GROUPS.map((name) => [name, { count: 0, examples: [] }]),
  ) as unknown as Record<FindingGroupName, TraceFindingGroup>;
  const frames: TraceFrame[] = [];
  let framesTruncated = false;
  const tgidOf = (tid: number): number | null => tgids.get(tid) ?? null;
  const selected = (tid: number): boolean => target === null || tid === target || tgidOf(tid) === target;
  const add = (
    group: FindingGroupName,
    ts: number,
    tid: number,
    durationNs: number | null,
    evidence: string,
  ): void => {
    const entry = groups[group];
    entry.count++;
    if (entry.examples.length < MAX_FINDING_EXAMPLES) {
      entry.examples.push({
        timestamp_ns: ts,
        tid,
        process_id: tgidOf(tid),
        thread_name: threadNames.get(tid) ?? null,
        duration_ms: durationNs === null ? null : Math.round((durationNs / NS_PER_MS) * 1000) / 1000,
        evidence,
      });
    }
  };
  const addFrame = (frame: TraceFrame): void => {
    if (frames.length < MAX_REPORT_FRAMES) frames.push(frame);
    else framesTruncated = true;
  };

  const ready = new Map<number, number>();
  const running = new Map<number, { tid: number; since: number }>();
  const runningTids = new Map<number, number>();
  const slices = new Map<number, { ts: number; name: string }[]>();
  const sends = new Map<number, { ts: number; tid: number; toProc: number }>();
  const stats = new Map<number, ThreadStats>();
  let incomplete = 0;
  let excluded = 0;
  const stat = (tid: number): ThreadStats => {
    let entry = stats.get(tid);
    if (entry === undefined) {
      if (stats.size >= LIMITS.threads) {
        throw new TraceError(
          'TRACE_LIMIT_EXCEEDED',
          `more than ${LIMITS.threads} threads have scheduling data`,
        );
      }
      entry = { running: 0, wakeups: 0, wait: 0 };
      stats.set(tid, entry);
    }
    return entry;
  };
  let first: number | null = null;
  let last: number | null = null;

  for (const event of trace.events) {
    if (event.kind === 'loss') {
      excluded++;
      ready.clear();
      running.clear();
      runningTids.clear();
      slices.clear();
      sends.clear();
      continue;
    }
    first ??= event.ts;
    last = event.ts;
    switch (event.kind) {
      case 'wakeup': {
        if (event.tid === 0) break;
        if (!runningTids.has(event.tid) && !ready.has(event.tid)) ready.set(event.tid, event.ts);
        stat(event.tid).wakeups++;
        break;
      }
      case 'switch': {
        const { prevPid: prev, nextPid: next, cpu, ts } = event;
        const current = running.get(cpu);
        if (current !== undefined && current.tid === prev && prev !== 0) {
          stat(prev).running += ts - current.since;
          const n = (runningTids.get(prev) ?? 1) - 1;
          if (n <= 0) runningTids.delete(prev);
          else runningTids.set(prev, n);
        }
        if (prev !== 0 && prev !== next) {
          if (event.prevState === 0) ready.set(prev, ts);
          else ready.delete(prev);
        }
        running.set(cpu, { tid: next, since: ts });
        if (next !== 0) runningTids.set(next, (runningTids.get(next) ?? 0) + 1);
        const since = ready.get(next);
        if (since !== undefined && next !== 0) {
          ready.delete(next);
          const wait = ts - since;
          stat(next).wait += wait;
          if (wait >= thresholdNs && selected(next)) {
            const ms = (wait / NS_PER_MS).toFixed(1);
            add('cpu_contention', since, next, wait, `runnable for ${ms} ms before running on CPU ${cpu}`);
            if (tgidOf(next) === next || next === target) {
              add(
                'main_thread_unscheduled',
                since,
                next,
                wait,
                `main thread runnable ${ms} ms without a CPU`,
              );
            }
            if (threadNames.get(next) === 'RenderThread') {
              add(
                'render_thread_anomalies',
                since,
                next,
                wait,
                `RenderThread runnable ${ms} ms without a CPU`,
              );
            }
          }
        }
        break;
      }
      case 'print': {
        const { tid, ts, text } = event;
        if (text.startsWith('B|')) {
          const name = text.split('|').slice(2).join('|');
          let stack = slices.get(tid);
          if (stack === undefined) {
            if (slices.size >= LIMITS.threads) {
              throw new TraceError(
                'TRACE_LIMIT_EXCEEDED',
                `more than ${LIMITS.threads} threads have atrace slices`,
              );
            }
            stack = [];
            slices.set(tid, stack);
          }
          if (stack.length >= MAX_SLICE_DEPTH) {
            incomplete += stack.length;
            slices.delete(tid);
            break;
          }
          stack.push({ ts, name });
        } else if (text === 'E' || text.startsWith('E|')) {
          const open = slices.get(tid)?.pop();
          if (open === undefined) {
            incomplete++;
            break;
          }
          const elapsed = ts - open.ts;
          if (selected(tid) && open.name.startsWith('Choreographer#doFrame')) {
            const over = elapsed > budgetNs;
            addFrame({
              source: 'do_frame',
              ts_ns: open.ts,
              duration_ms: elapsed / NS_PER_MS,
              pid: tgidOf(tid),
              tid,
              token: null,
              janky: over,
              flags: over ? ['over_budget'] : [],
            });
            if (over) {
              add(
                'frame_anomalies',
                open.ts,
                tid,
                elapsed,
                `${open.name} took ${(elapsed / NS_PER_MS).toFixed(1)} ms`,
              );
            }
          }
          if (threadNames.get(tid) === 'RenderThread' && elapsed >= thresholdNs && selected(tid)) {
            add(
              'render_thread_anomalies',
              open.ts,
              tid,
              elapsed,
              `long RenderThread atrace slice ${open.name} (${(elapsed / NS_PER_MS).toFixed(1)} ms)`,
            );
          }
        }
        break;
      }
      case 'binder_send': {
        if (sends.size >= MAX_SENDS && !sends.has(event.id)) {
          throw new TraceError(
            'TRACE_LIMIT_EXCEEDED',
            `more than ${MAX_SENDS} binder transactions are pending`,
          );
        }
        sends.set(event.id, { ts: event.ts, tid: event.tid, toProc: event.toProc });
        break;
      }
      case 'binder_recv': {
        const send = sends.get(event.id);
        if (send === undefined) {
          incomplete++;
          break;
        }
        sends.delete(event.id);
        const latency = event.ts - send.ts;
        if (
          latency >= thresholdNs &&
          (selected(send.tid) || selected(event.tid) || (target !== null && send.toProc === target))
        ) {
          add(
            'binder_delivery_delays',
            send.ts,
            send.tid,
            latency,
            `binder transaction ${event.id} delivered to tid ${event.tid} after ${(latency / NS_PER_MS).toFixed(1)} ms`,
          );
        }
        break;
      }
      case 'frame': {
        if (target !== null && event.pid !== target) break;
        const flags: string[] = [];
        if (event.presentType === 4 || (event.jankType & 1024) !== 0) flags.push('dropped');
        if (event.presentType === 2) flags.push('late');
        if ((event.jankType & 64) !== 0) flags.push('app_deadline_missed');
        const janky = event.presentType === 2 || event.presentType === 4 || (event.jankType & ~1) !== 0;
        if (event.jankType !== 0) flags.push(`jank_type=0x${event.jankType.toString(16)}`);
        addFrame({
          source: 'frame_timeline',
          ts_ns: event.ts,
          duration_ms: null,
          pid: event.pid,
          tid: null,
          token: event.token,
          janky,
          flags,
        });
        if (janky) {
          const entry = groups.frame_anomalies;
          entry.count++;
          if (entry.examples.length < MAX_FINDING_EXAMPLES) {
            entry.examples.push({
              timestamp_ns: event.ts,
              tid: event.pid,
              process_id: event.pid,
              thread_name: threadNames.get(event.pid) ?? null,
              duration_ms: null,
              evidence: `FrameTimeline frame ${event.token} present_type=${event.presentType} (${flags.join(', ')})`,
            });
          }
        }
        break;
      }
    }
  }

  for (const stack of slices.values()) incomplete += stack.length;
  incomplete += sends.size + ready.size;
  const observedNs = first === null || last === null ? 0 : last - first;
  const observedSeconds = observedNs / 1e9;
  const selectedStats = [...stats].filter(([tid]) => tid !== 0 && selected(tid));
  for (const [tid, entry] of selectedStats) {
    if (observedSeconds < 1) break;
    const rate = entry.wakeups / observedSeconds;
    if (rate >= 100) {
      add(
        'excessive_wakeups',
        first ?? 0,
        tid,
        null,
        `${entry.wakeups} wakeups in ${observedSeconds.toFixed(2)} s (${rate.toFixed(0)}/s)`,
      );
    }
  }
  const cpuThreads: TraceCpuThread[] = selectedStats
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

  const lossy =
    coverage.lost_markers +
      coverage.unlocated_loss_markers +
      coverage.compressed_packets +
      coverage.unsupported_compact_bundles +
      coverage.unsupported_clock_bundles +
      coverage.unsupported_clock_packets >
    0;
  const status = trace.events.every((event) => event.kind === 'loss')
    ? 'unsupported'
    : lossy
      ? 'partial'
      : 'observed';
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
  if (status === 'partial') {
    limitations.push(
      'Partial data: the trace has lost events, compressed packets, compact_sched bundles or unsupported clocks; findings are a lower bound.',
    );
  }
  return {
    status,
    coverage,
    observed_duration_ms: observedNs / NS_PER_MS,
    target_pid: target,
    threshold_ms: options.threshold_ms,
    frame_budget_ms: options.frame_budget_ms,
    ...groups,
    cpu_threads: cpuThreads,
    frames,
    frames_truncated: framesTruncated,
    limitations,
    sensitivity_note: SENSITIVITY_NOTE,
  };
}
