// Writes a recording window of the simulated device as a Perfetto trace in its real protobuf wire format: a
// sequence of Trace.packet (field 1) TracePackets with a BOOTTIME clock snapshot, the config, system info, ftrace
// stats, the process tree, per-CPU ftrace bundles (ordered within a CPU, not across CPUs) and FrameTimeline events.
import { simulateActivity, type ActivityInput, type CpuEvent, type FrameInterval } from './activity';
import { frameEnd, frameStart } from './frameTimelinePackets';
import { SEQUENCE } from './packetSequences';
import {
  BINDER_TRANSACTION,
  BINDER_TRANSACTION_RECEIVED,
  CLOCK,
  CLOCK_SNAPSHOT,
  CLOCK_SNAPSHOT_CLOCK,
  FILL_POLICY,
  FTRACE_CPU_STATS,
  FTRACE_EVENT,
  FTRACE_EVENT_BUNDLE,
  FTRACE_STATS,
  FTRACE_STATS_PHASE,
  PRINT,
  PROCESS_TREE,
  PROCESS_TREE_PROCESS,
  PROCESS_TREE_THREAD,
  SCHED_SWITCH,
  SCHED_WAKEUP,
  SEQUENCE_FLAGS,
  SYSTEM_INFO,
  TRACE_PACKET,
  TRACE_PACKET_FIELD,
  UTSNAME,
} from './schema';
import type { TraceConfig } from './traceConfig';
import type { TraceProcess } from './threads';
import { encodeMessage, type MessageWriter } from './wire';

export const FTRACE_SOURCE = 'linux.ftrace';
export const PROCESS_STATS_SOURCE = 'linux.process_stats';
export const FRAME_TIMELINE_SOURCE = 'android.surfaceflinger.frametimeline';

export interface TraceInput extends Omit<ActivityInput, 'atraceApps'> {
  config: TraceConfig;
  /** The config bytes as received, echoed in the trace_config packet. */
  configBytes: Uint8Array;
  sdkLevel: number;
  fingerprint: string;
  kernelRelease: string;
  /** REALTIME and MONOTONIC at the window's start, for the clock snapshot. */
  realtimeNs: number;
  monotonicOffsetNs: number;
  /** A scenario's loss: ftrace events in [atNs, atNs + durationNs) are dropped and the gap is marked. */
  loss?: { atNs: number; durationNs: number };
}

/** Which ftrace events and atrace data the config enabled. */
interface Enabled {
  sched: { switch: boolean; waking: boolean; wakeup: boolean };
  binder: boolean;
  /** ftrace print reaches the trace: needed for any atrace slice. */
  print: boolean;
  view: boolean;
  gfx: boolean;
  atraceApps: ReadonlySet<string> | 'all';
}

const BUNDLE_PERIOD_NS = 250_000_000;

function enabledBy(config: TraceConfig): Enabled {
  const ftrace = config.dataSources.find((source) => source.name === FTRACE_SOURCE)?.ftrace;
  const events = new Set(ftrace?.ftraceEvents ?? []);
  const has = (group: string, name: string): boolean =>
    events.has(`${group}/${name}`) || events.has(name) || events.has(`${group}/*`);
  const categories = new Set(ftrace?.atraceCategories ?? []);
  const apps = ftrace?.atraceApps ?? [];
  const atrace = categories.size > 0 || apps.length > 0;
  return {
    sched: {
      switch: has('sched', 'sched_switch'),
      waking: has('sched', 'sched_waking'),
      wakeup: has('sched', 'sched_wakeup'),
    },
    // The binder_driver atrace category turns the binder ftrace events on, as atrace does.
    binder: has('binder', 'binder_transaction') || categories.has('binder_driver'),
    print: has('ftrace', 'print') || atrace,
    view: categories.has('view'),
    gfx: categories.has('gfx'),
    atraceApps: apps.includes('*') ? 'all' : new Set(apps),
  };
}

function recorded(event: CpuEvent, enabled: Enabled): boolean {
  switch (event.kind) {
    case 'switch':
      return enabled.sched.switch;
    case 'waking':
      return enabled.sched.waking;
    case 'wakeup':
      return enabled.sched.wakeup;
    case 'binder':
    case 'binderReceived':
      return enabled.binder;
    case 'print':
      // App sections (atrace_apps) were filtered per app when the activity was simulated.
      return enabled.print && (event.category === 'app' || enabled[event.category]);
  }
}

