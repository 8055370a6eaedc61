// Single flight per device: one execution (or one whole sequence) at a time on each adb server + serial.
import type { AdbClient } from '../../node/adb/adbkit';
import { ok, type Result } from '../../shared/errors';

/** What is running on a device. */
export interface InFlightEntry {
  /** The execution on the device; absent while a sequence is still creating its run folder. */
  commandId?: string;
  /** ISO time the device was taken. */
  since: string;
  /** The sequence run holding the device, when it is a sequence. */
  runId?: string;
}

/** The right to run on one device until released. */
export interface DeviceLease {
  readonly key: string;
  /** Records what now runs under this lease (a sequence runs three executions under one lease). */
  update(entry: { commandId: string; runId?: string }): void;
  /** Frees the device; calling it again does nothing. */
  release(): void;
}

/** The lease, or (as the error) what already runs on the device. */
export type LeaseResult = Result<DeviceLease, InFlightEntry>;

/** The registry key of a device: its adb server and serial (two servers may both list "emulator-5554"). */
export function deviceKey(client: Pick<AdbClient, 'host' | 'port'>, serial: string): string {
  return `${client.host}:${client.port}/${serial}`;
}

/** In-process registry of busy devices; share one instance between every surface of a console process. */
export class InFlightRegistry {
  private readonly entries = new Map<string, InFlightEntry>();

  /** Takes the device, or reports what is running on it. */
  acquire(key: string, entry: { commandId?: string; runId?: string }, nowMs = Date.now()): LeaseResult {
    const running = this.entries.get(key);
    if (running !== undefined) return { ok: false, error: { ...running } };
    const own: InFlightEntry = { ...entry, since: new Date(nowMs).toISOString() };
    this.entries.set(key, own);
    return ok({
      key,
      update: (next) => {
        own.commandId = next.commandId;
        if (next.runId !== undefined) own.runId = next.runId;
      },
      release: () => {
        if (this.entries.get(key) === own) this.entries.delete(key);
      },
    });
  }

  /** What runs on the device now, if anything. */
  running(key: string): InFlightEntry | undefined {
    const entry = this.entries.get(key);
    return entry === undefined ? undefined : { ...entry };
  }
}
