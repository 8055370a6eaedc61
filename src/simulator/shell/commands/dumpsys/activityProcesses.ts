// `dumpsys activity processes|lru|oom`: ActivityManager's process records and LRU/oom lists over the running
// app processes (the ones `ps` shows), ranked foreground app, System UI, launcher, then cached apps.
import { processesOf, type DeviceProcess } from '../../../device/processes';
import type { DeviceState } from '../../../device/state';
import { appUid } from '../../../device/systemDefaults';
import { systemStateOf } from '../../../device/systemState';
import { duration, identity, lines } from './format';

/** `u0a123` for an app uid, the number for a system uid. */
export function uidText(uid: number): string {
  return uid >= 10_000 ? `u0a${uid - 10_000}` : String(uid);
}

/** The package a process belongs to: `com.example:remote` is com.example's service process. */
function packageOf(processName: string): string {
  return processName.split(':')[0] ?? processName;
}

export function processRecord(state: DeviceState, processName: string, pid: number): string {
  const uid = appUid(state, packageOf(processName));
  return `ProcessRecord{${identity(`process:${processName}:${pid}`)} ${pid}:${processName}/${uidText(uid)}}`;
}

/** Process state as ActivityManager's LRU list shows it, by role. */
function processRole(state: DeviceState, process: DeviceProcess): [string, string, string] {
  if (process.name.includes(':')) return ['svc    S/ /SVC ', '---', 'started-services'];
  if (process.name === state.foreground.packageName) return ['fg     T/A/TOP', 'LCM', 'top-activity'];
  if (process.name === 'com.android.systemui') return ['vis    F/ /BFGS', '---', 'service'];
  if (process.name === state.launcher.packageName) return ['prev   S/ /LAST', '---', 'previous'];
  return ['cch+ 5 B/ /CEM ', '---', 'cch-empty'];
}

// oom_adj and process state (ActivityManager.PROCESS_STATE_*) per role.
const ROLE_LEVELS: Record<string, [number, number]> = {
  'top-activity': [0, 2],
  service: [-800, 0],
  'started-services': [500, 10],
  previous: [700, 13],
  'cch-empty': [905, 19],
};

/** `oom: max=1001 curRaw=A setRaw=A cur=A set=A` for the process's role. */
function oomLine(state: DeviceState, process: DeviceProcess): string {
  const [adj] = ROLE_LEVELS[processRole(state, process)[2]] ?? [905, 19];
  return `oom: max=1001 curRaw=${adj} setRaw=${adj} cur=${adj} set=${adj}`;
}

const ROLE_ORDER = ['top-activity', 'service', 'started-services', 'previous', 'cch-empty'];

export function processesDump(state: DeviceState): string {
  const apps = rankedApps(state);
  const rows = ['ACTIVITY MANAGER RUNNING PROCESSES (dumpsys activity processes)', '  All known processes:'];
  const elapsed = systemStateOf(state).elapsedNow();
  for (const process of apps) {
    const uid = appUid(state, packageOf(process.name));
    const info = state.getPackage(packageOf(process.name));
    const [, procState] = ROLE_LEVELS[processRole(state, process)[2]] ?? [905, 19];
    rows.push(
      `  *APP* UID ${uid} ${processRecord(state, process.name, process.pid)}`,
      `    user #0 uid=${uid} gids={${uid + 40_000}, ${uid + 10_000}, 9997}`,
      `    mRequiredAbi=${state.getProperty('ro.product.cpu.abi') ?? 'arm64-v8a'} instructionSet=null`,
      `    dir=${info?.apkPath ?? ''} publicDir=${info?.apkPath ?? ''} data=/data/user/0/${process.name}`,
      `    packageList={${packageOf(process.name)}}`,
      `    compat={${state.configuration().densityDpi}dpi}`,
      `    thread=android.app.IApplicationThread$Stub$Proxy@${identity(`thread:${process.pid}`)}`,
      `    pid=${process.pid} starting=false`,
      `    lastActivityTime=${duration(-Math.min(elapsed, 60_000 + (process.pid % 97) * 1000))}`,
      `    ${oomLine(state, process)}`,
      `    curProcState=${procState} mRepProcState=${procState} setProcState=${procState}`,
    );
  }
  rows.push(
    '',
    `  Process LRU list (sorted by oom_adj, ${apps.length} total, non-act at 0, non-svc at 0):`,
    ...apps.map((process, index) => {
      const [state_, schedule, reason] = processRole(state, process);
      const uid = appUid(state, packageOf(process.name));
      return `    Proc #${String(index).padStart(2)}: ${state_}  ${schedule}  t: 0 ${process.pid}:${process.name}/${uidText(uid)} (${reason})`;
    }),
    '',
    '  PID mappings:',
    ...apps.map((process) => `    PID #${process.pid}: ${processRecord(state, process.name, process.pid)}`),
  );
  return lines(rows);
}