function writeEvent(bundle: MessageWriter, event: CpuEvent): void {
  bundle.message(FTRACE_EVENT_BUNDLE.event, (message) => {
    message.varint(FTRACE_EVENT.timestamp, event.ts).varint(FTRACE_EVENT.pid, event.tid);
    switch (event.kind) {
      case 'switch':
        message.message(FTRACE_EVENT.schedSwitch, (body) =>
          body
            .string(SCHED_SWITCH.prevComm, event.prev.comm)
            .varint(SCHED_SWITCH.prevPid, event.prev.tid)
            .varint(SCHED_SWITCH.prevPrio, event.prev.prio)
            .int64(SCHED_SWITCH.prevState, event.prevState)
            .string(SCHED_SWITCH.nextComm, event.next.comm)
            .varint(SCHED_SWITCH.nextPid, event.next.tid)
            .varint(SCHED_SWITCH.nextPrio, event.next.prio),
        );
        break;
      case 'waking':
      case 'wakeup':
        message.message(
          event.kind === 'waking' ? FTRACE_EVENT.schedWaking : FTRACE_EVENT.schedWakeup,
          (body) =>
            body
              .string(SCHED_WAKEUP.comm, event.target.comm)
              .varint(SCHED_WAKEUP.pid, event.target.tid)
              .varint(SCHED_WAKEUP.prio, event.target.prio)
              .varint(SCHED_WAKEUP.success, 1)
              .varint(SCHED_WAKEUP.targetCpu, event.targetCpu),
        );
        break;
      case 'binder':
        message.message(FTRACE_EVENT.binderTransaction, (body) =>
          body
            .varint(BINDER_TRANSACTION.debugId, event.debugId)
            .varint(BINDER_TRANSACTION.targetNode, event.reply ? 0 : 1034)
            .varint(BINDER_TRANSACTION.toProc, event.toPid)
            .varint(BINDER_TRANSACTION.toThread, event.toTid)
            .varint(BINDER_TRANSACTION.reply, event.reply ? 1 : 0)
            .varint(BINDER_TRANSACTION.code, event.code)
            .varint(BINDER_TRANSACTION.flags, event.flags),
        );
        break;
      case 'binderReceived':
        message.message(FTRACE_EVENT.binderTransactionReceived, (body) =>
          body.varint(BINDER_TRANSACTION_RECEIVED.debugId, event.debugId),
        );
        break;
      case 'print':
        message.message(FTRACE_EVENT.print, (body) =>
          body.varint(PRINT.ip, 0xffffffc0_1000).string(PRINT.buf, event.buf),
        );
        break;
    }
  });
}

function packet(build: (message: MessageWriter) => void): Buffer {
  return encodeMessage(build);
}

function clockSnapshot(input: TraceInput, bootNs: number): Buffer {
  return packet((message) =>
    message
      .varint(TRACE_PACKET_FIELD.timestamp, bootNs)
      .message(TRACE_PACKET_FIELD.clockSnapshot, (snapshot) => {
        const clocks: Array<[number, number]> = [
          [CLOCK.boottime, bootNs],
          [CLOCK.realtime, input.realtimeNs + (bootNs - input.startNs)],
          [CLOCK.monotonic, bootNs - input.monotonicOffsetNs],
        ];
        for (const [id, value] of clocks)
          snapshot.message(CLOCK_SNAPSHOT.clocks, (clock) =>
            clock.varint(CLOCK_SNAPSHOT_CLOCK.clockId, id).varint(CLOCK_SNAPSHOT_CLOCK.timestamp, value),
          );
        snapshot.varint(CLOCK_SNAPSHOT.primaryTraceClock, CLOCK.boottime);
      })
      .varint(TRACE_PACKET_FIELD.trustedPacketSequenceId, SEQUENCE.service),
  );
}

function ftraceStats(input: TraceInput, phase: number, counts: Map<number, number>, overrun: number): Buffer {
  return packet((message) =>
    message
      .varint(
        TRACE_PACKET_FIELD.timestamp,
        phase === FTRACE_STATS_PHASE.startOfTrace ? input.startNs : input.endNs,
      )
      .message(TRACE_PACKET_FIELD.ftraceStats, (stats) => {
        stats.varint(FTRACE_STATS.phase, phase);
        for (let cpu = 0; cpu < input.cpus; cpu += 1)
          stats.message(FTRACE_STATS.cpuStats, (cpuStats) =>
            cpuStats
              .varint(FTRACE_CPU_STATS.cpu, cpu)
              .varint(FTRACE_CPU_STATS.entries, counts.get(cpu) ?? 0)
              .varint(FTRACE_CPU_STATS.overrun, overrun)
              .varint(
                FTRACE_CPU_STATS.nowTs,
                phase === FTRACE_STATS_PHASE.startOfTrace ? input.startNs : input.endNs,
              ),
          );
      })
      .varint(TRACE_PACKET_FIELD.trustedPacketSequenceId, SEQUENCE.service),
  );
}

