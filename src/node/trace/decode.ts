// Decodes TracePackets into analysis events (reference 8.4 field table; Perfetto v48.1 field numbers written here).
import type { TraceCoverage } from '../../shared/trace/report';
import { COVERAGE_KEYS } from '../../shared/trace/report';
import { TraceError, readString, walkFields } from './wireReader';

export const LIMITS = {
  fileBytes: 64 * 1024 * 1024,
  packetBytes: 4 * 1024 * 1024,
  packets: 100_000,
  events: 500_000,
  threads: 32_768,
  cpu: 4095,
  printBytes: 1024,
} as const;

const F = {
  packet: {
    ftrace: 1,
    processTree: 2,
    timestamp: 8,
    previousPacketDropped: 42,
    clockId: 58,
    frameTimeline: 76,
  },
  compressed: [50, 133],
  bundle: { cpu: 1, event: 2, lostEvents: 3, compactSched: 4, ftraceClock: 5 },
  event: {
    ts: 1,
    pid: 2,
    print: 3,
    schedSwitch: 4,
    schedWakeup: 17,
    binderTransaction: 50,
    binderReceived: 51,
  },
  tree: { process: 1, thread: 2 },
  frameTimeline: { actualDisplay: 2, actualSurface: 4 },
} as const;
const BOOTTIME = 6;
const BODY_FIELDS = 8;
const utf8 = new TextDecoder();

export type TraceEvent =
  | { kind: 'loss'; ts: number }
  | { kind: 'switch'; ts: number; cpu: number; prevPid: number; prevState: number; nextPid: number }
  | { kind: 'wakeup'; ts: number; tid: number }
  | { kind: 'print'; ts: number; tid: number; text: string }
  | {
      kind: 'binder_send';
      ts: number;
      tid: number;
      id: number;
      toProc: number;
      reply: boolean;
      oneway: boolean;
    }
  | { kind: 'binder_recv'; ts: number; tid: number; id: number }
  | { kind: 'frame'; ts: number; pid: number; token: number; presentType: number; jankType: number };

export interface DecodedTrace {
  events: TraceEvent[];
  coverage: TraceCoverage;
  threadNames: Map<number, string>;
  tgids: Map<number, number>;
  cmdlines: Map<number, string>;
}

function limit(message: string): TraceError {
  return new TraceError('TRACE_LIMIT_EXCEEDED', message);
}

/** Accumulates events from packets handed in one at a time. */
export class TraceDecoder {
  readonly events: TraceEvent[] = [];
  readonly coverage = Object.fromEntries(COVERAGE_KEYS.map((key) => [key, 0])) as unknown as TraceCoverage;
  readonly threadNames = new Map<number, string>();
  readonly tgids = new Map<number, number>();
  readonly cmdlines = new Map<number, string>();
  private readonly known = new Set<number>();
  private readonly ints = new Array<number>(BODY_FIELDS).fill(-1);
  private readonly strStart = new Array<number>(BODY_FIELDS).fill(-1);
  private readonly strEnd = new Array<number>(BODY_FIELDS).fill(-1);

  private push(event: TraceEvent): void {
    if (this.events.length >= LIMITS.events) throw limit(`the trace has more than ${LIMITS.events} events`);
    this.events.push(event);
  }

  private noteThread(tid: number): void {
    if (this.known.has(tid)) return;
    if (this.known.size >= LIMITS.threads) {
      throw limit(`the trace has more than ${LIMITS.threads} threads and processes`);
    }
    this.known.add(tid);
  }

  setName(tid: number, name: string): void {
    this.noteThread(tid);
    this.threadNames.set(tid, name);
  }

