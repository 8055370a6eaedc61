// The viewer's lines outside React: the bounded ring (200,000 lines), the positions of the lines that pass the
// query (kept up to date batch by batch, rebuilt when the query changes), the pid -> process names the follow
// reported, and the export text. Positions are absolute (0 = the first line ever pushed), so eviction from the
// ring's front never renumbers what is shown. Time (a window preset or the query's `age:`) is not a per-line match:
// lines arrive in time order, so the rows older than the cutoff are a prefix of the matching positions, found by a
// binary search and dropped from the front as time passes (cheap, however many lines are held).
import type { LogcatLine, LogcatSkip } from '../../../shared/api/logcatSchemas';
import type { LogEntry } from '../../../shared/logcat/entry';
import { matchesLogQuery, parseLogQuery, type LogQuery } from '../../../shared/logcat/query';
import { LogRing, RING_CAPACITY, type RingLine } from './ring';

export const EMPTY_QUERY: LogQuery = parseLogQuery('');

/** A time-window preset: the last `ms`, or since a host time (a run's start). */
export type TimeWindow = { kind: 'last'; ms: number } | { kind: 'since'; hostMs: number };

/** The query's `age:` limit (the narrowest when several), or null. */
function ageLimitOf(query: LogQuery): number | null {
  let limit: number | null = null;
  for (const term of query.terms) if (term.kind === 'age') limit = Math.min(limit ?? term.ms, term.ms);
  return limit;
}

function hasPackageTerm(query: LogQuery): boolean {
  return query.terms.some((term) => term.kind === 'field' && term.key === 'package');
}

/** One line as `logcat -v threadtime` prints it. */
export function threadtimeLine(entry: LogEntry): string {
  const pid = String(entry.pid).padStart(5);
  const tid = String(entry.tid).padStart(5);
  return `${entry.time} ${pid} ${tid} ${entry.priority} ${entry.tag}: ${entry.message}`;
}