function processTree(processes: readonly TraceProcess[], atNs: number): Buffer {
  return packet((message) =>
    message
      .varint(TRACE_PACKET_FIELD.timestamp, atNs)
      .message(TRACE_PACKET_FIELD.processTree, (tree) => {
        for (const process of processes)
          tree.message(PROCESS_TREE.processes, (entry) =>
            entry
              .varint(PROCESS_TREE_PROCESS.pid, process.pid)
              .varint(PROCESS_TREE_PROCESS.ppid, process.ppid)
              .string(PROCESS_TREE_PROCESS.cmdline, process.cmdline)
              .varint(PROCESS_TREE_PROCESS.uid, process.uid),
          );
        for (const process of processes)
          for (const thread of process.threads)
            tree.message(PROCESS_TREE.threads, (entry) =>
              entry
                .varint(PROCESS_TREE_THREAD.tid, thread.tid)
                .string(PROCESS_TREE_THREAD.name, thread.comm)
                .varint(PROCESS_TREE_THREAD.tgid, thread.pid),
            );
        tree.varint(PROCESS_TREE.collectionEndTimestamp, atNs + 3_000_000);
      })
      .varint(TRACE_PACKET_FIELD.trustedPacketSequenceId, SEQUENCE.processStats)
      .varint(TRACE_PACKET_FIELD.sequenceFlags, SEQUENCE_FLAGS.incrementalStateCleared),
  );
}

/** Bytes a session's file may reach: traced stops before the packet that would make it reach the cap. */
function fileCap(config: TraceConfig): number {
  return config.maxFileSizeBytes || Number.POSITIVE_INFINITY;
}

/**
 * Keeps whole packets within the config's limits. Writing into a file, traced writes packets in order and stops at
 * the first one that would make the file reach max_file_size_bytes (`>=`), then disables the session; otherwise the
 * buffer keeps the newest packets (ring buffer) or the oldest (discard).
 */
function limited(packets: Buffer[], config: TraceConfig): { kept: Buffer[]; capped: boolean } {
  const framed = packets.map((bytes) => encodeMessage((message) => message.bytes(TRACE_PACKET, bytes)));
  if (config.writeIntoFile) {
    const cap = fileCap(config);
    const kept: Buffer[] = [];
    let total = 0;
    for (const bytes of framed) {
      if (total + bytes.length >= cap) return { kept, capped: true };
      kept.push(bytes);
      total += bytes.length;
    }
    return { kept, capped: false };
  }
  const buffer = config.buffers[0];
  const cap = (buffer?.sizeKb ?? 0) * 1024 || Number.POSITIVE_INFINITY;
  const keepNewest = buffer?.fillPolicy !== FILL_POLICY.discard;
  const ordered = keepNewest ? [...framed].reverse() : framed;
  const kept: Buffer[] = [];
  let total = 0;
  for (const bytes of ordered) {
    if (total + bytes.length > cap) break;
    kept.push(bytes);
    total += bytes.length;
  }
  return { kept: keepNewest ? kept.reverse() : kept, capped: false };
}

/** What traced has written for a window: the bytes, and whether the file cap stopped the writing. */
export interface WrittenTrace {
  data: Buffer;
  capped: boolean;
}

/** The trace file's bytes for one recording window. */
export function writeTrace(input: TraceInput): Buffer {
  return writeTraceWindow(input, { final: true }).data;
}

/**
 * The bytes for a window. `final: false` is a periodic write of a session still recording (no end-of-trace stats
 * and clock snapshot yet), as traced drains its buffers into the file every file_write_period_ms.
 */
export function writeTraceWindow(input: TraceInput, options: { final: boolean }): WrittenTrace {
  const { kept, capped } = limited(tracePackets(input, options.final), input.config);
  return { data: Buffer.concat(kept), capped };
}

