// The hot path: FtraceEventBundle -> FtraceEvent -> event body, walked inline (no callbacks, no per-field objects)
// with exactly walkFields' checks and in its order: a bundle's own fields are all read before its first event is
// decoded, an event's fields and then its body's fields before the event acts. Events go into the EventStore's
// columns; print names stay in their packet's bytes, thread names decoded only when they change.
import type { TraceCoverage } from '../../shared/trace/report';
import type { EventStore } from './eventStore';
import { KIND } from './eventStore';
import { LIMITS } from './limits';
import type { Threads } from './threads';
import { MAX_FIELDS_PER_MESSAGE, TraceError, malformed } from './wireReader';

const F = {
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
} as const;
/** Body fields 1-7 are all the decoder reads. */
const BODY_FIELDS = 8;
const DO_FRAME = [...'Choreographer#doFrame'].map((char) => char.charCodeAt(0));
const PIPE = 0x7c;
const segmentDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

function tooManyFields(): TraceError {
  return new TraceError('TRACE_LIMIT_EXCEEDED', `a message has more than ${MAX_FIELDS_PER_MESSAGE} fields`);
}

export class FtraceDecoder {
  // The cursor after the last read: the next position, a varint's value, a length-delimited field's range.
  private next = 0;
  private fieldNumber = 0;
  private wireType = 0;
  private value = 0;
  private start = 0;
  private end = 0;
  private eventStarts = new Int32Array(1024);
  private eventEnds = new Int32Array(1024);
  private readonly ints = new Float64Array(BODY_FIELDS);
  private readonly strStart = new Int32Array(BODY_FIELDS);
  private readonly strEnd = new Int32Array(BODY_FIELDS);
  /** The timestamp of the last event decode() produced. */
  private eventTs = 0;

  constructor(
    private readonly store: EventStore,
    private readonly coverage: TraceCoverage,
    private readonly threads: Threads,
  ) {}

