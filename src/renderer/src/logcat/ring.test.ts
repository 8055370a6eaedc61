import { describe, expect, it } from 'vitest';
import { LogRing, type RingLine } from './ring';

const line = (seq: number, redactions = 0): RingLine => ({
  seq,
  redactions,
  entry: { time: '', epoch_ms: null, pid: 1, tid: 1, uid: null, priority: 'I', tag: 'T', message: `m${seq}` },
});

describe('LogRing', () => {
  it('keeps at most capacity lines, evicting the oldest and their redaction counts', () => {
    const ring = new LogRing(3);
    ring.push([line(0, 2), line(1), line(2, 1)]);
    expect(ring.redactions).toBe(3);
    ring.push([line(3), line(4)]);
    expect(ring.size).toBe(3);
    expect(ring.evicted).toBe(2);
    expect([0, 1, 2].map((index) => ring.at(index)?.seq)).toEqual([2, 3, 4]);
    expect(ring.redactions).toBe(1);
    expect(ring.filter((held) => held.seq % 2 === 0)).toEqual([0, 2]);
    expect(ring.at(3)).toBeUndefined();
  });
});