  setTgid(tid: number, tgid: number): void {
    this.noteThread(tid);
    this.tgids.set(tid, tgid);
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
      if (body.field === F.packet.ftrace) this.bundle(bytes, body.start, body.end);
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
      this.push({ kind: 'loss', ts });
    }
  }

  private bundle(bytes: Uint8Array, start: number, end: number): void {
    let cpu = 0;
    let lost = false;
    let compact = false;
    let clock = 0;
    const events: [number, number][] = [];
    walkFields(bytes, start, end, (f) => {
      if (f.field === F.bundle.cpu && f.wireType === 0) cpu = f.value;
      else if (f.field === F.bundle.event && f.wireType === 2) events.push([f.start, f.end]);
      else if (f.field === F.bundle.lostEvents && f.wireType === 0) lost = lost || f.value !== 0;
      else if (f.field === F.bundle.compactSched) compact = true;
      else if (f.field === F.bundle.ftraceClock && f.wireType === 0) clock = f.value;
    });
    if (cpu > LIMITS.cpu)
      throw new TraceError('TRACE_MALFORMED', `malformed trace: CPU index ${cpu} above ${LIMITS.cpu}`);
    if (clock !== 0) {
      this.coverage.unsupported_clock_bundles++;
      return;
    }
    const decoded: TraceEvent[] = [];
    for (const [s, e] of events) this.ftraceEvent(bytes, s, e, cpu, decoded);
    if (lost || compact) {
      if (compact) this.coverage.unsupported_compact_bundles++;
      this.loss(decoded.length > 0 ? Math.min(...decoded.map((event) => event.ts)) : null);
    }
    for (const event of decoded) this.push(event);
  }

  private ftraceEvent(bytes: Uint8Array, start: number, end: number, cpu: number, out: TraceEvent[]): void {
    let ts: number | null = null;
    let tid = 0;
    let body: { field: number; start: number; end: number } | null = null;
    walkFields(bytes, start, end, (f) => {
      if (f.field === F.event.ts && f.wireType === 0) ts = f.value;
      else if (f.field === F.event.pid && f.wireType === 0) tid = f.value;
      else if (f.wireType === 2 && f.field >= 3) body = { field: f.field, start: f.start, end: f.end };
    });
    if (ts === null || body === null) return;
    const at: number = ts;
    const b: { field: number; start: number; end: number } = body;
    // Body fields 1-7 are all the decoder reads: kept in reused arrays instead of a Map per event.
    const ints = this.ints;
    const strStart = this.strStart;
    const strEnd = this.strEnd;
    ints.fill(-1);
    strStart.fill(-1);
    walkFields(bytes, b.start, b.end, (f) => {
      if (f.field >= BODY_FIELDS) return;
      if (f.wireType === 0) ints[f.field] = f.value;
      else if (f.wireType === 2) {
        strStart[f.field] = f.start;
        strEnd[f.field] = f.end;
      }
    });
    const str = (n: number): string | null => {
      const start = strStart[n] ?? -1;
      return start < 0 ? null : readString(bytes, start, strEnd[n] ?? start);
    };
    const int = (n: number): number => Math.max(ints[n] ?? 0, 0);
    switch (b.field) {
      case F.event.schedSwitch: {
        this.coverage.sched_switch++;
        const prevPid = int(2);
        const nextPid = int(6);
        const prevComm = str(1);
        const nextComm = str(5);
        if (prevPid !== 0 && prevComm !== null) this.setName(prevPid, prevComm);
        if (nextPid !== 0 && nextComm !== null) this.setName(nextPid, nextComm);
        out.push({ kind: 'switch', ts: at, cpu, prevPid, prevState: int(4), nextPid });
        break;
      }
      case F.event.schedWakeup: {
        this.coverage.sched_wakeup++;
        const pid = int(2);
        if (ints[4] === 0) break;
        const comm = str(1);
        if (pid !== 0 && comm !== null && !this.threadNames.has(pid)) this.setName(pid, comm);
        out.push({ kind: 'wakeup', ts: at, tid: pid });
        break;
      }
      case F.event.print: {
        const start = strStart[2] ?? -1;
        const end = strEnd[2] ?? -1;
        if (start < 0 || end - start > LIMITS.printBytes) break;
        this.coverage.atrace++;
        const text = utf8.decode(bytes.subarray(start, end)).replace(/\n$/, '');
        if (text.startsWith('B|')) {
          const pid = Number.parseInt(text.split('|')[1] ?? '', 10);
          if (Number.isSafeInteger(pid) && pid > 0 && tid !== 0) this.setTgid(tid, pid);
        }
        out.push({ kind: 'print', ts: at, tid, text });
        break;
      }
      case F.event.binderTransaction:
        this.coverage.binder_transaction++;
        out.push({
          kind: 'binder_send',
          ts: at,
          tid,
          id: int(1),
          toProc: int(3),
          reply: int(5) !== 0,
          oneway: (int(7) & 1) !== 0,
        });
        break;
      case F.event.binderReceived:
        this.coverage.binder_received++;
        out.push({ kind: 'binder_recv', ts: at, tid, id: int(1) });
        break;
      default:
        break;
    }
  }

  private processTree(bytes: Uint8Array, start: number, end: number): void {
    walkFields(bytes, start, end, (f) => {
      if (f.wireType !== 2) return;
      let id = 0;
      let name: string | null = null;
      let tgid = 0;
      walkFields(bytes, f.start, f.end, (g) => {
        if (g.field === 1 && g.wireType === 0) id = g.value;
        else if (f.field === F.tree.process && g.field === 3 && g.wireType === 2 && name === null) {
          name = readString(bytes, g.start, g.end);
        } else if (f.field === F.tree.thread && g.field === 2 && g.wireType === 2) {
          name = readString(bytes, g.start, g.end);
        } else if (f.field === F.tree.thread && g.field === 3 && g.wireType === 0) tgid = g.value;
      });
      if (id === 0) return;
      if (f.field === F.tree.process) {
        this.noteThread(id);
        if (name !== null) this.cmdlines.set(id, name);
        this.tgids.set(id, id);
      } else if (f.field === F.tree.thread) {
        if (name !== null) this.setName(id, name);
        if (tgid !== 0) this.setTgid(id, tgid);
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
      this.push({
        kind: 'frame',
        ts,
        token: ints.get(2) ?? 0,
        pid: ints.get(display ? 3 : 4) ?? 0,
        presentType: ints.get(display ? 4 : 6) ?? 0,
        jankType: ints.get(display ? 7 : 9) ?? 0,
      });
    });
  }

  finish(): DecodedTrace {
    this.events.sort((a, b) => a.ts - b.ts);
    return {
      events: this.events,
      coverage: this.coverage,
      threadNames: this.threadNames,
      tgids: this.tgids,
      cmdlines: this.cmdlines,
    };
  }
}
