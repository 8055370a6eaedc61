// Processes of a simulated device: fixed system daemons plus one process per running app (launcher, System UI, every
// app brought to the foreground until it is force-stopped or uninstalled). Pids are stable per device.
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
    pid: 1215,
    ppid: ZYGOTE_PID,
    user: 'system',
    vszKb: 21_380_816,
    rssKb: 402_112,
    wchan: 'do_epoll_wait',
    state: 'S',
    name: 'system_server',
  },
];

/** The app user of a package's uid (`u0_a123`); system apps of the platform run as `system` or `u0_a` too. */
export function appUser(state: DeviceState, packageName: string): string {
  const names = state
    .listPackages()
    .map((info) => info.packageName)
    .sort();
  return `u0_a${100 + Math.max(0, names.indexOf(packageName))}`;
}

class DeviceProcesses {
  private readonly apps = new Map<string, number>();
  private nextPid = 2400;

  constructor(private readonly state: DeviceState) {
    this.start('com.android.systemui');
    this.start(state.launcher.packageName);
    this.start(state.foreground.packageName);
    state.on('foreground', ({ current }) => this.start(current.packageName));
    state.on('packages', ({ packageName, change }) => {
      if (change === 'removed') this.stop(packageName);
    });
  }

  /** Starts an app's process if it is not running; returns its pid. */
  start(packageName: string): number {
    const running = this.apps.get(packageName);
    if (running !== undefined) return running;
    const pid = this.nextPid;
    this.nextPid += 37 + (packageName.length % 11);
    this.apps.set(packageName, pid);
    return pid;
  }

  /** Kills an app's process (`am force-stop`); false when it was not running. */
  stop(packageName: string): boolean {
    return this.apps.delete(packageName);
  }

  pidOf(packageName: string): number | undefined {
    return this.apps.get(packageName);
  }

  /** Every process, by pid. */
  list(): DeviceProcess[] {
    const apps = [...this.apps.entries()].map(([name, pid]): DeviceProcess => ({
      pid,
      ppid: ZYGOTE_PID,
      user: name === 'com.android.systemui' ? 'u0_a178' : appUser(this.state, name),
      vszKb: 16_432_212 + (pid % 997) * 1024,
      rssKb: 112_340 + (pid % 89) * 1024,
      wchan: 'do_epoll_wait',
      state: 'S',
      name,
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
