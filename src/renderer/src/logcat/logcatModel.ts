// The viewer's lines outside React: the bounded ring (200,000 lines), the positions of the lines that pass the
// query (kept up to date batch by batch, rebuilt when the query changes), the pid -> process names the follow
// reported, and the export text. Positions are absolute (0 = the first line ever pushed), so eviction from the
// ring's front never renumbers what is shown.
import type { LogcatLine } from '../../../shared/api/logcatSchemas';
import type { LogEntry } from '../../../shared/logcat/entry';
import { matchesLogQuery, parseLogQuery, type LogQuery } from '../../../shared/logcat/query';
import { LogRing, RING_CAPACITY, type RingLine } from './ring';

export const EMPTY_QUERY: LogQuery = parseLogQuery('');

function hasPackageTerm(query: LogQuery): boolean {
  return query.terms.some((term) => term.kind === 'field' && term.key === 'package');
}

/** One line as `logcat -v threadtime` prints it. */
export function threadtimeLine(entry: LogEntry): string {
  const pid = String(entry.pid).padStart(5);
  const tid = String(entry.tid).padStart(5);
  return `${entry.time} ${pid} ${tid} ${entry.priority} ${entry.tag}: ${entry.message}`;
}

export class LogcatModel {
  readonly ring: LogRing;
  private positions: number[] = [];
  private head = 0;
  private readonly names = new Map<number, string>();
  private query: LogQuery = EMPTY_QUERY;
  /** Matching rows that left the ring's front so far (the list shifts up by this many rows). */
  shiftedRows = 0;

  constructor(
    capacity: number = RING_CAPACITY,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.ring = new LogRing(capacity);
  }

  /** Lines pushed since the last clear (held or evicted). */
  get total(): number {
    return this.ring.evicted + this.ring.size;
  }

  /** Rows that pass the query. */
  get rows(): number {
    return this.positions.length - this.head;
  }

  /** The row at `index` (0 = oldest matching line held). */
  row(index: number): RingLine | undefined {
    const position = this.positions[this.head + index];
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
    if (this.query.terms.length === 0) return true;
    return matchesLogQuery(this.query, line.entry, {
      packageOf: (pid) => this.names.get(pid),
      nowMs: this.now(),
    });
  }

  /** Adds a batch; answers how many of its lines pass the query. */
  push(lines: readonly LogcatLine[], processes: readonly { pid: number; name: string }[] = []): number {
    for (const process of processes) this.names.set(process.pid, process.name);
    if (processes.length > 0 && hasPackageTerm(this.query)) {
      // New names can make held lines match a package: term: rebuild once, including this batch.
      this.ring.push(lines);
      const before = this.rows;
      this.rebuild();
      return Math.max(0, this.rows - before);
    }
    const first = this.total;
    this.ring.push(lines);
    let added = 0;
    lines.forEach((line, index) => {
      if (!this.matches(line)) return;
      this.positions.push(first + index);
      added += 1;
    });
    this.dropEvicted();
    return added;
  }

  private dropEvicted(): void {
    const evicted = this.ring.evicted;
    while (this.head < this.positions.length && (this.positions[this.head] ?? 0) < evicted) {
      this.head += 1;
      this.shiftedRows += 1;
    }
    if (this.head > 65_536 && this.head * 2 > this.positions.length) {
      this.positions = this.positions.slice(this.head);
      this.head = 0;
    }
  }

  setQuery(query: LogQuery): void {
    this.query = query;
    this.rebuild();
  }

  private rebuild(): void {
    const evicted = this.ring.evicted;
    this.positions = this.ring.filter((line) => this.matches(line)).map((index) => index + evicted);
    this.head = 0;
  }

  /** The matching lines as text, oldest first, after `header` lines prefixed with `# `. */
  exportText(header: readonly string[]): string {
    const parts = header.map((line) => `# ${line}`);
    for (let index = 0; index < this.rows; index += 1) {
      const row = this.row(index);
      if (row !== undefined) parts.push(threadtimeLine(row.entry));
    }
    return `${parts.join('\n')}\n`;
  }

  clear(): void {
    this.ring.clear();
    this.ring.evicted = 0;
    this.positions = [];
    this.head = 0;
    this.shiftedRows = 0;
    this.names.clear();
  }
}