/** What a skip marker says. */
export function skipText(count: number, maxLinesPerSecond: number | undefined): string {
  const cap =
    maxLinesPerSecond === undefined ? '' : ` at ${maxLinesPerSecond.toLocaleString('en-US')} lines/s`;
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'line' : 'lines'} skipped: follow is capped${cap}`;
}

/**
 * A batch's lines with a marker row in front of each skip (`at` = the index of the line after it; a skip at the end
 * comes last). A marker carries the next line's time, so time windows keep it beside the lines around it.
 */
export function withSkipMarkers(
  lines: readonly LogcatLine[],
  skips: readonly LogcatSkip[] | undefined,
  maxLinesPerSecond: number | undefined,
): RingLine[] {
  if (skips === undefined || skips.length === 0) return [...lines];
  const out: RingLine[] = [];
  const marker = (count: number, next: LogcatLine | undefined): RingLine => ({
    seq: -1,
    skipped: count,
    redactions: 0,
    entry: {
      time: next?.entry.time ?? '',
      epoch_ms: next?.entry.epoch_ms ?? null,
      pid: 0,
      tid: 0,
      uid: null,
      priority: 'W',
      tag: '',
      message: skipText(count, maxLinesPerSecond),
    },
  });
  const byIndex = new Map<number, number>();
  for (const skip of skips) byIndex.set(skip.at, (byIndex.get(skip.at) ?? 0) + skip.count);
  lines.forEach((line, index) => {
    const count = byIndex.get(index);
    if (count !== undefined && count > 0) out.push(marker(count, line));
    out.push(line);
  });
  for (const [at, count] of byIndex) if (at >= lines.length && count > 0) out.push(marker(count, undefined));
  return out;
}

export class LogcatModel {
  readonly ring: LogRing;
  private positions: number[] = [];
  private head = 0;
  private readonly names = new Map<number, string>();
  private query: LogQuery = EMPTY_QUERY;
  /** The query without its `age:` terms (time is the window's business). */
  private matchQuery: LogQuery = EMPTY_QUERY;
  private ageMs: number | null = null;
  private window: TimeWindow | null = null;
  /** Device clock minus host clock, ms: time windows measure from the device's now. */
  private skewMs = 0;
  /** positions[windowHead] is the first row inside the time window (>= head). */
  private windowHead = 0;
  /** Matching rows that left the ring's front, or the time window, so far (the list shifts up by this many rows). */
  shiftedRows = 0;

  constructor(
    capacity: number = RING_CAPACITY,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.ring = new LogRing(capacity);
  }

  /** Skip markers pushed since the last clear (rows, not device lines). */
  private markers = 0;
  /** Their ring positions (ascending, since the last clear): a marker is always a row once past the window's start. */
  private markerPositions: number[] = [];

  /** Device lines pushed since the last clear (held or evicted; skip markers not counted). */
  get total(): number {
    return this.ring.evicted + this.ring.size - this.markers;
  }

  /** Rows that pass the query and the time window. */
  get rows(): number {
    return this.positions.length - this.windowHead;
  }

  /** The rows that are device lines ("N of M lines"): rows less the skip markers among them. */
  get lineRows(): number {
    const start = this.positions[this.windowHead];
    if (start === undefined) return 0;
    let low = 0;
    let high = this.markerPositions.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.markerPositions[middle] ?? 0) < start) low = middle + 1;
      else high = middle;
    }
    return this.rows - (this.markerPositions.length - low);
  }

  /** Whether a time window or an `age:` term is in effect. */
  get timed(): boolean {
    return this.window !== null || this.ageMs !== null;
  }

  /** The row at `index` (0 = oldest matching line held). */
  row(index: number): RingLine | undefined {
    const position = this.positions[this.windowHead + index];
    return position === undefined ? undefined : this.ring.at(position - this.ring.evicted);
  }

  packageOf(pid: number): string | undefined {
    return this.names.get(pid);
  }

  /** Process names that look like app packages (`com.example.mail`, not `surfaceflinger`), sorted, once each. */
  packages(): string[] {
    const names = new Set<string>();
    for (const name of this.names.values()) {
      const base = name.split(':')[0] ?? name;
      if (/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(base)) names.add(base);
    }
    return [...names].sort();
  }

  private matches(line: RingLine): boolean {
    if (this.matchQuery.terms.length === 0 || line.skipped !== undefined) return true;
    return matchesLogQuery(this.matchQuery, line.entry, {
      packageOf: (pid) => this.names.get(pid),
      nowMs: this.now() + this.skewMs,
    });
  }

  /** The device-clock epoch ms before which rows are outside the window, or null for no time limit. */
  private cutoffMs(): number | null {
    if (!this.timed) return null;
    const deviceNow = this.now() + this.skewMs;
    let cutoff = Number.NEGATIVE_INFINITY;
    if (this.ageMs !== null) cutoff = Math.max(cutoff, deviceNow - this.ageMs);
    if (this.window?.kind === 'last') cutoff = Math.max(cutoff, deviceNow - this.window.ms);
    if (this.window?.kind === 'since') cutoff = Math.max(cutoff, this.window.hostMs + this.skewMs);
    return cutoff;
  }

  /**
   * Moves the window's first row to the cutoff now (binary search over the matching rows, which are in time order;
   * lines without an epoch count as inside). Answers whether the rows changed.
   */
  refreshWindow(countShift = true): boolean {
    const before = this.windowHead;
    const cutoff = this.cutoffMs();
    let low = this.head;
    let high = this.positions.length;
    if (cutoff !== null)
      while (low < high) {
        const middle = (low + high) >>> 1;
        const line = this.ring.at((this.positions[middle] ?? 0) - this.ring.evicted);
        const epoch = line?.entry.epoch_ms ?? null;
        if (epoch !== null && epoch < cutoff) low = middle + 1;
        else high = middle;
      }
    this.windowHead = low;
    if (countShift && low > before) this.shiftedRows += low - before;
    return low !== before;
  }

  setWindow(window: TimeWindow | null): void {
    this.window = window;
    this.refreshWindow();
  }

  setClockSkew(ms: number): void {
    this.skewMs = ms;
    this.refreshWindow();
  }

  /** Adds a batch; answers how many of its lines pass the query. */
  push(lines: readonly RingLine[], processes: readonly { pid: number; name: string }[] = []): number {
    for (const process of processes) this.names.set(process.pid, process.name);
    const start = this.ring.evicted + this.ring.size;
    lines.forEach((line, index) => {
      if (line.skipped === undefined) return;
      this.markers += 1;
      this.markerPositions.push(start + index);
    });
    if (processes.length > 0 && hasPackageTerm(this.query)) {
      // New names can make held lines match a package: term: rebuild once, including this batch.
      this.ring.push(lines);
      const before = this.rows;
      this.rebuild();
      return Math.max(0, this.rows - before);
    }
    const first = this.ring.evicted + this.ring.size;
    this.ring.push(lines);
    let added = 0;
    lines.forEach((line, index) => {
      if (!this.matches(line)) return;
      this.positions.push(first + index);
      added += 1;
    });
    this.dropEvicted();
    if (this.timed) this.refreshWindow();
    return added;
  }

  private dropEvicted(): void {
    const evicted = this.ring.evicted;
    while (this.head < this.positions.length && (this.positions[this.head] ?? 0) < evicted) {
      // A row already outside the time window was counted when the window passed it.
      if (this.head >= this.windowHead) {
        this.shiftedRows += 1;
        this.windowHead = this.head + 1;
      }
      this.head += 1;
    }
    if (this.head > 65_536 && this.head * 2 > this.positions.length) {
      this.positions = this.positions.slice(this.head);
      this.windowHead -= this.head;
      this.head = 0;
    }
  }

  setQuery(query: LogQuery): void {
    this.query = query;
    this.matchQuery = { ...query, terms: query.terms.filter((term) => term.kind !== 'age') };
    this.ageMs = ageLimitOf(query);
    this.rebuild();
  }

  private rebuild(): void {
    const evicted = this.ring.evicted;
    this.positions = this.ring.filter((line) => this.matches(line)).map((index) => index + evicted);
    this.head = 0;
    this.windowHead = 0;
    this.refreshWindow(false);
  }

  /** The matching lines as text, oldest first, after `header` lines prefixed with `# `. */
  exportText(header: readonly string[]): string {
    const parts = header.map((line) => `# ${line}`);
    for (let index = 0; index < this.rows; index += 1) {
      const row = this.row(index);
      if (row === undefined) continue;
      parts.push(row.skipped === undefined ? threadtimeLine(row.entry) : `# ${row.entry.message}`);
    }
    return `${parts.join('\n')}\n`;
  }

  clear(): void {
    this.ring.clear();
    this.ring.evicted = 0;
    this.positions = [];
    this.head = 0;
    this.windowHead = 0;
    this.shiftedRows = 0;
    this.markers = 0;
    this.markerPositions = [];
    this.names.clear();
  }
}
