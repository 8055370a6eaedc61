// Test helper: a pid no process has now, for stale-lock and crashed-holder cases.
import { spawnSync } from 'node:child_process';

/** The pid of a process that has exited (reaped by spawnSync). */
export function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('could not spawn');
  return child.pid;
}
