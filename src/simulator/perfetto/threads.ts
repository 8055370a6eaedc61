// The threads a simulated device's processes run, as the kernel names them (comm: at most 15 bytes; app processes
// keep the end of their package name, as Android's ps -T shows them).
import type { DeviceProcess } from '../device/processes';

export interface TraceThread {
  tid: number;
  pid: number;
  /** Kernel comm as sched_switch reports it. */
  comm: string;
  prio: number;
}

export interface TraceProcess {
  pid: number;
  ppid: number;
  uid: number;
  cmdline: string;
  threads: TraceThread[];
}

const COMM_BYTES = 15;
const APP_PRIO = 110;
const DEFAULT_PRIO = 120;

function comm(name: string): string {
  const base = name.startsWith('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
  return base.length > COMM_BYTES ? base.slice(-COMM_BYTES) : base;
}

function uidOf(user: string): number {
  const app = /^u0_a(\d+)$/.exec(user);
  if (app) return 10_000 + Number(app[1]);
  const fixed: Record<string, number> = { root: 0, system: 1000, shell: 2000, logd: 1036, lmkd: 1069 };
  return fixed[user] ?? 9999;
}

/** Extra threads by process name (offsets from the pid), besides the main thread. */
function extraThreads(process: DeviceProcess): Array<[number, string]> {
  const binders = (count: number, from: number): Array<[number, string]> =>
    Array.from({ length: count }, (_, index) => [from + index, `binder:${process.pid}_${index + 1}`]);
  if (process.name === 'system_server')
    return [[9, 'android.bg'], [12, 'android.display'], [14, 'ActivityManager'], ...binders(3, 20)];
  if (process.name === 'surfaceflinger')
    return [[3, 'app'], [4, 'TimerDispatch'], [7, 'RenderEngine'], ...binders(2, 10)];
  if (process.ppid === 823 && !process.name.startsWith('['))
    return [[6, 'HeapTaskDaemon'], ...binders(2, 8), [18, 'RenderThread'], [21, 'hwuiTask0']];
  return [];
}

/** Every process with its threads (main thread first: tid = pid). */
export function traceProcesses(processes: readonly DeviceProcess[]): TraceProcess[] {
  return processes.map((process) => {
    const isApp = process.ppid === 823;
    const main: TraceThread = {
      tid: process.pid,
      pid: process.pid,
      comm: comm(process.name.replace(/^\[|\]$/g, '')),
      prio: isApp ? APP_PRIO : DEFAULT_PRIO,
    };
    const threads = extraThreads(process).map(([offset, name]): TraceThread => ({
      tid: process.pid + offset,
      pid: process.pid,
      comm: comm(name),
      prio: name === 'RenderThread' ? APP_PRIO : DEFAULT_PRIO,
    }));
    return {
      pid: process.pid,
      ppid: process.ppid,
      uid: uidOf(process.user),
      cmdline: process.name,
      threads: [main, ...threads],
    };
  });
}

/** A thread of a process by comm; throws when the process model lacks it (a programming error). */
export function threadNamed(process: TraceProcess, name: string): TraceThread {
  const thread = process.threads.find((candidate) => candidate.comm === name);
  if (!thread) throw new Error(`${process.cmdline} has no thread ${name}`);
  return thread;
}
