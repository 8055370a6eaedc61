// The analysis state machine of reference 8.5 over decoded, time-sorted events.
import type { FindingGroupName, TraceFindingGroup, TraceFrame, TraceReport } from '../../shared/trace/report';
import {
  FINDING_GROUPS,
  MAX_FINDING_EXAMPLES,
  MAX_REPORT_FRAMES,
  SENSITIVITY_NOTE,
} from '../../shared/trace/report';
import type { DecodedTrace } from './decode';
import { LIMITS } from './decode';
import { cpuThreadRows, reportLimitations, reportStatus, resolveTarget } from './reportSummary';
import { KIND } from './eventStore';
import type { ThreadSlot, ThreadStats } from './threadSlots';
import { ThreadSlots } from './threadSlots';
import { TraceError } from './wireReader';

const MAX_SLICE_DEPTH = 64;
const MAX_SENDS = 500_000;
const NS_PER_MS = 1e6;

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
  /** Counts a finding; true while its group still takes examples (the first MAX_FINDING_EXAMPLES). */
  const counted = (group: FindingGroupName): boolean => {
    const entry = groups[group];
    entry.count++;
    return entry.examples.length < MAX_FINDING_EXAMPLES;
  };
  const example = (
    group: FindingGroupName,
    ts: number,
    tid: number,
    durationNs: number | null,
    evidence: string,
  ): void => {
    groups[group].examples.push({
      timestamp_ns: ts,
      tid,
      process_id: tgidOf(tid),
      thread_name: threadNames.get(tid) ?? null,
      duration_ms: durationNs === null ? null : Math.round((durationNs / NS_PER_MS) * 1000) / 1000,
      evidence,
    });
  };
  /** True while the frame list has room; otherwise marks it truncated. */
  const frameRoom = (): boolean => {
    if (frames.length < MAX_REPORT_FRAMES) return true;
    framesTruncated = true;
    return false;
  };

  // Per-thread runnable, running and open-slice states (threadSlots.ts), and what runs on each CPU: valid while
  // their epoch equals `epoch`, which a loss marker advances (clearing them all). readyCount counts the runnable,
  // sliceThreads the threads with open-slice stacks.
  const threads = new ThreadSlots(selected, threadNames);
  let readyCount = 0;
  let sliceThreads = 0;
  const readyOf = (slot: ThreadSlot): number => (slot.readyEpoch === epoch ? slot.ready : -1);
  /** Runnable threads: the event (wakeup or switch) that made them runnable, whose time is times[event]. */
  const markReady = (slot: ThreadSlot, event: number): void => {
    if (readyOf(slot) < 0) readyCount++;
    slot.ready = event;
    slot.readyEpoch = epoch;
  };
  const unready = (slot: ThreadSlot): void => {
    if (readyOf(slot) < 0) return;
    readyCount--;
    slot.ready = -1;
  };
  const runningOf = (slot: ThreadSlot): number => (slot.runningEpoch === epoch ? slot.running : 0);
  const cpuTid = new Float64Array(LIMITS.cpu + 1);
  const cpuSince = new Float64Array(LIMITS.cpu + 1);
  const cpuEpoch = new Uint32Array(LIMITS.cpu + 1);
  let epoch = 1;
  /** Pending binder sends by debug id: the send events' indices. */
  const sends = new Map<number, number>();
  const stats = new Map<number, ThreadStats>();
  let incomplete = 0;
  let excluded = 0;
  const stat = (tid: number, slot: ThreadSlot): ThreadStats => {
    let entry = slot.stats;
    if (entry === null) {
      if (stats.size >= LIMITS.threads) {
        throw new TraceError(
          'TRACE_LIMIT_EXCEEDED',
          `more than ${LIMITS.threads} threads have scheduling data`,
        );
      }
      entry = { running: 0, wakeups: 0, wait: 0 };
      stats.set(tid, entry);
      slot.stats = entry;
    }
    return entry;
  };
  const { store, order } = trace;
  const { kind: kinds, ts: times, a: colA, b: colB, c: colC } = store;
  // The first and last times of events other than loss markers, found from both ends of the order.
  let head = 0;
  while (head < order.length && kinds[order[head] ?? 0] === KIND.loss) head++;
  let tail = order.length - 1;
  while (tail > head && kinds[order[tail] ?? 0] === KIND.loss) tail--;
  const observed = head < order.length;
  const first = observed ? (times[order[head] ?? 0] ?? 0) : 0;
  const last = observed ? (times[order[tail] ?? 0] ?? 0) : 0;
  for (let i = 0; i < order.length; i++) {
    const e = order[i] ?? 0;
    const kind = kinds[e] ?? KIND.loss;
    const ts = times[e] ?? 0;
    if (kind === KIND.loss) {
      excluded++;
      readyCount = 0;
      epoch++;
      sliceThreads = 0;
      sends.clear();
      continue;
    }
    switch (kind) {
      case KIND.wakeup: {
        const tid = colA[e] ?? 0;
        if (tid === 0) break;
        const slot = threads.get(tid);
        if (runningOf(slot) === 0 && readyOf(slot) < 0) markReady(slot, e);
        stat(tid, slot).wakeups++;
        break;
      }
      case KIND.switchRunnable:
      case KIND.switchSleeping: {
        const cpu = colA[e] ?? 0;
        const prev = colB[e] ?? 0;
        const next = colC[e] ?? 0;
        if (prev !== 0) {
          const slot = threads.get(prev);
          if (cpuEpoch[cpu] === epoch && cpuTid[cpu] === prev) {
            stat(prev, slot).running += ts - (cpuSince[cpu] ?? 0);
            const n = runningOf(slot);
            if (n > 0) slot.running = n - 1;
          }
          if (prev !== next) {
            if (kind === KIND.switchRunnable) markReady(slot, e);
            else unready(slot);
          }
        }
        cpuEpoch[cpu] = epoch;
        cpuTid[cpu] = next;
        cpuSince[cpu] = ts;
        if (next === 0) break;
        const slot = threads.get(next);
        slot.running = runningOf(slot) + 1;
        slot.runningEpoch = epoch;
        const readyEvent = readyOf(slot);
        if (readyEvent >= 0) {
          const since = times[readyEvent] ?? 0;
          unready(slot);
          const wait = ts - since;
          stat(next, slot).wait += wait;
          if (wait >= thresholdNs && slot.selected) {
            const ms = (wait / NS_PER_MS).toFixed(1);
            if (counted('cpu_contention')) {
              example(
                'cpu_contention',
                since,
                next,
                wait,
                `runnable for ${ms} ms before running on CPU ${cpu}`,
              );
            }
            if ((tgidOf(next) === next || next === target) && counted('main_thread_unscheduled')) {
              example(
                'main_thread_unscheduled',
                since,
                next,
                wait,
                `main thread runnable ${ms} ms without a CPU`,
              );
            }
            if (slot.renderThread && counted('render_thread_anomalies')) {
              example(
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
      case KIND.begin:
      case KIND.beginDoFrame: {
        const tid = colA[e] ?? 0;
        const slot = threads.get(tid);
        let stack = slot.stackEpoch === epoch ? slot.stack : null;
        if (stack === null) {
          if (sliceThreads >= LIMITS.threads) {
            throw new TraceError(
              'TRACE_LIMIT_EXCEEDED',
              `more than ${LIMITS.threads} threads have atrace slices`,
            );
          }
          stack = [];
          slot.stack = stack;
          slot.stackEpoch = epoch;
          sliceThreads++;
        }
        if (stack.length >= MAX_SLICE_DEPTH) {
          incomplete += stack.length;
          slot.stack = null;
          sliceThreads--;
          break;
        }
        stack.push(e);
        break;
      }
      case KIND.end: {
        const tid = colA[e] ?? 0;
        const slot = threads.get(tid);
        const open = slot.stackEpoch === epoch ? slot.stack?.pop() : undefined;
        if (open === undefined) {
          incomplete++;
          break;
        }
        const openTs = times[open] ?? 0;
        const elapsed = ts - openTs;
        if (slot.selected && kinds[open] === KIND.beginDoFrame) {
          const over = elapsed > budgetNs;
          if (frameRoom()) {
            frames.push({
              source: 'do_frame',
              ts_ns: openTs,
              duration_ms: elapsed / NS_PER_MS,
              pid: tgidOf(tid),
              tid,
              token: null,
              janky: over,
              flags: over ? ['over_budget'] : [],
            });
          }
          if (over && counted('frame_anomalies')) {
            example(
              'frame_anomalies',
              openTs,
              tid,
              elapsed,
              `${store.name(open)} took ${(elapsed / NS_PER_MS).toFixed(1)} ms`,
            );
          }
        }
        if (
          slot.renderThread &&
          elapsed >= thresholdNs &&
          slot.selected &&
          counted('render_thread_anomalies')
        ) {
          example(
            'render_thread_anomalies',
            openTs,
            tid,
            elapsed,
            `long RenderThread atrace slice ${store.name(open)} (${(elapsed / NS_PER_MS).toFixed(1)} ms)`,
          );
        }
        break;
      }
      case KIND.binderSend: {
        const id = colB[e] ?? 0;
        if (sends.size >= MAX_SENDS && !sends.has(id)) {
          throw new TraceError(
            'TRACE_LIMIT_EXCEEDED',
            `more than ${MAX_SENDS} binder transactions are pending`,
          );
        }
        sends.set(id, e);
        break;
      }
      case KIND.binderRecv: {
        const tid = colA[e] ?? 0;
        const id = colB[e] ?? 0;
        const send = sends.get(id);
        if (send === undefined) {
          incomplete++;
          break;
        }
        sends.delete(id);
        const sendTs = times[send] ?? 0;
        const sendTid = colA[send] ?? 0;
        const latency = ts - sendTs;
        if (
          latency >= thresholdNs &&
          (selected(sendTid) || selected(tid) || (target !== null && colC[send] === target)) &&
          counted('binder_delivery_delays')
        ) {
          example(
            'binder_delivery_delays',
            sendTs,
            sendTid,
            latency,
            `binder transaction ${id} delivered to tid ${tid} after ${(latency / NS_PER_MS).toFixed(1)} ms`,
          );
        }
        break;
      }
      case KIND.frame: {
        const frame = store.frames[colA[e] ?? 0];
        if (frame === undefined || (target !== null && frame.pid !== target)) break;
        const flags: string[] = [];
        if (frame.presentType === 4 || (frame.jankType & 1024) !== 0) flags.push('dropped');
        if (frame.presentType === 2) flags.push('late');
        if ((frame.jankType & 64) !== 0) flags.push('app_deadline_missed');
        const janky = frame.presentType === 2 || frame.presentType === 4 || (frame.jankType & ~1) !== 0;
        if (frame.jankType !== 0) flags.push(`jank_type=0x${frame.jankType.toString(16)}`);
        if (frameRoom()) {
          frames.push({
            source: 'frame_timeline',
            ts_ns: ts,
            duration_ms: null,
            pid: frame.pid,
            tid: null,
            token: frame.token,
            janky,
            flags,
          });
        }
        if (janky) {
          const entry = groups.frame_anomalies;
          entry.count++;
          if (entry.examples.length < MAX_FINDING_EXAMPLES) {
            entry.examples.push({
              timestamp_ns: ts,
              tid: frame.pid,
              process_id: frame.pid,
              thread_name: threadNames.get(frame.pid) ?? null,
              duration_ms: null,
              evidence: `FrameTimeline frame ${frame.token} present_type=${frame.presentType} (${flags.join(', ')})`,
            });
          }
        }
        break;
      }
      default:
        break;
    }
  }

  incomplete += threads.openSlices(epoch);
  incomplete += sends.size + readyCount;
  const observedNs = observed ? last - first : 0;
  const observedSeconds = observedNs / 1e9;
  const selectedStats = [...stats].filter(([tid]) => tid !== 0 && selected(tid));
  for (const [tid, entry] of selectedStats) {
    if (observedSeconds < 1) break;
    const rate = entry.wakeups / observedSeconds;
    if (rate >= 100 && counted('excessive_wakeups')) {
      example(
        'excessive_wakeups',
        first,
        tid,
        null,
        `${entry.wakeups} wakeups in ${observedSeconds.toFixed(2)} s (${rate.toFixed(0)}/s)`,
      );
    }
  }
  const cpuThreads = cpuThreadRows(selectedStats, tgidOf, threadNames, observedSeconds);

  const status = reportStatus(coverage, store.observed, trace.trackEventPackets);
  const limitations = reportLimitations(coverage, status, excluded, incomplete, trace.trackEventPackets);
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
