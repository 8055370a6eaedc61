// The analyser's budgets at their edges (reference 8.4): exactly at each limit is analysed, one past it is refused
// with TRACE_LIMIT_EXCEEDED / TRACE_TOO_LARGE (analyzeTrace.test.ts covers far-over-limit inputs).
import { describe, expect, it } from 'vitest';
import { TraceBuilder } from '../../test-support/traceBuilder';
import { analyzeTraceBytes } from './analyzeTrace';
import { LIMITS } from './limits';

const outcome = (bytes: Uint8Array) => {
  const result = analyzeTraceBytes(bytes);
  return result.ok ? 'ok' : result.error.code;
};

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

/** One TracePacket (Trace field 1) of exactly `size` bytes: a single unknown length-delimited field (15) inside. */
function packetOf(size: number): Buffer {
  const lengthBytes = varint(size - 1 - varint(size - 1 - 3).length).length;
  const payload = size - 1 - lengthBytes;
  const inner = Buffer.concat([Buffer.from([0x7a, ...varint(payload)]), Buffer.alloc(payload)]);
  if (inner.length !== size) throw new Error(`packet is ${inner.length} bytes, not ${size}`);
  return Buffer.concat([Buffer.from([0x0a, ...varint(size)]), inner]);
}

/** `count` ftrace wakeups, 50,000 per bundle packet (a message holds at most 100,000 fields). */
function wakeups(count: number): Buffer {
  const builder = new TraceBuilder();
  for (let first = 0; first < count; first += 50_000) {
    const length = Math.min(50_000, count - first);
    builder.ftrace(
      0,
      Array.from({ length }, (_, i) => ({ ts: first + i, kind: 'wakeup' as const, pid: 10 })),
    );
  }
  return builder.bytes();
}

describe('limits at their edges', () => {
  it('a packet of exactly 4 MiB is read; 4 MiB + 1 is TRACE_TOO_LARGE', () => {
    expect(outcome(packetOf(LIMITS.packetBytes))).toBe('ok');
    expect(outcome(packetOf(LIMITS.packetBytes + 1))).toBe('TRACE_TOO_LARGE');
  });

  it('100,000 packets are read; 100,001 are TRACE_LIMIT_EXCEEDED', () => {
    const empty = (count: number) => Buffer.from(Array.from({ length: count }, () => [0x0a, 0x00]).flat());
    expect(outcome(empty(LIMITS.packets))).toBe('ok');
    expect(outcome(empty(LIMITS.packets + 1))).toBe('TRACE_LIMIT_EXCEEDED');
  });

  it('500,000 events are analysed; 500,001 are TRACE_LIMIT_EXCEEDED', () => {
    const result = analyzeTraceBytes(wakeups(LIMITS.events));
    expect(result).toMatchObject({ ok: true, value: { coverage: { sched_wakeup: LIMITS.events } } });
    expect(outcome(wakeups(LIMITS.events + 1))).toBe('TRACE_LIMIT_EXCEEDED');
  });

  it('32,768 threads are analysed; 32,769 are TRACE_LIMIT_EXCEEDED', () => {
    const threads = (count: number) =>
      new TraceBuilder()
        .processTree(
          [],
          Array.from({ length: count }, (_, i) => ({ tid: 100 + i, name: 'w', tgid: 100 })),
        )
        .bytes();
    expect(outcome(threads(LIMITS.threads))).toBe('ok');
    expect(outcome(threads(LIMITS.threads + 1))).toBe('TRACE_LIMIT_EXCEEDED');
  });
});
