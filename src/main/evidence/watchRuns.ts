// Notices runs written into the evidence folder by anyone (the console itself, the CLI in another process, a run
// routed through the console daemon), so an open console can refresh its History without the user asking.
import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isRunId } from './runId';

export interface RunsWatcher {
  close(): void;
}

export interface WatchRunsOptions {
  /** Changes closer together than this are reported once (default 200 ms). */
  settleMs?: number;
  log?: (message: string) => void;
}

/** The run id a changed path (relative to the evidence folder) belongs to; null for staging and trash folders. */
export function runIdOfChange(filename: string): string | null {
  const first = filename.split(/[\\/]/)[0] ?? '';
  return isRunId(first) ? first : null;
}

/**
 * Calls `onChange` with the ids of the runs created, updated or deleted under `directory` (created if missing).
 * Recursive where the platform can (a run's final run.json is written inside its folder); else only new and removed
 * run folders are seen.
 */
export async function watchRuns(
  directory: string,
  onChange: (runIds: string[]) => void,
  options: WatchRunsOptions = {},
): Promise<RunsWatcher> {
  const settleMs = options.settleMs ?? 200;
  await mkdir(directory, { recursive: true, mode: 0o700 }).catch(() => undefined);
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = (): void => {
    timer = undefined;
    if (closed || pending.size === 0) return;
    const ids = [...pending].sort();
    pending.clear();
    onChange(ids);
  };
  const changed = (_event: string, filename: string | Buffer | null): void => {
    if (filename === null) return;
    const id = runIdOfChange(filename.toString());
    if (id === null) return;
    pending.add(id);
    timer ??= setTimeout(flush, settleMs);
  };
  let watcher: FSWatcher;
  try {
    watcher = watch(directory, { recursive: true, persistent: false }, changed);
  } catch (error) {
    options.log?.(
      `evidence folder watched without subfolders (${error instanceof Error ? error.message : String(error)}): finished CLI runs show after a Refresh`,
    );
    try {
      watcher = watch(directory, { persistent: false }, changed);
    } catch (again) {
      options.log?.(
        `evidence folder ${directory} is not watched (${again instanceof Error ? again.message : String(again)}): CLI runs show after a Refresh`,
      );
      return { close: () => undefined };
    }
  }
  watcher.on('error', (error) => {
    options.log?.(`evidence folder ${directory} is no longer watched: ${error.message}`);
    watcher.close();
  });
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      watcher.close();
    },
  };
}
