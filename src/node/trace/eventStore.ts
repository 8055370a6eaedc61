// The decoded events as columns (no object per event): kind, timestamp and three numeric columns, sized from the
// trace's size (doubling when it is unknown, never past LIMITS.events), references to the packet bytes holding atrace
// slice names (decoded only when a finding quotes one), and a side list for the rare FrameTimeline frames.
// timeOrder() gives the stable time order the analysis walks.

/** Event kinds; the meaning of columns a/b/c per kind is in the comment. */
export const KIND = {
  /** a loss marker: ts only */
  loss: 0,
  /** sched_switch with prev_state 0 (preempted, still runnable): a = cpu, b = prev pid, c = next pid */
  switchRunnable: 1,
  /** sched_switch with any other prev_state (sleeping): a = cpu, b = prev pid, c = next pid */
  switchSleeping: 2,
  /** sched_wakeup: a = tid */
  wakeup: 3,
  /** atrace B|pid|name: a = tid, b/c = where the name's bytes are (EventStore.nameRef) */
  begin: 4,
  /** the same, the name starting with Choreographer#doFrame */
  beginDoFrame: 5,
  /** atrace E or E|...: a = tid */
  end: 6,
  /** any other print (counters, async slices): a = tid */
  print: 7,
  /** binder_transaction: a = tid, b = debug id, c = to_proc */
  binderSend: 8,
  /** binder_transaction_received: a = tid, b = debug id */
  binderRecv: 9,
  /** a FrameTimeline frame: a = index in `frames` */
  frame: 10,
} as const;

export interface TimelineFrame {
  pid: number;
  token: number;
  presentType: number;
  jankType: number;
}

const MIN_EVENTS = 1024;
/** No stored event takes fewer bytes of the trace (tags, lengths, a timestamp), so size / 6 bounds the count. */
const MIN_EVENT_BYTES = 6;
/** Above the longest print text read (LIMITS.printBytes), so a name's start and length pack into one number. */
const NAME_SPAN = 2048;
const nameDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

export class EventStore {
  count = 0;
  /** events that are not loss markers */
  observed = 0;
  kind: Uint8Array;
  ts: Float64Array;
  a: Float64Array;
  b: Float64Array;
  c: Float64Array;
  /** At most the smallest and at least the largest event time (a time written for a non-event only widens them). */
  minTs = Infinity;
  maxTs = 0;
  readonly frames: TimelineFrame[] = [];
  /** Packets holding slice names, and the last nameRef() result (source index, packed start and length). */
  private readonly sources: Uint8Array[] = [];
  private source: Uint8Array | null = null;
  private sourceIndex = -1;
  refSource = 0;
  refPacked = 0;

  /** `traceBytes`, the size of the whole trace when known, sizes the columns once instead of doubling them. */
  constructor(
    readonly maxEvents: number,
    traceBytes = 0,
  ) {
    const size = Math.max(MIN_EVENTS, Math.min(maxEvents, Math.ceil(traceBytes / MIN_EVENT_BYTES)));
    this.kind = new Uint8Array(size);
    this.ts = new Float64Array(size);
    this.a = new Float64Array(size);
    this.b = new Float64Array(size);
    this.c = new Float64Array(size);
  }

  /** Makes room for index `index` (< maxEvents); the columns double, never beyond maxEvents entries. */
  reserve(index: number): void {
    if (index < this.kind.length) return;
    let size = this.kind.length;
    while (size <= index) size *= 2;
    size = Math.min(size, this.maxEvents);
    const grow = <T extends Uint8Array | Float64Array>(column: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(column);
      return next;
    };
    this.kind = grow(this.kind, (n) => new Uint8Array(n));
    this.ts = grow(this.ts, (n) => new Float64Array(n));
    this.a = grow(this.a, (n) => new Float64Array(n));
    this.b = grow(this.b, (n) => new Float64Array(n));
    this.c = grow(this.c, (n) => new Float64Array(n));
  }

  /** Writes event `index` (the caller counts and checks the limit). */
  set(index: number, kind: number, ts: number, a: number, b: number, c: number): void {
    if (index >= this.kind.length) this.reserve(index);
    if (ts < this.minTs) this.minTs = ts;
    if (ts > this.maxTs) this.maxTs = ts;
    this.kind[index] = kind;
    this.ts[index] = ts;
    this.a[index] = a;
    this.b[index] = b;
    this.c[index] = c;
  }

  /** Writes the time of event `index`; put() then writes the rest. */
  time(index: number, ts: number): void {
    if (index >= this.kind.length) this.reserve(index);
    if (ts < this.minTs) this.minTs = ts;
    if (ts > this.maxTs) this.maxTs = ts;
    this.ts[index] = ts;
  }

  put(index: number, kind: number, a: number, b: number, c: number): void {
    this.kind[index] = kind;
    this.a[index] = a;
    this.b[index] = b;
    this.c[index] = c;
  }

  /**
   * Refers to the name bytes[start, end) of the packet being decoded without copying it: the packet's bytes are kept
   * (for the arena's b = source index, c = start * NAME_SPAN + length columns of a begin event).
   */
  nameRef(bytes: Uint8Array, start: number, end: number): void {
    if (this.source !== bytes) {
      this.source = bytes;
      this.sourceIndex = this.sources.push(bytes) - 1;
    }
    this.refSource = this.sourceIndex;
    this.refPacked = start * NAME_SPAN + (end - start);
  }

