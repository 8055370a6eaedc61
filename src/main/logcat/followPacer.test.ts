import { describe, expect, it } from 'vitest';
import type { LogcatLine } from '../../shared/api/logcatSchemas';
import { FollowPacer, type PacedBatch } from './followPacer';

function lines(from: number, count: number): LogcatLine[] {
  return Array.from({ length: count }, (_unused, offset) => ({
    seq: from + offset,
    entry: {
      time: '12-03 15:00:00.000',
      epoch_ms: null,
      pid: 100,
      tid: 100,
      uid: null,
      priority: 'D' as const,
      tag: 'Pace',
      message: `line ${from + offset}`,
    },
    redactions: 0,
  }));
}

/** A pacer on a hand-moved clock. */
function pacer(maxLinesPerSecond: number, maxLinesPerEvent = 1000) {
  let now = 0;
  const paced = new FollowPacer({
    maxLinesPerSecond,
    maxLinesPerEvent,
    backlogSeconds: 1,
    burstSeconds: 0.5,
    now: () => now,
  });
  return {
    paced,
    advance(ms: number) {
      now += ms;
    },
  };
}

const seqs = (batches: PacedBatch[]): number[] =>
  batches.flatMap((batch) => batch.lines.map((line) => line.seq));
const skipTotal = (batches: PacedBatch[]): number =>
  batches.flatMap((batch) => batch.skips).reduce((sum, skip) => sum + skip.count, 0);

describe('FollowPacer', () => {
  it('sends every line in order, in events of at most maxLinesPerEvent, while below the cap', () => {
    const { paced, advance } = pacer(10_000, 300);
    const sent: PacedBatch[] = [];
    let seq = 0;
    // 8,000 lines/s for 3 s in 50 ms ticks: 400 lines a tick.
    for (let tick = 0; tick < 60; tick += 1) {
      paced.push(lines(seq, 400));
      seq += 400;
      advance(50);
      sent.push(...paced.take());
    }
    sent.push(...paced.takeAll());
    expect(seqs(sent)).toEqual(Array.from({ length: seq }, (_unused, index) => index));
    expect(Math.max(...sent.map((batch) => batch.lines.length))).toBeLessThanOrEqual(300);
    expect(skipTotal(sent)).toBe(0);
    expect(paced.skipped).toBe(0);
  });

  it('a late tick sends what the bucket owes in one go (bounded by the burst)', () => {
    const { paced, advance } = pacer(1000);
    paced.push(lines(0, 900));
    advance(300);
    // The bucket holds at most 0.5 s at the cap however late the tick: 500 lines now, the rest wait.
    expect(seqs(paced.take())).toEqual(Array.from({ length: 500 }, (_unused, index) => index));
    expect(paced.waiting).toBe(400);
    advance(100);
    // Emptied, then 100 ms of refill: the next 100 lines.
    expect(seqs(paced.take())).toEqual(Array.from({ length: 100 }, (_unused, index) => 500 + index));
  });

  it('one take sends at most maxLinesPerTake lines however late it comes (the event stream buffers 1 MiB)', () => {
    let now = 0;
    const paced = new FollowPacer({
      maxLinesPerSecond: 20_000,
      maxLinesPerEvent: 1500,
      maxLinesPerTake: 3000,
      now: () => now,
    });
    paced.push(lines(0, 8000));
    now += 400;
    const first = paced.take();
    expect(first.map((batch) => batch.lines.length)).toEqual([1500, 1500]);
    now += 50;
    // 50 ms at 20,000 lines/s: 1,000 more, in order after the first 3,000.
    expect(seqs(paced.take())).toEqual(Array.from({ length: 1000 }, (_unused, index) => 3000 + index));
  });

  it('beyond a second of backlog skips the oldest waiting lines and marks exactly how many, where', () => {
    const { paced, advance } = pacer(1000);
    const sent: PacedBatch[] = [];
    let seq = 0;
    // 3,000 lines/s for 4 s against a 1,000 lines/s cap.
    for (let tick = 0; tick < 40; tick += 1) {
      paced.push(lines(seq, 300));
      seq += 300;
      advance(100);
      sent.push(...paced.take());
    }
    sent.push(...paced.takeAll());
    const got = seqs(sent);
    // In order, no line twice, and every line is either sent or counted in a marker.
    expect([...got].sort((a, b) => a - b)).toEqual(got);
    expect(new Set(got).size).toBe(got.length);
    expect(got.length + skipTotal(sent)).toBe(seq);
    expect(skipTotal(sent)).toBe(paced.skipped);
    expect(paced.skipped).toBeGreaterThan(0);
    // Each marker sits where the gap is: the line after it is the first unsent line past the gap.
    let previous = -1;
    for (const batch of sent) {
      batch.lines.forEach((line, index) => {
        const marked = batch.skips
          .filter((skip) => skip.at === index)
          .reduce((sum, skip) => sum + skip.count, 0);
        expect(line.seq - previous - 1).toBe(marked);
        previous = line.seq;
      });
    }
    // Sent: 300 + 300 (the full bucket), then 100 a tick for 38 ticks, then the 900 waiting when it stops.
    expect(got.length).toBe(600 + 3800 + 900);
  });

  it('a skip with nothing left to send is still reported when the follow stops', () => {
    const { paced } = pacer(10);
    paced.push(lines(0, 25));
    // Backlog is 10 lines: 15 skipped before line 15.
    const last = paced.takeAll();
    expect(seqs(last)).toEqual(Array.from({ length: 10 }, (_unused, index) => 15 + index));
    expect(last[0]?.skips).toEqual([{ at: 0, count: 15 }]);
    expect(paced.takeAll()).toEqual([]);
  });
});
