// The DropBoxManager entries of a simulated device: what `dumpsys dropbox` lists (crashes, ANRs), oldest first.
import type { DeviceState } from './state';

/** One dropbox entry as DropBoxManagerService keeps it. */
export interface DropboxEntry {
  /** `data_app_crash`, `data_app_anr`, `system_app_crash`, ... */
  tag: string;
  /** Device clock, epoch milliseconds. */
  timeMs: number;
  /** The entry's text (headers such as `Process:` and `PID:`, a blank line, then the stack or the ANR report). */
  text: string;
}

class DeviceDropbox {
  private readonly entries: DropboxEntry[] = [];

  add(entry: DropboxEntry): void {
    this.entries.push({ ...entry });
    // DropBoxManagerService trims to a quota; 1000 entries is far beyond what a test writes.
    if (this.entries.length > 1000) this.entries.shift();
  }

  /** Entries oldest first, optionally of one tag. */
  list(tag?: string): DropboxEntry[] {
    return this.entries
      .filter((entry) => tag === undefined || entry.tag === tag)
      .map((entry) => ({ ...entry }));
  }
}

export type { DeviceDropbox };

const dropboxByState = new WeakMap<DeviceState, DeviceDropbox>();

/** The dropbox of the device whose state this is. */
export function dropboxOf(state: DeviceState): DeviceDropbox {
  let dropbox = dropboxByState.get(state);
  if (!dropbox) {
    dropbox = new DeviceDropbox();
    dropboxByState.set(state, dropbox);
  }
  return dropbox;
}
