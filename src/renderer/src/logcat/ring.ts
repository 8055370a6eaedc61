// The viewer's bounded line store: a ring of at most `capacity` lines (200,000 by default); the oldest go first.
import type { LogEntry } from '../../../shared/logcat/entry';

export const RING_CAPACITY = 200_000;

export interface RingLine {
  seq: number;
  entry: LogEntry;
  redactions: number;
  /**
   * A skip marker, not a device line: this many lines were skipped here because the follow's cap was exceeded
   * (`entry.message` says so; it always passes the query).
   */
  skipped?: number;
}

export class LogRing {
  private readonly slots: (RingLine | undefined)[];
  private start = 0;
  private count = 0;
  /** Lines pushed out because the ring was full. */
  evicted = 0;
  /** Sum of redactions over the lines held now. */
  redactions = 0;

  constructor(readonly capacity: number = RING_CAPACITY) {
    this.slots = new Array<RingLine | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(lines: readonly RingLine[]): void {
    for (const line of lines) {
      if (this.count === this.capacity) {
        const old = this.slots[this.start];
        if (old !== undefined) this.redactions -= old.redactions;
        this.slots[this.start] = line;
        this.start = (this.start + 1) % this.capacity;
        this.evicted += 1;
      } else {
        this.slots[(this.start + this.count) % this.capacity] = line;
        this.count += 1;
      }
      this.redactions += line.redactions;
    }
  }

  /** The line at `index` (0 = oldest held). */
  at(index: number): RingLine | undefined {
    if (index < 0 || index >= this.count) return undefined;
    return this.slots[(this.start + index) % this.capacity];
  }

  /** Indices of held lines that pass `keep`, oldest first. */
  filter(keep: (line: RingLine) => boolean): number[] {
    const indices: number[] = [];
    for (let index = 0; index < this.count; index += 1) {
      const line = this.slots[(this.start + index) % this.capacity];
      if (line !== undefined && keep(line)) indices.push(index);
    }
    return indices;
  }

  clear(): void {
    this.slots.fill(undefined);
    this.start = 0;
    this.count = 0;
    this.redactions = 0;
  }
}