  /** The slice name of a begin event, decoded now (UTF-8 with replacement, as the rest of the print text). */
  name(index: number): string {
    const source = this.sources[this.b[index] ?? 0];
    const packed = this.c[index] ?? 0;
    const start = Math.floor(packed / NAME_SPAN);
    return nameDecoder.decode(source?.subarray(start, start + (packed % NAME_SPAN)));
  }

  /** Event indices in time order; equal timestamps keep the order the events were decoded in. */
  timeOrder(): Uint32Array {
    const packable =
      this.count <= INDEX_SPAN &&
      this.maxTs <= Number.MAX_SAFE_INTEGER &&
      this.maxTs - this.minTs < OFFSET_SPAN;
    return packable ? packedTimeOrder(this.ts, this.count, this.minTs) : stableTimeOrder(this.ts, this.count);
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const DIGITS = 4;
const RADIX = 1 << 16;
const WORD = 2 ** 32;

/** Indices below 2^20 (LIMITS.events is 500,000) and timestamp offsets below 2^44 ns (~4.9 h) pack into 64 bits. */
const INDEX_SPAN = 2 ** 20;
const OFFSET_SPAN = 2 ** 44;
const LOW_OFFSET_SPAN = 2 ** 12;

/**
 * As stableTimeOrder, for exact integer timestamps spanning less than OFFSET_SPAN and at most INDEX_SPAN events:
 * each event becomes the unique 64-bit key (ts - min) * 2^20 + index, sorted by the engine's native typed-array
 * sort (no comparator); equal timestamps order by index, which is the stable order.
 */
export function packedTimeOrder(ts: Float64Array, n: number, min: number): Uint32Array {
  const keys = new BigUint64Array(n);
  const words = new Uint32Array(keys.buffer);
  const lo = LITTLE_ENDIAN ? 0 : 1;
  const hi = 1 - lo;
  let sorted = true;
  let previous = -Infinity;
  for (let i = 0; i < n; i++) {
    const value = ts[i] ?? 0;
    if (value < previous) sorted = false;
    previous = value;
    const offset = value - min;
    const upper = Math.floor(offset / LOW_OFFSET_SPAN);
    words[2 * i + hi] = upper;
    words[2 * i + lo] = (offset - upper * LOW_OFFSET_SPAN) * INDEX_SPAN + i;
  }
  const order = new Uint32Array(n);
  if (sorted) {
    for (let i = 0; i < n; i++) order[i] = i;
    return order;
  }
  keys.sort();
  for (let i = 0; i < n; i++) order[i] = (words[2 * i + lo] ?? 0) % INDEX_SPAN;
  return order;
}

/**
 * Indices 0..n-1 of `ts` sorted by value, stable (equal values keep index order), as Array.prototype.sort with
 * (a, b) => a - b would give. Timestamps are finite and non-negative (varints): an LSD radix sort of 16-bit digits of
 * a 64-bit key, skipping digits all keys share. The key is the offset from the smallest timestamp when all are exact
 * integers (below 2^53; a trace's range then needs 2-3 digits), else the IEEE-754 bit pattern, which orders
 * non-negative doubles as their values. O(n), no comparator.
 */
export function stableTimeOrder(ts: Float64Array, n: number): Uint32Array {
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let sorted = true;
  let min = Infinity;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const value = ts[i] ?? 0;
    if (i > 0 && value < (ts[i - 1] ?? 0)) sorted = false;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (sorted) return order;
  const low = new Uint32Array(n);
  const high = new Uint32Array(n);
  if (max <= Number.MAX_SAFE_INTEGER) {
    for (let i = 0; i < n; i++) {
      const offset = (ts[i] ?? 0) - min;
      const upper = Math.floor(offset / WORD);
      high[i] = upper;
      low[i] = offset - upper * WORD;
    }
  } else {
    const words = new Uint32Array(ts.buffer, ts.byteOffset, n * 2);
    const lo = LITTLE_ENDIAN ? 0 : 1;
    for (let i = 0; i < n; i++) {
      low[i] = words[2 * i + lo] ?? 0;
      high[i] = words[2 * i + 1 - lo] ?? 0;
    }
  }
  const counts = new Uint32Array(DIGITS * RADIX);
  for (let i = 0; i < n; i++) {
    const l = low[i] ?? 0;
    const h = high[i] ?? 0;
    counts[l & 0xffff] = (counts[l & 0xffff] ?? 0) + 1;
    counts[RADIX + (l >>> 16)] = (counts[RADIX + (l >>> 16)] ?? 0) + 1;
    counts[2 * RADIX + (h & 0xffff)] = (counts[2 * RADIX + (h & 0xffff)] ?? 0) + 1;
    counts[3 * RADIX + (h >>> 16)] = (counts[3 * RADIX + (h >>> 16)] ?? 0) + 1;
  }
  let spare = new Uint32Array(n);
  for (let digit = 0; digit < DIGITS; digit++) {
    const base = digit * RADIX;
    const keys = digit < 2 ? low : high;
    const shift = digit % 2 === 0 ? 0 : 16;
    if (counts[base + (((keys[0] ?? 0) >>> shift) & 0xffff)] === n) continue;
    let total = 0;
    for (let d = 0; d < RADIX; d++) {
      const c = counts[base + d] ?? 0;
      counts[base + d] = total;
      total += c;
    }
    for (let i = 0; i < n; i++) {
      const index = order[i] ?? 0;
      const d = ((keys[index] ?? 0) >>> shift) & 0xffff;
      const slot = counts[base + d] ?? 0;
      counts[base + d] = slot + 1;
      spare[slot] = index;
    }
    const swap = order;
    order = spare;
    spare = swap;
  }
  return order;
}