  /** readVarint: sets `value` and `next` (no return value, so a large value is not boxed). */
  private varint(bytes: Uint8Array, pos: number, end: number): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (pos >= end) throw malformed('truncated varint');
      const byte = bytes[pos++] ?? 0;
      value += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) {
        this.next = pos;
        return value;
      }
      scale *= 128;
    }
    throw malformed('varint longer than 10 bytes');
  }

  /** The tag at `pos` (pos < end): sets `fieldNumber` and `wireType`, returns the position after it. */
  private tag(bytes: Uint8Array, pos: number, end: number): number {
    const byte = bytes[pos] ?? 0;
    if (byte < 0x80) {
      this.wireType = byte & 7;
      this.fieldNumber = byte >> 3;
      if (this.fieldNumber === 0) throw malformed('field number 0');
      return pos + 1;
    }
    const tag = this.varint(bytes, pos, end);
    this.wireType = tag % 8;
    this.fieldNumber = Math.floor(tag / 8);
    if (this.fieldNumber === 0) throw malformed('field number 0');
    return this.next;
  }

  /** The field after its tag at `pos`: sets `value` (varint) or `start`/`end` (length-delimited); returns its end. */
  private field(bytes: Uint8Array, pos: number, end: number, wireType: number): number {
    switch (wireType) {
      case 0: {
        // readVarint inline: a multi-byte value (a timestamp) goes straight into `value`, never boxed as a return.
        // Both start as doubles (-0, and 1 computed from it) so that V8's type feedback here is floating point from
        // the first varint: with small-integer feedback the optimised decoder deoptimises, and is compiled again with
        // all it inlined, at the first value above 2^31. The sum is unchanged: -0 + x is x, and +0 when x is +0.
        let value = -0;
        let scale = value + 1;
        for (let i = 0; i < 10; i++) {
          if (pos >= end) throw malformed('truncated varint');
          const byte = bytes[pos++] ?? 0;
          value += (byte & 0x7f) * scale;
          if ((byte & 0x80) === 0) {
            this.value = value;
            return pos;
          }
          scale *= 128;
        }
        throw malformed('varint longer than 10 bytes');
      }
      case 1:
        if (pos + 8 > end) throw malformed('truncated fixed64');
        return pos + 8;
      case 2: {
        const byte = pos < end ? (bytes[pos] ?? 0x80) : 0x80;
        let length = byte;
        let start = pos + 1;
        if (byte >= 0x80) {
          length = this.varint(bytes, pos, end);
          start = this.next;
        }
        if (start + length > end) throw malformed('length-delimited field runs past its message');
        this.start = start;
        this.end = start + length;
        return start + length;
      }
      case 5:
        if (pos + 4 > end) throw malformed('truncated fixed32');
        return pos + 4;
      default:
        throw malformed(`wire type ${wireType} (groups are not supported)`);
    }
  }

  /** One FtraceEventBundle at bytes[start, end). */
  bundle(bytes: Uint8Array, start: number, end: number): void {
    let cpu = 0;
    let lost = false;
    let compact = false;
    let clock = 0;
    let events = 0;
    let pos = start;
    let count = 0;
    while (pos < end) {
      if (++count > MAX_FIELDS_PER_MESSAGE) throw tooManyFields();
      pos = this.tag(bytes, pos, end);
      const wireType = this.wireType;
      const field = this.fieldNumber;
      pos = this.field(bytes, pos, end, wireType);
      if (field === F.bundle.cpu && wireType === 0) cpu = this.value;
      else if (field === F.bundle.event && wireType === 2) {
        if (events === this.eventStarts.length) this.growEvents();
        this.eventStarts[events] = this.start;
        this.eventEnds[events] = this.end;
        events++;
      } else if (field === F.bundle.lostEvents && wireType === 0) lost = lost || this.value !== 0;
      else if (field === F.bundle.compactSched) compact = true;
      else if (field === F.bundle.ftraceClock && wireType === 0) clock = this.value;
    }
    if (cpu > LIMITS.cpu)
      throw new TraceError('TRACE_MALFORMED', `malformed trace: CPU index ${cpu} above ${LIMITS.cpu}`);
    if (clock !== 0) {
      this.coverage.unsupported_clock_bundles++;
      return;
    }
    // A lossy bundle's marker goes before its events (slot `base`), at the earliest of their timestamps.
    const store = this.store;
    const lossy = lost || compact;
    const base = store.count;
    const first = lossy ? base + 1 : base;
    let index = first;
    let earliest = Infinity;
    for (let i = 0; i < events; i++) {
      if (this.event(bytes, this.eventStarts[i] ?? 0, this.eventEnds[i] ?? 0, cpu, index)) {
        index++;
        if (this.eventTs < earliest) earliest = this.eventTs;
      }
    }
    const decoded = index - first;
    let total = base + decoded;
    if (lossy) {
      if (compact) this.coverage.unsupported_compact_bundles++;
      if (decoded === 0) this.coverage.unlocated_loss_markers++;
      else {
        this.coverage.lost_markers++;
        if (base >= LIMITS.events) throw eventLimit();
        store.set(base, KIND.loss, earliest, 0, 0, 0);
        total++;
      }
    }
    if (total > LIMITS.events) throw eventLimit();
    store.count = total;
    store.observed += decoded;
  }

  private growEvents(): void {
    const starts = new Int32Array(this.eventStarts.length * 2);
    const ends = new Int32Array(this.eventEnds.length * 2);
    starts.set(this.eventStarts);
    ends.set(this.eventEnds);
    this.eventStarts = starts;
    this.eventEnds = ends;
  }

  /** One FtraceEvent; stores it at `index` (when below the event budget) and returns true if it is an event. */
  private event(bytes: Uint8Array, start: number, end: number, cpu: number, index: number): boolean {
    let ts = 0;
    let hasTs = false;
    let tid = 0;
    let bodyField = 0;
    let bodyStart = 0;
    let bodyEnd = 0;
    let pos = start;
    let count = 0;
    while (pos < end) {
      if (++count > MAX_FIELDS_PER_MESSAGE) throw tooManyFields();
      pos = this.tag(bytes, pos, end);
      const wireType = this.wireType;
      const field = this.fieldNumber;
      pos = this.field(bytes, pos, end, wireType);
      if (field === F.event.ts && wireType === 0) {
        ts = this.value;
        hasTs = true;
      } else if (field === F.event.pid && wireType === 0) tid = this.value;
      else if (wireType === 2 && field >= 3) {
        bodyField = field;
        bodyStart = this.start;
        bodyEnd = this.end;
      }
    }
    if (!hasTs || bodyField === 0) return false;
    const ints = this.ints;
    const strStart = this.strStart;
    const strEnd = this.strEnd;
    for (let i = 1; i < BODY_FIELDS; i++) {
      ints[i] = -1;
      strStart[i] = -1;
    }
    pos = bodyStart;
    count = 0;
    while (pos < bodyEnd) {
      if (++count > MAX_FIELDS_PER_MESSAGE) throw tooManyFields();
      pos = this.tag(bytes, pos, bodyEnd);
      const wireType = this.wireType;
      const field = this.fieldNumber;
      pos = this.field(bytes, pos, bodyEnd, wireType);
      if (field >= BODY_FIELDS) continue;
      if (wireType === 0) ints[field] = this.value;
      else if (wireType === 2) {
        strStart[field] = this.start;
        strEnd[field] = this.end;
      }
    }
    const store = this.store;
    const keep = index < store.maxEvents;
    // The time goes in first (an event that turns out not to be one leaves it to be overwritten): the store
    // methods then take no floating-point argument, which would be boxed on each call.
    if (keep) store.time(index, ts);
    this.eventTs = ts;
    switch (bodyField) {
      case F.event.schedSwitch: {
        this.coverage.sched_switch++;
        const prevPid = Math.max(ints[2] ?? 0, 0);
        const nextPid = Math.max(ints[6] ?? 0, 0);
        const prevComm = strStart[1] ?? -1;
        const nextComm = strStart[5] ?? -1;
        if (prevPid !== 0 && prevComm >= 0) this.threads.setName(prevPid, bytes, prevComm, strEnd[1] ?? 0);
        if (nextPid !== 0 && nextComm >= 0) this.threads.setName(nextPid, bytes, nextComm, strEnd[5] ?? 0);
        const kind = Math.max(ints[4] ?? 0, 0) === 0 ? KIND.switchRunnable : KIND.switchSleeping;
        if (keep) store.put(index, kind, cpu, prevPid, nextPid);
        return true;
      }
      case F.event.schedWakeup: {
        this.coverage.sched_wakeup++;
        const pid = Math.max(ints[2] ?? 0, 0);
        if (ints[4] === 0) return false;
        const comm = strStart[1] ?? -1;
        if (pid !== 0 && comm >= 0 && !this.threads.names.has(pid)) {
          this.threads.setName(pid, bytes, comm, strEnd[1] ?? 0);
        }
        if (keep) store.put(index, KIND.wakeup, pid, 0, 0);
        return true;
      }
      case F.event.print: {
        const textStart = strStart[2] ?? -1;
        const textEnd = strEnd[2] ?? -1;
        if (textStart < 0 || textEnd - textStart > LIMITS.printBytes) return false;
        this.coverage.atrace++;
        this.print(bytes, textStart, textEnd, tid, keep ? index : -1);
        return true;
      }
      case F.event.binderTransaction:
        this.coverage.binder_transaction++;
        if (keep)
          store.put(index, KIND.binderSend, tid, Math.max(ints[1] ?? 0, 0), Math.max(ints[3] ?? 0, 0));
        return true;
      case F.event.binderReceived:
        this.coverage.binder_received++;
        if (keep) store.put(index, KIND.binderRecv, tid, Math.max(ints[1] ?? 0, 0), 0);
        return true;
      default:
        return false;
    }
  }

  /**
   * An ftrace print as its UTF-8 text would read (a leading BOM dropped, one trailing newline cut), without decoding
   * it: 'B|pid|name' notes the tgid and keeps the name's bytes, 'E' or 'E|...' ends a slice. `|` is ASCII, so the
   * text's split('|') parts are the bytes between 0x7c bytes.
   */
  private print(bytes: Uint8Array, start: number, end: number, tid: number, index: number): void {
    let s = start;
    let e = end;
    if (e > s && bytes[e - 1] === 0x0a) e--;
    if (e - s >= 3 && bytes[s] === 0xef && bytes[s + 1] === 0xbb && bytes[s + 2] === 0xbf) s += 3;
    const first = e > s ? (bytes[s] ?? -1) : -1;
    const second = e > s + 1 ? (bytes[s + 1] ?? -1) : -1;
    const store = this.store;
    if (first === 0x42 && second === PIPE) {
      const pidStart = s + 2;
      let pidEnd = pidStart;
      while (pidEnd < e && bytes[pidEnd] !== PIPE) pidEnd++;
      const pid = parsePid(bytes, pidStart, pidEnd);
      if (Number.isSafeInteger(pid) && pid > 0 && tid !== 0) this.threads.setTgid(tid, pid);
      if (index < 0) return;
      const nameStart = pidEnd < e ? pidEnd + 1 : e;
      store.nameRef(bytes, nameStart, e);
      const kind = startsWith(bytes, nameStart, e, DO_FRAME) ? KIND.beginDoFrame : KIND.begin;
      store.put(index, kind, tid, store.refSource, store.refPacked);
    } else if (index >= 0) {
      const isEnd = first === 0x45 && (e - s === 1 || second === PIPE);
      store.put(index, isEnd ? KIND.end : KIND.print, tid, 0, 0);
    }
  }
}

function eventLimit(): TraceError {
  return new TraceError('TRACE_LIMIT_EXCEEDED', `the trace has more than ${LIMITS.events} events`);
}

/** Number.parseInt(segment, 10) of the text bytes[start, end), without decoding plain digits. */
function parsePid(bytes: Uint8Array, start: number, end: number): number {
  if (end > start && end - start <= 15) {
    let value = 0;
    let i = start;
    for (; i < end; i++) {
      const byte = bytes[i] ?? 0;
      if (byte < 0x30 || byte > 0x39) break;
      value = value * 10 + (byte - 0x30);
    }
    if (i === end) return value;
  }
  return Number.parseInt(segmentDecoder.decode(bytes.subarray(start, end)), 10);
}

function startsWith(bytes: Uint8Array, start: number, end: number, prefix: number[]): boolean {
  if (end - start < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[start + i] !== prefix[i]) return false;
  return true;
}
