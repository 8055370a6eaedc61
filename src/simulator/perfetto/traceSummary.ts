// A generic reading of a trace file: every message walked field by field with protobufjs's Reader (wire types
// only, no schema), interpreted with Perfetto's field numbers from schema.ts. Tests use it to check what the
// simulator wrote as any consumer would see it.
import {
  CLOCK_SNAPSHOT,
  CLOCK_SNAPSHOT_CLOCK,
  FRAME_END,
  FRAME_TIMELINE_EVENT,
  FTRACE_CPU_STATS,
  FTRACE_EVENT,
  FTRACE_EVENT_BUNDLE,
  FTRACE_STATS,
  PROCESS_TREE,
  PROCESS_TREE_PROCESS,
  PROCESS_TREE_THREAD,
  TRACE_PACKET,
  TRACE_PACKET_FIELD,
  WIRE,
} from './schema';
import { readFields, utf8, type WireField } from './wire';

/** A decoded message: each field's values in order; varints as numbers, bytes as Uint8Array. */
export type Fields = Map<number, Array<number | Uint8Array>>;

export interface SummaryEvent {
  cpu: number;
  ts: number;
  pid: number;
  /** The FtraceEvent oneof field number (4 sched_switch, 3 print, ...). */
  kind: number;
  body: Fields;
}

export interface SummaryFrame {
  ts: number;
  /** FrameTimelineEvent oneof number (1..4 starts). */
  kind: number;
  body: Fields;
}

export interface TraceSummary {
  packets: number;
  /** Field numbers seen at the top level (a valid trace has only 1). */
  topLevelFields: Set<number>;
  bundles: Array<{ cpu: number; lostEvents: boolean; events: SummaryEvent[] }>;
  processes: Map<number, string>;
  threads: Map<number, { name: string; tgid: number }>;
  frameStarts: SummaryFrame[];
  /** cookie -> frame_end timestamp. */
  frameEnds: Map<number, number>;
  clockSnapshots: Array<{ clockIds: number[]; primary: number }>;
  droppedPackets: number;
  ftraceStats: Array<{ phase: number; overrun: number[] }>;
  timestampClockIds: Set<number>;
}

export function fieldsOf(bytes: Uint8Array): Fields {
  const fields: Fields = new Map();
  for (const field of readFields(bytes)) {
    const list = fields.get(field.field) ?? [];
    list.push(field.value);
    fields.set(field.field, list);
  }
  return fields;
}

export function number(fields: Fields, field: number): number | undefined {
  const value = fields.get(field)?.[0];
  return typeof value === 'number' ? value : undefined;
}

export function text(fields: Fields, field: number): string | undefined {
  const value = fields.get(field)?.[0];
  return value instanceof Uint8Array ? utf8(value) : undefined;
}

export function messages(fields: Fields, field: number): Fields[] {
  return (fields.get(field) ?? [])
    .filter((value): value is Uint8Array => value instanceof Uint8Array)
    .map(fieldsOf);
}

function oneof(fields: WireField[], skip: readonly number[]): WireField | undefined {
  return fields.find((field) => field.wireType === WIRE.bytes && !skip.includes(field.field));
}

/** Reads a whole trace. Throws on malformed protobuf. */
export function summarizeTrace(data: Uint8Array): TraceSummary {
  const summary: TraceSummary = {
    packets: 0,
    topLevelFields: new Set(),
    bundles: [],
    processes: new Map(),
    threads: new Map(),
    frameStarts: [],
    frameEnds: new Map(),
    clockSnapshots: [],
    droppedPackets: 0,
    ftraceStats: [],
    timestampClockIds: new Set(),
  };
  for (const top of readFields(data)) {
    summary.topLevelFields.add(top.field);
    if (top.field !== TRACE_PACKET || top.wireType !== WIRE.bytes) continue;
    summary.packets += 1;
    const packet = fieldsOf(top.value);
    const ts = number(packet, TRACE_PACKET_FIELD.timestamp) ?? 0;
    const clockId = number(packet, TRACE_PACKET_FIELD.timestampClockId);
    if (clockId !== undefined) summary.timestampClockIds.add(clockId);
    if (number(packet, TRACE_PACKET_FIELD.previousPacketDropped)) summary.droppedPackets += 1;
    for (const bundle of messages(packet, TRACE_PACKET_FIELD.ftraceEvents)) {
      const cpu = number(bundle, FTRACE_EVENT_BUNDLE.cpu) ?? 0;
      const events = (bundle.get(FTRACE_EVENT_BUNDLE.event) ?? []).map((raw): SummaryEvent => {
        const fields = readFields(raw as Uint8Array);
        const event = fieldsOf(raw as Uint8Array);
        const body = oneof(fields, []);
        return {
          cpu,
          ts: number(event, FTRACE_EVENT.timestamp) ?? 0,
          pid: number(event, FTRACE_EVENT.pid) ?? 0,
          kind: body?.field ?? 0,
          body: body ? fieldsOf(body.value as Uint8Array) : new Map(),
        };
      });
      summary.bundles.push({ cpu, lostEvents: number(bundle, FTRACE_EVENT_BUNDLE.lostEvents) === 1, events });
    }
    for (const tree of messages(packet, TRACE_PACKET_FIELD.processTree)) {
      for (const process of messages(tree, PROCESS_TREE.processes))
        summary.processes.set(
          number(process, PROCESS_TREE_PROCESS.pid) ?? 0,
          text(process, PROCESS_TREE_PROCESS.cmdline) ?? '',
        );
      for (const thread of messages(tree, PROCESS_TREE.threads))
        summary.threads.set(number(thread, PROCESS_TREE_THREAD.tid) ?? 0, {
          name: text(thread, PROCESS_TREE_THREAD.name) ?? '',
          tgid: number(thread, PROCESS_TREE_THREAD.tgid) ?? 0,
        });
    }
    for (const event of messages(packet, TRACE_PACKET_FIELD.frameTimelineEvent)) {
      const end = messages(event, FRAME_TIMELINE_EVENT.frameEnd)[0];
      if (end) summary.frameEnds.set(number(end, FRAME_END.cookie) ?? 0, ts);
      for (const kind of [1, 2, 3, 4])
        for (const body of messages(event, kind)) summary.frameStarts.push({ ts, kind, body });
    }
    for (const snapshot of messages(packet, TRACE_PACKET_FIELD.clockSnapshot))
      summary.clockSnapshots.push({
        clockIds: messages(snapshot, CLOCK_SNAPSHOT.clocks).map(
          (clock) => number(clock, CLOCK_SNAPSHOT_CLOCK.clockId) ?? 0,
        ),
        primary: number(snapshot, CLOCK_SNAPSHOT.primaryTraceClock) ?? 0,
      });
    for (const stats of messages(packet, TRACE_PACKET_FIELD.ftraceStats))
      summary.ftraceStats.push({
        phase: number(stats, FTRACE_STATS.phase) ?? 0,
        overrun: messages(stats, FTRACE_STATS.cpuStats).map(
          (cpu) => number(cpu, FTRACE_CPU_STATS.overrun) ?? 0,
        ),
      });
  }
  return summary;
}

/** All ftrace events of the trace, sorted by timestamp (stable), as a consumer must sort them. */
export function sortedEvents(summary: TraceSummary): SummaryEvent[] {
  return summary.bundles.flatMap((bundle) => bundle.events).sort((a, b) => a.ts - b.ts);
}
