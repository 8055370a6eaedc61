// Processes of a simulated device: fixed system daemons plus the processes of every running app (launcher, System UI,
// every app brought to the foreground until it is force-stopped, crashes or is uninstalled; some apps also run a
// `:remote` service process). Pids are deterministic per device; a restarted app gets a new pid.
import type { DeviceState } from './state';

/** One process as `ps` shows it. */
export interface DeviceProcess {
  pid: number;
  ppid: number;
  user: string;
  /** Virtual and resident size in KiB. */
  vszKb: number;
  rssKb: number;
  wchan: string;
  state: 'S' | 'R';
  name: string;
}

const ZYGOTE_PID = 823;
/** Pids other modules write log lines as. */
export const SYSTEM_SERVER_PID = 1215;
export const SURFACEFLINGER_PID = 566;
export const PHONE_PID = 1402;
export const SYSTEMUI_PACKAGE = 'com.android.systemui';

// What every Android lists early in `ps -A` (pids as a Pixel shows them after boot).
const SYSTEM_PROCESSES: readonly DeviceProcess[] = [
  {
    pid: 1,
    ppid: 0,
    user: 'root',
    vszKb: 10_929_548,
    rssKb: 11_512,
    wchan: 'do_epoll_wait',
    state: 'S',
    name: 'init',
  },
  { pid: 2, ppid: 0, user: 'root', vszKb: 0, rssKb: 0, wchan: 'kthreadd', state: 'S', name: '[kthreadd]' },
  {
    pid: 412,
    ppid: 1,
    user: 'logd',
    vszKb: 10_887_064,
    rssKb: 9_180,
    wchan: 'do_sys_poll',
    state: 'S',
    name: 'logd',
  },
  {
    pid: 413,
    ppid: 1,
    user: 'lmkd',
    vszKb: 10_765_284,
    rssKb: 3_148,
    wchan: 'do_epoll_wait',
    state: 'S',
    name: 'lmkd',
  },
  {
    pid: 414,
    ppid: 1,
    user: 'system',
    vszKb: 10_817_724,
    rssKb: 5_624,
    wchan: 'binder_ioctl',
    state: 'S',
    name: 'servicemanager',
  },
  {
    pid: 566,
    ppid: 1,
    user: 'system',
    vszKb: 11_428_096,
    rssKb: 38_220,
    wchan: 'do_epoll_wait',
    state: 'S',
    name: 'surfaceflinger',
  },
  {
    pid: 798,
    ppid: 1,
    user: 'shell',
    vszKb: 10_995_868,
    rssKb: 4_352,
    wchan: 'do_epoll_wait',
    state: 'S',
    name: 'adbd',
  },
  {
    pid: ZYGOTE_PID,
    ppid: 1,
    user: 'root',
    vszKb: 15_172_848,
    rssKb: 98_544,
    wchan: 'do_sys_poll',
    state: 'S',
    name: 'zygote64',
  },
  {
    pid: SYSTEM_SERVER_PID,
    ppid: ZYGOTE_PID,
    user: 'system',
    vszKb: 21_380_816,
    rssKb: 402_112,
    wchan: 'do_epoll_wait',
    state: 'S',
    name: 'system_server',
  },
  {
    pid: PHONE_PID,
    ppid: ZYGOTE_PID,
    user: 'radio',
    vszKb: 16_918_204,
    rssKb: 121_880,
    wchan: 'do_epoll_wait',
    state: 'S',
    name: 'com.android.phone',
  },
];

/** Packages that run a `:remote` service process next to their main one while running. */
export const REMOTE_PROCESS_PACKAGES: ReadonlySet<string> = new Set([
  'com.simmail.android',
  'com.atlasmaps.app',
]);

/** The app user of a package's uid (`u0_a123`); System UI is u0_a178 as on a Pixel. */
export function appUser(state: DeviceState, packageName: string): string {
  return `u0_a${appUid(state, packageName) - 10_000}`;
}

/** The package's uid: 10000 + app id, stable for the installed package set. */
export function appUid(state: DeviceState, packageName: string): number {
  if (packageName === SYSTEMUI_PACKAGE) return 10_178;
  const names = state
    .listPackages()
    .map((info) => info.packageName)
    .sort();
  return 10_100 + Math.max(0, names.indexOf(packageName));
}

/** A running app process (main or `:remote`), for ps, logcat, dumpsys meminfo and activity processes. */
export interface AppProcess {
  packageName: string;
  /** `com.example` or `com.example:remote`. */
  processName: string;
  pid: number;
  uid: number;
  /** Device clock when it started. */
  startedAtMs: number;
}

/** A thread of a process, for logcat's tid column. */
export interface ProcessThread {
  tid: number;
  name: string;
}

const THREAD_OFFSETS = [0, 7, 8, 9, 14, 27, 41] as const;

/** Why an app's processes ended, for the log lines ActivityManager writes. */
export type StopReason = 'force-stop' | 'crash' | 'anr' | 'uninstall';

class DeviceProcesses {
  private readonly apps = new Map<string, AppProcess[]>();
  private nextPid = 2400;

  constructor(private readonly state: DeviceState) {
    this.start(SYSTEMUI_PACKAGE, { quiet: true });
    this.start(state.launcher.packageName, { quiet: true });
    this.start(state.foreground.packageName, { quiet: true });
    state.on('foreground', ({ current }) => this.start(current.packageName));
    state.on('packages', ({ packageName, change }) => {
      if (change === 'removed') this.stop(packageName, 'uninstall');
    });
  }

