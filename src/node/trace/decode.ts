// Decodes TracePackets into analysis events (reference 8.4 field table; Perfetto v48.1 field numbers written here).
// The ftrace bundles, nearly all of a trace, go through the inline walk of ftrace.ts; the rest uses walkFields.
import type { TraceCoverage } from '../../shared/trace/report';
import { COVERAGE_KEYS } from '../../shared/trace/report';
import { EventStore, KIND } from './eventStore';
import { FtraceDecoder } from './ftrace';
import { LIMITS } from './limits';
import { Threads } from './threads';
import { TraceError, readString, walkFields } from './wireReader';

export { LIMITS } from './limits';

const F = {
  packet: {
    ftrace: 1,
    processTree: 2,
    timestamp: 8,
    previousPacketDropped: 42,
    trackEvent: 11,
    clockId: 58,
    frameTimeline: 76,
  },
  compressed: [50, 133],
  tree: { process: 1, thread: 2 },
  frameTimeline: { actualDisplay: 2, actualSurface: 4 },
} as const;
const BOOTTIME = 6;

export interface DecodedTrace {
  /** The events as columns (see KIND), and `order`: their indices in stable time order. */
  store: EventStore;
  order: Uint32Array;
  coverage: TraceCoverage;
  threadNames: Map<number, string>;
  tgids: Map<number, number>;
  cmdlines: Map<number, string>;
  /**
   * TrackEvent packets (TracePacket 11) seen and not decoded (counted in coverage.unsupported_packets too): newer
   * FrameTimeline and app slices can be written as track events, so data may be missing when there are any.
   */
  trackEventPackets: number;
}

function limit(message: string): TraceError {
  return new TraceError('TRACE_LIMIT_EXCEEDED', message);
}

/** Accumulates events from packets handed in one at a time (packets with atrace slice names stay referenced). */
export class TraceDecoder {
  readonly store: EventStore;
  readonly coverage = Object.fromEntries(COVERAGE_KEYS.map((key) => [key, 0])) as unknown as TraceCoverage;
  private readonly threads = new Threads();
  private readonly ftrace: FtraceDecoder;
  private trackEventPackets = 0;

  /** `traceBytes`: the trace's size when known (sizes the event columns up front). */
  constructor(traceBytes = 0) {
    this.store = new EventStore(LIMITS.events, traceBytes);
    this.ftrace = new FtraceDecoder(this.store, this.coverage, this.threads);
  }

  /** Appends one event that is decoded alone (loss markers, frames). */
  private push(kind: number, ts: number, a: number): void {
    const store = this.store;
    if (store.count >= LIMITS.events) throw limit(`the trace has more than ${LIMITS.events} events`);
    store.set(store.count++, kind, ts, a, 0, 0);
    if (kind !== KIND.loss) store.observed++;
  }

  /** One TracePacket's bytes. */
  packet(bytes: Uint8Array): void {
    if (++this.coverage.packets > LIMITS.packets)
      throw limit(`the trace has more than ${LIMITS.packets} packets`);
    let timestamp: number | null = null;
    let dropped = false;
    let clockId = 0;
    let known = false;
    let compressed = false;
    const bodies: { field: number; start: number; end: number }[] = [];
    walkFields(bytes, 0, bytes.length, (f) => {
      if (f.field === F.packet.timestamp && f.wireType === 0) timestamp = f.value;
      else if (f.field === F.packet.previousPacketDropped && f.wireType === 0) dropped = f.value !== 0;
      else if (f.field === F.packet.clockId && f.wireType === 0) clockId = f.value;
      else if ((F.compressed as readonly number[]).includes(f.field)) compressed = true;
      else if (f.field === F.packet.trackEvent && f.wireType === 2) this.trackEventPackets++;
      else if (
        f.wireType === 2 &&
        (f.field === F.packet.ftrace ||
          f.field === F.packet.processTree ||
          f.field === F.packet.frameTimeline)
      ) {
        bodies.push({ field: f.field, start: f.start, end: f.end });
      }
    });
    if (dropped) this.loss(timestamp);
    if (compressed) this.coverage.compressed_packets++;
    for (const body of bodies) {
      known = true;
      if (body.field === F.packet.ftrace) this.ftrace.bundle(bytes, body.start, body.end);
      else if (body.field === F.packet.processTree) this.processTree(bytes, body.start, body.end);
      else if (clockId !== 0 && clockId !== BOOTTIME) this.coverage.unsupported_clock_packets++;
      else if (timestamp !== null) this.frameTimeline(bytes, body.start, body.end, timestamp);
    }
    if (!known && !compressed && !dropped) this.coverage.unsupported_packets++;
  }

  private loss(ts: number | null): void {
    if (ts === null) this.coverage.unlocated_loss_markers++;
    else {
      this.coverage.lost_markers++;
      this.push(KIND.loss, ts, 0);
    }
  }

  private processTree(bytes: Uint8Array, start: number, end: number): void {
    walkFields(bytes, start, end, (f) => {
      if (f.wireType !== 2) return;
      let id = 0;
      let name: string | null = null;
      let threadName: [number, number] | null = null;
      let tgid = 0;
      walkFields(bytes, f.start, f.end, (g) => {
        if (g.field === 1 && g.wireType === 0) id = g.value;
        else if (f.field === F.tree.process && g.field === 3 && g.wireType === 2 && name === null) {
          name = readString(bytes, g.start, g.end);
        } else if (f.field === F.tree.thread && g.field === 2 && g.wireType === 2) {
          threadName = [g.start, g.end];
        } else if (f.field === F.tree.thread && g.field === 3 && g.wireType === 0) tgid = g.value;
      });
      if (id === 0) return;
      if (f.field === F.tree.process) this.threads.setProcess(id, name);
      else if (f.field === F.tree.thread) {
        const range: [number, number] | null = threadName;
        if (range !== null) this.threads.setName(id, bytes, range[0], range[1]);
        if (tgid !== 0) this.threads.setTgid(id, tgid);
      }
    });
  }

  private frameTimeline(bytes: Uint8Array, start: number, end: number, ts: number): void {
    walkFields(bytes, start, end, (f) => {
      if (f.wireType !== 2) return;
      const display = f.field === F.frameTimeline.actualDisplay;
      if (!display && f.field !== F.frameTimeline.actualSurface) return;
      const ints = new Map<number, number>();
      walkFields(bytes, f.start, f.end, (g) => {
        if (g.wireType === 0) ints.set(g.field, g.value);
      });
      this.coverage.frame_timeline++;
      this.push(KIND.frame, ts, this.store.frames.length);
      this.store.frames.push({
        token: ints.get(2) ?? 0,
        pid: ints.get(display ? 3 : 4) ?? 0,
        presentType: ints.get(display ? 4 : 6) ?? 0,
        jankType: ints.get(display ? 7 : 9) ?? 0,
      });
    });
  }

  finish(): DecodedTrace {
    return {
      store: this.store,
      order: this.store.timeOrder(),
      coverage: this.coverage,
      threadNames: this.threads.names,
      tgids: this.threads.tgids,
      cmdlines: this.threads.cmdlines,
      trackEventPackets: this.trackEventPackets,
    };
  }
}
