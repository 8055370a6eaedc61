import { describe, expect, it } from 'vitest';
import { MS, TraceBuilder } from '../../test-support/traceBuilder';
import { analyzeTraceBytes } from './analyzeTrace';
import { EventStore, packedTimeOrder, stableTimeOrder } from './eventStore';

/** The order the analysis needs: Array.prototype.sort is stable, so equal times keep their index order. */
function reference(ts: Float64Array): number[] {
  return Array.from({ length: ts.length }, (_, i) => i).sort((a, b) => (ts[a] ?? 0) - (ts[b] ?? 0));
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function minimum(ts: Float64Array): number {
  return ts.reduce((a, b) => Math.min(a, b), Infinity);
}

describe('event time order', () => {
  it('the packed and radix orders equal a stable sort, ties included, for sorted, reversed and shuffled times', () => {
    const random = seeded(7);
    const cases: Float64Array[] = [
      Float64Array.from({ length: 1000 }, (_, i) => i * 10),
      Float64Array.from({ length: 1000 }, (_, i) => (1000 - i) * 10),
      // few distinct values: most comparisons are ties
      Float64Array.from({ length: 5000 }, () => 1e12 + Math.floor(random() * 20) * MS),
      // boot-time nanoseconds over two minutes, mostly ascending with late events
      Float64Array.from({ length: 20000 }, (_, i) => 5e12 + i * 6000 + (i % 97 === 0 ? 40 * MS : 0)),
    ];
    for (const ts of cases) {
      expect([...packedTimeOrder(ts, ts.length, minimum(ts))]).toEqual(reference(ts));
      expect([...stableTimeOrder(ts, ts.length)]).toEqual(reference(ts));
    }
  });

  it('the radix order handles times above 2^53 and ranges too wide to pack, as the store picks it', () => {
    const random = seeded(11);
    const huge = Float64Array.from({ length: 3000 }, () => 2 ** 60 + Math.floor(random() * 50) * 2 ** 12);
    expect([...stableTimeOrder(huge, huge.length)]).toEqual(reference(huge));
    const store = new EventStore(10_000);
    const wide = [2 ** 50, 0, 2 ** 45, 0, 7, 2 ** 50, 3];
    wide.forEach((ts, i) => store.set(i, 0, ts, 0, 0, 0));
    store.count = wide.length;
    expect([...store.timeOrder()]).toEqual(reference(Float64Array.from(wide)));
  });

  it('events with equal timestamps keep the order they were decoded in (file order), across CPU bundles', () => {
    // Decoded: E@200 (CPU 1), B@0 and E@100 (CPU 0), B@100 (CPU 1). In time order with ties in file order, the E at
    // 100 ms closes the first doFrame before the second begins; the other way round both would be mispaired.
    const bytes = new TraceBuilder()
      .ftrace(1, [{ ts: 200 * MS, kind: 'print', tid: 10, buf: 'E|10' }])
      .ftrace(0, [
        { ts: 0, kind: 'print', tid: 10, buf: 'B|10|Choreographer#doFrame 1' },
        { ts: 100 * MS, kind: 'print', tid: 10, buf: 'E|10' },
      ])
      .ftrace(1, [{ ts: 100 * MS, kind: 'print', tid: 10, buf: 'B|10|Choreographer#doFrame 2' }])
      .bytes();
    const result = analyzeTraceBytes(bytes);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.frames.map((frame) => [frame.ts_ns, frame.duration_ms])).toEqual([
      [0, 100],
      [100 * MS, 100],
    ]);
    expect(result.value.frame_anomalies.examples.map((example) => example.evidence)).toEqual([
      'Choreographer#doFrame 1 took 100.0 ms',
      'Choreographer#doFrame 2 took 100.0 ms',
    ]);
  });

  it('a trace spanning more than 2^44 ns is ordered by the radix sort with the same tie rule', () => {
    const late = 2 ** 45;
    const bytes = new TraceBuilder()
      .ftrace(0, [{ ts: late + 100 * MS, kind: 'print', tid: 10, buf: 'E|10' }])
      .ftrace(1, [
        { ts: late, kind: 'print', tid: 10, buf: 'B|10|Choreographer#doFrame late' },
        { ts: 0, kind: 'print', tid: 10, buf: 'B|10|Choreographer#doFrame early' },
        { ts: 30 * MS, kind: 'print', tid: 10, buf: 'E|10' },
      ])
      .bytes();
    const result = analyzeTraceBytes(bytes);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.frames.map((frame) => [frame.ts_ns, frame.duration_ms])).toEqual([
      [0, 30],
      [late, 100],
    ]);
  });
});