  /** Starts an app's processes if it is not running (logging `Start proc` as ActivityManager); returns the main pid. */
  start(packageName: string, options: { quiet?: boolean; reason?: string } = {}): number {
    const running = this.apps.get(packageName);
    if (running?.[0]) return running[0].pid;
    const uid = appUid(this.state, packageName);
    const names = REMOTE_PROCESS_PACKAGES.has(packageName)
      ? [packageName, `${packageName}:remote`]
      : [packageName];
    const processes = names.map((processName): AppProcess => {
      const pid = this.nextPid;
      this.nextPid += 37 + (processName.length % 11);
      return { packageName, processName, pid, uid, startedAtMs: this.state.now() };
    });
    this.apps.set(packageName, processes);
    if (!options.quiet) {
      for (const process of processes)
        this.logStart(
          process,
          options.reason ?? (process.processName.endsWith(':remote') ? 'service' : 'top-activity'),
        );
    }
    return processes[0]?.pid ?? 0;
  }

  private logStart(process: AppProcess, reason: string): void {
    const user = appUser(this.state, process.packageName).replace('_', '');
    const system = { pid: SYSTEM_SERVER_PID, tid: SYSTEM_SERVER_PID + 41, uid: 1000 };
    this.state.appendLog({
      ...system,
      buffer: 'system',
      priority: 'I',
      tag: 'ActivityManager',
      message: `Start proc ${process.pid}:${process.processName}/${user} for ${reason} {${process.packageName}}`,
    });
    this.state.appendLog({
      ...system,
      buffer: 'events',
      priority: 'I',
      tag: 'am_proc_start',
      message: `[0,${process.pid},${process.uid},${process.processName},${reason},{${process.packageName}}]`,
      event: {
        tagNumber: 30014,
        values: [
          { int: 0 },
          { int: process.pid },
          { int: process.uid },
          { string: process.processName },
          { string: reason },
          { string: `{${process.packageName}}` },
        ],
      },
    });
  }

  /** Ends an app's processes (`am force-stop`, a crash, an ANR kill); false when it was not running. */
  stop(packageName: string, reason: StopReason = 'force-stop'): boolean {
    const running = this.apps.get(packageName);
    if (!running) return false;
    this.apps.delete(packageName);
    const system = {
      pid: SYSTEM_SERVER_PID,
      tid: SYSTEM_SERVER_PID + 41,
      uid: 1000,
      buffer: 'system' as const,
    };
    if (reason === 'force-stop') {
      this.state.appendLog({
        ...system,
        priority: 'I',
        tag: 'ActivityManager',
        message: `Force stopping ${packageName} appid=${running[0]?.uid ?? 0} user=0: from pid 9123`,
      });
    }
    for (const process of running) {
      const user = appUser(this.state, packageName).replace('_', '');
      const why =
        reason === 'force-stop'
          ? `stop ${packageName} due to from pid 9123`
          : reason === 'anr'
            ? 'bg anr'
            : 'crash';
      if (reason !== 'crash') {
        this.state.appendLog({
          ...system,
          priority: 'I',
          tag: 'ActivityManager',
          message: `Killing ${process.pid}:${process.processName}/${user} (adj 0): ${why}`,
        });
      }
      this.state.appendLog({
        ...system,
        priority: 'I',
        tag: 'ActivityManager',
        message: `Process ${process.processName} (pid ${process.pid}) has died: fg  TOP `,
      });
      this.state.appendLog({
        ...system,
        buffer: 'events',
        tag: 'am_proc_died',
        priority: 'I',
        message: `[0,${process.pid},${process.processName},0,2]`,
        event: {
          tagNumber: 30011,
          values: [{ int: 0 }, { int: process.pid }, { string: process.processName }, { int: 0 }, { int: 2 }],
        },
      });
    }
    return true;
  }

  pidOf(packageName: string): number | undefined {
    return this.apps.get(packageName)?.[0]?.pid;
  }

  /** Every running app process, main processes first within a package, by start order. */
  appProcesses(): AppProcess[] {
    return [...this.apps.values()].flat().map((process) => ({ ...process }));
  }

  /** The app process with this pid, if any. */
  byPid(pid: number): AppProcess | undefined {
    const found = this.appProcesses().find((process) => process.pid === pid);
    return found;
  }

  /** The threads logcat attributes lines to: main (tid = pid), binder threads, RenderThread... */
  threads(pid: number): ProcessThread[] {
    const name = this.list().find((process) => process.pid === pid)?.name ?? 'main';
    const names = [
      name.slice(-15),
      'Signal Catcher',
      'ReferenceQueueD',
      `binder:${pid}_1`,
      `binder:${pid}_2`,
      'RenderThread',
      'hwuiTask0',
    ];
    return THREAD_OFFSETS.map((offset, index) => ({ tid: pid + offset, name: names[index] ?? 'Thread' }));
  }

  /** Every process, by pid. */
  list(): DeviceProcess[] {
    const apps = this.appProcesses().map((process): DeviceProcess => ({
      pid: process.pid,
      ppid: ZYGOTE_PID,
      user: appUser(this.state, process.packageName),
      vszKb: 16_432_212 + (process.pid % 997) * 1024,
      rssKb: (process.processName.endsWith(':remote') ? 61_220 : 112_340) + (process.pid % 89) * 1024,
      wchan: 'do_epoll_wait',
      state: 'S',
      name: process.processName,
    }));
    return [...SYSTEM_PROCESSES, ...apps].sort((a, b) => a.pid - b.pid);
  }
}

export type { DeviceProcesses };

// Same side-table pattern as filesOf: processes belong to one device's state.
const processesByState = new WeakMap<DeviceState, DeviceProcesses>();

/** The processes of the device whose state this is. */
export function processesOf(state: DeviceState): DeviceProcesses {
  let processes = processesByState.get(state);
  if (!processes) {
    processes = new DeviceProcesses(state);
    processesByState.set(state, processes);
  }
  return processes;
}