function tracePackets(input: TraceInput, final: boolean): Buffer[] {
  const enabled = enabledBy(input.config);
  const names = new Set(input.config.dataSources.map((source) => source.name));
  const activity = simulateActivity({ ...input, atraceApps: enabled.atraceApps });
  const packets: Buffer[] = [
    clockSnapshot(input, input.startNs),
    packet((message) =>
      message
        .bytes(TRACE_PACKET_FIELD.traceConfig, input.configBytes)
        .varint(TRACE_PACKET_FIELD.trustedPacketSequenceId, SEQUENCE.service),
    ),
    packet((message) =>
      message
        .message(TRACE_PACKET_FIELD.systemInfo, (info) =>
          info
            .message(SYSTEM_INFO.utsname, (uts) =>
              uts
                .string(UTSNAME.sysname, 'Linux')
                .string(UTSNAME.version, '#1 SMP PREEMPT')
                .string(UTSNAME.release, input.kernelRelease)
                .string(UTSNAME.machine, 'aarch64'),
            )
            .string(SYSTEM_INFO.androidBuildFingerprint, input.fingerprint)
            .varint(SYSTEM_INFO.androidSdkVersion, input.sdkLevel)
            .varint(SYSTEM_INFO.pageSize, 4096),
        )
        .varint(TRACE_PACKET_FIELD.trustedPacketSequenceId, SEQUENCE.service),
    ),
  ];
  const ftraceOn = names.has(FTRACE_SOURCE);
  if (ftraceOn) packets.push(ftraceStats(input, FTRACE_STATS_PHASE.startOfTrace, new Map(), 0));
  if (names.has(PROCESS_STATS_SOURCE)) packets.push(processTree(input.processes, input.startNs));

  const loss = input.loss;
  const lost = (event: CpuEvent): boolean =>
    loss !== undefined && event.ts >= loss.atNs && event.ts < loss.atNs + loss.durationNs;
  const events = ftraceOn ? activity.events.filter((event) => recorded(event, enabled)) : [];
  const perCpu = new Map<number, CpuEvent[]>();
  for (const event of events) {
    const list = perCpu.get(event.cpu) ?? [];
    list.push(event);
    perCpu.set(event.cpu, list);
  }
  for (const list of perCpu.values()) list.sort((a, b) => a.ts - b.ts);
  const counts = new Map<number, number>();
  const frames = names.has(FRAME_TIMELINE_SOURCE) && input.sdkLevel >= 31 ? activity.frames : [];
  let cookie = 1;
  let frameIndex = 0;
  const sortedFrames = [...frames].sort((a, b) => a.endNs - b.endNs);
  let droppedTotal = 0;
  // Per-CPU read positions: each CPU's sorted events are consumed period by period.
  const cursors: number[] = Array.from({ length: input.cpus }, () => 0);
  // Each period: one bundle per CPU (CPU order, so the file is not globally time-ordered), then the FrameTimeline
  // intervals SurfaceFlinger finished in that period.
  for (let from = input.startNs; from < input.endNs; from += BUNDLE_PERIOD_NS) {
    const to = Math.min(input.endNs + 1, from + BUNDLE_PERIOD_NS);
    for (let cpu = 0; cpu < input.cpus; cpu += 1) {
      const list = perCpu.get(cpu) ?? [];
      let end = cursors[cpu] ?? 0;
      while (end < list.length && (list[end] as CpuEvent).ts < to) end += 1;
      const inPeriod = list.slice(cursors[cpu] ?? 0, end);
      cursors[cpu] = end;
      const kept = inPeriod.filter((event) => !lost(event));
      const dropped = inPeriod.length - kept.length;
      droppedTotal += dropped;
      if (kept.length === 0 && dropped === 0) continue;
      counts.set(cpu, (counts.get(cpu) ?? 0) + kept.length);
      packets.push(
        packet((message) => {
          message.message(TRACE_PACKET_FIELD.ftraceEvents, (bundle) => {
            bundle.varint(FTRACE_EVENT_BUNDLE.cpu, cpu);
            for (const event of kept) writeEvent(bundle, event);
            if (dropped > 0) bundle.bool(FTRACE_EVENT_BUNDLE.lostEvents, true);
          });
          message.varint(TRACE_PACKET_FIELD.trustedPacketSequenceId, SEQUENCE.ftraceBase + cpu);
          // The writer's chunks for this gap were lost before this packet (DataLossReason 1: PRESENT).
          if (dropped > 0) message.varint(TRACE_PACKET_FIELD.previousPacketDropped, 1);
        }),
      );
    }
    while (frameIndex < sortedFrames.length && (sortedFrames[frameIndex] as FrameInterval).endNs < to) {
      const frame = sortedFrames[frameIndex] as FrameInterval;
      frameIndex += 1;
      if (frame.endNs > input.endNs) continue;
      packets.push(frameStart(frame, cookie), frameEnd(frame, cookie));
      cookie += 1;
    }
  }
  if (!final) return packets;
  if (ftraceOn) packets.push(ftraceStats(input, FTRACE_STATS_PHASE.endOfTrace, counts, droppedTotal));
  packets.push(clockSnapshot(input, input.endNs));
  return packets;
}