/** App processes ranked as the LRU list shows them. */
function rankedApps(state: DeviceState): DeviceProcess[] {
  const rank = (process: DeviceProcess): number => ROLE_ORDER.indexOf(processRole(state, process)[2]);
  return processesOf(state)
    .list()
    .filter((process) => process.user.startsWith('u0_a'))
    .sort((a, b) => rank(a) - rank(b) || a.pid - b.pid);
}

export function lruDump(state: DeviceState): string {
  const apps = rankedApps(state);
  const withActivities = apps.filter(
    (process) => process.name !== 'com.android.systemui' && !process.name.includes(':'),
  );
  const row = (process: DeviceProcess, index: number, activities: boolean): string => {
    const [role, schedule] = processRole(state, process);
    const [name = ''] = role.split(/\s+/);
    const procState = role.split('/').pop()?.trim() ?? '';
    return `  #${apps.length - 1 - index}: ${name.padEnd(6)} ${procState.padEnd(4)} ${schedule} ${process.pid}:${process.name}/${uidText(appUid(state, packageOf(process.name)))}${activities ? ' act:activities' : ''}`;
  };
  return lines(
    'ACTIVITY MANAGER LRU PROCESSES (dumpsys activity lru)',
    '  Activities:',
    ...withActivities.map((process) => row(process, apps.indexOf(process), true)),
    '  Other:',
    ...apps
      .filter((process) => !withActivities.includes(process))
      .map((process) => row(process, apps.indexOf(process), false)),
  );
}

// ProcessList's oom_adj levels and the minfree sizes of a phone with 8 GB of RAM.
const OOM_LEVELS: ReadonlyArray<[number, string, number]> = [
  [-900, 'SYSTEM_ADJ', 73_728],
  [-800, 'PERSISTENT_PROC_ADJ', 73_728],
  [-700, 'PERSISTENT_SERVICE_ADJ', 73_728],
  [0, 'FOREGROUND_APP_ADJ', 73_728],
  [100, 'VISIBLE_APP_ADJ', 92_160],
  [200, 'PERCEPTIBLE_APP_ADJ', 110_592],
  [250, 'PERCEPTIBLE_LOW_APP_ADJ', 129_024],
  [300, 'BACKUP_APP_ADJ', 221_184],
  [400, 'HEAVY_WEIGHT_APP_ADJ', 221_184],
  [500, 'SERVICE_ADJ', 221_184],
  [600, 'HOME_APP_ADJ', 221_184],
  [700, 'PREVIOUS_APP_ADJ', 221_184],
  [800, 'SERVICE_B_ADJ', 322_560],
  [900, 'CACHED_APP_MIN_ADJ', 322_560],
  [999, 'CACHED_APP_MAX_ADJ', 322_560],
];

export function oomDump(state: DeviceState): string {
  const apps = rankedApps(state);
  const elapsed = systemStateOf(state).elapsedNow();
  return lines(
    'ACTIVITY MANAGER OOM LEVELS (dumpsys activity oom)',
    '  OOM levels:',
    ...OOM_LEVELS.map(
      ([adj, name, kb]) =>
        `    ${String(adj).padStart(4)}: ${name} (${kb.toLocaleString('en-US').padStart(9)}K)`,
    ),
    '',
    `  Process OOM control (${apps.length} total, non-act at 0, non-svc at 0):`,
    ...apps.map((process, index) => {
      const [role, schedule, reason] = processRole(state, process);
      return `    Proc #${String(index).padStart(2)}: ${role}  ${schedule}  t: 0 ${process.pid}:${process.name}/${uidText(appUid(state, process.name))} (${reason})\n        ${oomLine(state, process)}\n        lastActive=${duration(-Math.min(elapsed, 60_000))}`;
    }),
  );
}
