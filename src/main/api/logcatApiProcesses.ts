// pid -> process name for a followed device (for `package:` queries): `ps -A`, or `ps` where toolbox's ps has no
// -A (before API 26), read at the start of a follow and again (at most every refreshMs) when a line carries a pid
// not seen before. Read-only; no value reaches the shell.
import { runDeviceCommand } from '../../node/adb/deviceCommand';
import type { AdbClient } from '../../node/adb/adbkit';

const PS_TIMEOUT_MS = 5000;
const PS_MAX_BYTES = 512 * 1024;

/** The (pid, name) rows of a `ps` listing: the PID column by its header, the name as the last column. */
export function parseProcessList(text: string): { pid: number; name: string }[] {
  const lines = text.split('\n').map((line) => line.trim());
  const header = lines.findIndex((line) => /\bPID\b/.test(line));
  if (header < 0) return [];
  const pidColumn = (lines[header] ?? '').split(/\s+/).indexOf('PID');
  const rows: { pid: number; name: string }[] = [];
  for (const line of lines.slice(header + 1)) {
    const columns = line.split(/\s+/);
    const pid = Number(columns[pidColumn]);
    const name = columns[columns.length - 1] ?? '';
    if (columns.length > pidColumn + 1 && Number.isInteger(pid) && pid > 0 && name !== '')
      rows.push({ pid, name });
  }
  return rows;
}

export class ProcessNames {
  private readonly names = new Map<number, string>();
  private readonly announced = new Set<number>();
  private fresh: { pid: number; name: string }[] = [];
  private reading: Promise<void> | undefined;
  private lastReadMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly client: AdbClient,
    private readonly serial: string,
    private readonly now: () => number,
    private readonly refreshMs = 2000,
  ) {}

  nameOf(pid: number): string | undefined {
    return this.names.get(pid);
  }

  /** Reads the list now; a failed read leaves the names as they were (package: then matches fewer lines). */
  read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /** Re-reads in the background when `pid` is unknown and the last read is older than refreshMs. */
  noticePid(pid: number): void {
    if (this.names.has(pid) || this.reading !== undefined) return;
    if (this.now() - this.lastReadMs < this.refreshMs) return;
    void this.read();
  }

  /** Names of pids the follow's lines carried that were not handed out before. */
  takeFresh(): { pid: number; name: string }[] {
    const fresh = this.fresh;
    this.fresh = [];
    return fresh;
  }

  /** Queues the name of `pid` for the next batch, once. */
  announce(pid: number): void {
    if (this.announced.has(pid)) return;
    const name = this.names.get(pid);
    if (name === undefined) return;
    this.announced.add(pid);
    this.fresh.push({ pid, name });
  }

  private async readOnce(): Promise<void> {
    this.lastReadMs = this.now();
    const options = { timeoutMs: PS_TIMEOUT_MS, maxBytesPerStream: PS_MAX_BYTES };
    let answer = await runDeviceCommand(this.client, this.serial, 'ps -A', options);
    let rows = answer.ok ? parseProcessList(answer.value.stdout) : [];
    if (answer.ok && rows.length <= 1) {
      answer = await runDeviceCommand(this.client, this.serial, 'ps', options);
      rows = answer.ok ? parseProcessList(answer.value.stdout) : [];
    }
    for (const row of rows) {
      const before = this.names.get(row.pid);
      this.names.set(row.pid, row.name);
      // A reused pid with another process: hand the new name out again.
      if (before !== undefined && before !== row.name) this.announced.delete(row.pid);
    }
  }
}
