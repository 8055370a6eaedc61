// The pace at which a follow's lines leave the console's main side for a page: at most `maxLinesPerSecond` (a
// token bucket refilled by the clock, so a late timer sends what it owes in one go), in events of at most
// `maxLinesPerEvent` lines, in order. What cannot be sent waits, up to `backlogSeconds` worth of lines; beyond that
// the oldest waiting lines are skipped and the skip is recorded where it happened: the next event that carries the
// line after them has a marker at that index with the exact count. Nothing is dropped without a marker.
import type { LogcatLine, LogcatSkip } from '../../shared/api/logcatSchemas';

/** The default cap: above the 20,000 lines/s the viewer is benchmarked with, so that load is never skipped. */
export const DEFAULT_FOLLOW_MAX_LINES_PER_SECOND = 25_000;

export interface FollowPacerOptions {
  maxLinesPerSecond: number;
  maxLinesPerEvent: number;
  /** Lines waiting at most, in seconds at the cap (default 1). */
  backlogSeconds?: number;
  /** Lines waiting at most, as a count (overrides backlogSeconds). */
  maxBacklog?: number;
  /** The bucket holds at most this many seconds of sending (default 0.5): how far a late timer can catch up. */
  burstSeconds?: number;
  /**
   * Lines one take() sends at most, whatever the bucket holds (default: unbounded). The console's event stream
   * disconnects a client with more than 1 MiB unsent, so one turn must not write more than that at once.
   */
  maxLinesPerTake?: number;
  /** Monotonic ms (default performance.now). */
  now?: () => number;
}

/** One event's worth: lines in order, and the skips between them (`at` = index in `lines` the skip comes before). */
export interface PacedBatch {
  lines: LogcatLine[];
  skips: LogcatSkip[];
}

export class FollowPacer {
  private queue: LogcatLine[] = [];
  private head = 0;
  /** Lines skipped just before queue[head] (skips only ever happen at the head: the oldest go). */
  private skipAtHead = 0;
  private tokens: number;
  private last: number;
  /** Lines skipped so far. */
  skipped = 0;
  readonly maxLinesPerSecond: number;
  private readonly maxBacklog: number;
  private readonly maxTokens: number;
  private readonly now: () => number;

  constructor(private readonly options: FollowPacerOptions) {
    this.maxLinesPerSecond = options.maxLinesPerSecond;
    this.now = options.now ?? (() => performance.now());
    this.maxBacklog = Math.max(
      1,
      options.maxBacklog ?? Math.round(options.maxLinesPerSecond * (options.backlogSeconds ?? 1)),
    );
    this.maxTokens = Math.max(
      1,
      Math.min(
        options.maxLinesPerSecond * (options.burstSeconds ?? 0.5),
        options.maxLinesPerTake ?? Number.POSITIVE_INFINITY,
      ),
    );
    this.tokens = this.maxTokens;
    this.last = this.now();
  }

  /** Lines waiting to be sent. */
  get waiting(): number {
    return this.queue.length - this.head;
  }

  /** Queues lines (in order); beyond the backlog the oldest waiting lines are skipped (counted, marked). */
  push(lines: readonly LogcatLine[]): void {
    for (const line of lines) this.queue.push(line);
    const excess = this.waiting - this.maxBacklog;
    if (excess > 0) {
      this.head += excess;
      this.skipAtHead += excess;
      this.skipped += excess;
    }
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  /** The batches to send now: as many lines as the bucket allows, in events of at most maxLinesPerEvent. */
  take(): PacedBatch[] {
    const now = this.now();
    this.tokens = Math.min(
      this.maxTokens,
      this.tokens + ((now - this.last) / 1000) * this.options.maxLinesPerSecond,
    );
    this.last = now;
    const count = Math.min(this.waiting, Math.floor(this.tokens));
    this.tokens -= count;
    return this.batches(count);
  }

  /** Everything waiting, regardless of the cap (the follow is stopping), and any skip not yet reported. */
  takeAll(): PacedBatch[] {
    const batches = this.batches(this.waiting);
    if (this.skipAtHead > 0) {
      batches.push({ lines: [], skips: [{ at: 0, count: this.skipAtHead }] });
      this.skipAtHead = 0;
    }
    return batches;
  }

  private batches(count: number): PacedBatch[] {
    const out: PacedBatch[] = [];
    let left = count;
    while (left > 0) {
      const size = Math.min(left, this.options.maxLinesPerEvent);
      const skips: LogcatSkip[] = [];
      if (this.skipAtHead > 0) {
        skips.push({ at: 0, count: this.skipAtHead });
        this.skipAtHead = 0;
      }
      out.push({ lines: this.queue.slice(this.head, this.head + size), skips });
      this.head += size;
      left -= size;
    }
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    }
    return out;
  }
}
