// Scenario events on a simulated device's apps: a crash (FATAL EXCEPTION, dropbox data_app_crash, the process dies)
// and an ANR (ANR in ..., dropbox data_app_anr, traces under /data/anr), logged as Android logs them.
import { dropboxOf } from './dropbox';
import { filesOf } from './files';
import { processesOf, SYSTEM_SERVER_PID } from './processes';
import type { DeviceState } from './state';

export interface CrashOptions {
  /** Default java.lang.IllegalStateException. */
  exception?: string;
  /** Default "Simulated crash". */
  message?: string;
}

/** What a scenario event did, or why it could not happen. */
export type AppFaultResult = { ok: true; pid: number } | { ok: false; reason: string };

const SYSTEM = { pid: SYSTEM_SERVER_PID, uid: 1000 } as const;
const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

function simpleName(packageName: string, activity: string | undefined): string {
  const className = activity ?? `${packageName}.MainActivity`;
  return className.slice(className.lastIndexOf('.') + 1);
}

function mainActivity(state: DeviceState, packageName: string): string {
  const launch = state.getPackage(packageName)?.launchActivity;
  return launch ?? `${packageName}.MainActivity`;
}

function stackTrace(className: string, exception: string, message: string): string {
  const file = `${className.slice(className.lastIndexOf('.') + 1).replace(/\$.*/, '')}.kt`;
  return [
    `${exception}: ${message}`,
    `\tat ${className}.onClick(${file}:42)`,
    '\tat android.view.View.performClick(View.java:7659)',
    '\tat android.view.View.performClickInternal(View.java:7636)',
    '\tat android.view.View$PerformClick.run(View.java:30156)',
    '\tat android.os.Handler.handleCallback(Handler.java:958)',
    '\tat android.os.Handler.dispatchMessage(Handler.java:99)',
    '\tat android.os.Looper.loopOnce(Looper.java:205)',
    '\tat android.os.Looper.loop(Looper.java:294)',
    '\tat android.app.ActivityThread.main(ActivityThread.java:8177)',
    '\tat java.lang.reflect.Method.invoke(Native Method)',
    '\tat com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:552)',
    '\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:971)',
  ].join('\n');
}

function dropboxHeaders(state: DeviceState, packageName: string, pid: number, foreground: boolean): string {
  const info = state.getPackage(packageName);
  return [
    `Process: ${packageName}`,
    `PID: ${pid}`,
    `UID: ${processesOf(state).byPid(pid)?.uid ?? 0}`,
    'Flags: 0x38c8bf46',
    `Package: ${packageName} v${info?.versionCode ?? 1} (${info?.versionName ?? '1.0'})`,
    `Foreground: ${foreground ? 'Yes' : 'No'}`,
    `Build: ${state.getProperty('ro.build.fingerprint') ?? 'unknown'}`,
    '',
  ].join('\n');
}

/**
 * Crashes an app's main process: `FATAL EXCEPTION: main` in the crash buffer, `Force finishing activity` and
 * `has died` in the system buffer, am_crash in events, a data_app_crash dropbox entry. The process is gone (the
 * launcher takes the foreground if the app had it); a `:remote` service process restarts at once with a new pid,
 * and the next launch of the app gets a new main pid.
 */
export function crashApp(
  state: DeviceState,
  packageName: string,
  options: CrashOptions = {},
): AppFaultResult {
  const processes = processesOf(state);
  const pid = processes.pidOf(packageName);
  if (pid === undefined) return { ok: false, reason: `${packageName} is not running` };
  const uid = processes.byPid(pid)?.uid ?? 0;
  const exception = options.exception ?? 'java.lang.IllegalStateException';
  const message = options.message ?? 'Simulated crash';
  const activity = mainActivity(state, packageName);
  const trace = stackTrace(activity, exception, message);
  const foreground = state.foreground.packageName === packageName;
  const app = { pid, tid: pid, uid } as const;
  state.appendLog({ ...app, priority: 'D', tag: 'AndroidRuntime', message: 'Shutting down VM' });
  state.appendLog({
    ...app,
    buffer: 'crash',
    priority: 'E',
    tag: 'AndroidRuntime',
    message: `FATAL EXCEPTION: main\nProcess: ${packageName}, PID: ${pid}\n${trace}`,
  });
  state.appendLog({
    ...SYSTEM,
    tid: SYSTEM_SERVER_PID + 27,
    buffer: 'events',
    priority: 'I',
    tag: 'am_crash',
    message: `[${pid},0,${packageName},952745541,${exception},${message},${simpleName(packageName, activity)}.kt,42,0]`,
    event: {
      tagNumber: 30039,
      values: [
        { int: pid },
        { int: 0 },
        { string: packageName },
        { int: 952_745_541 },
        { string: exception },
        { string: message },
        { string: `${simpleName(packageName, activity)}.kt` },
        { int: 42 },
        { int: 0 },
      ],
    },
  });
  if (foreground) {
    state.appendLog({
      ...SYSTEM,
      tid: SYSTEM_SERVER_PID + 27,
      buffer: 'system',
      priority: 'W',
      tag: 'ActivityTaskManager',
      message: `  Force finishing activity ${packageName}/${activity.startsWith(`${packageName}.`) ? activity.slice(packageName.length) : activity}`,
    });
  }
  state.appendLog({ ...app, priority: 'I', tag: 'Process', message: `Sending signal. PID: ${pid} SIG: 9` });
  dropboxOf(state).add({
    tag: 'data_app_crash',
    timeMs: state.now(),
    text: `${dropboxHeaders(state, packageName, pid, foreground)}\n${trace}\n`,
  });
  const hadRemote = processes
    .appProcesses()
    .some((process) => process.processName === `${packageName}:remote`);
  processes.stop(packageName, 'crash');
  if (foreground) state.goHome();
  if (hadRemote) {
    state.appendLog({
      ...SYSTEM,
      tid: SYSTEM_SERVER_PID + 41,
      buffer: 'system',
      priority: 'W',
      tag: 'ActivityManager',
      message: `Scheduling restart of crashed service ${packageName}/.sync.SyncService in 1000ms for start-requested`,
    });
    processes.start(packageName, { reason: 'service' });
  }
  return { ok: true, pid };
}

/** `2024-01-05-12-34-56-789`, the suffix of /data/anr/anr_* file names (UTC, the simulated timezone). */
function anrStamp(timeMs: number): string {
  const date = new Date(timeMs);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${pad(date.getUTCHours())}-${pad(date.getUTCMinutes())}-${pad(date.getUTCSeconds())}-${pad(date.getUTCMilliseconds(), 3)}`;
}

function tracesText(state: DeviceState, packageName: string, pid: number, activity: string): string {
  const stamp = new Date(state.now()).toISOString().replace('T', ' ').replace('Z', '');
  return [
    `----- pid ${pid} at ${stamp} -----`,
    `Cmd line: ${packageName}`,
    `Build fingerprint: '${state.getProperty('ro.build.fingerprint') ?? 'unknown'}'`,
    "ABI: 'arm64'",
    'Build type: optimized',
    '',
    'DALVIK THREADS (3):',
    '"main" prio=5 tid=1 Sleeping',
    '  | group="main" sCount=1 ucsCount=0 flags=1 obj=0x72a8b4b8 self=0xb4000079a0a10380',
    `  | sysTid=${pid} nice=-10 cgrp=top-app sched=0/0 handle=0x7b2d3a64f8`,
    '  | state=S schedstat=( 512883546 98120331 803 ) utm=41 stm=9 core=3 HZ=100',
    '  at java.lang.Thread.sleep(Native method)',
    '  - sleeping on <0x0d6cbd2e> (a java.lang.Object)',
    '  at java.lang.Thread.sleep(Thread.java:450)',
    `  at ${activity}.onClick(${simpleName(packageName, activity)}.kt:57)`,
    '  at android.view.View.performClick(View.java:7659)',
    '  at android.os.Handler.handleCallback(Handler.java:958)',
    '  at android.os.Looper.loop(Looper.java:294)',
    '  at android.app.ActivityThread.main(ActivityThread.java:8177)',
    '',
    '"Signal Catcher" daemon prio=10 tid=2 Runnable',
    `  | sysTid=${pid + 7} nice=-20 cgrp=top-app sched=0/0 handle=0x7a1e5ffcb0`,
    '  native: #00 pc 000000000053a6e0  /apex/com.android.art/lib64/libart.so',
    '',
    `"RenderThread" prio=7 tid=3 Native`,
    `  | sysTid=${pid + 27} nice=-10 cgrp=top-app sched=0/0 handle=0x79f0dffcb0`,
    '  native: #00 pc 00000000000a33b8  /apex/com.android.runtime/lib64/bionic/libc.so (__epoll_pwait+8)',
    '',
    `----- end ${pid} -----`,
    '',
  ].join('\n');
}

/**
 * An app stops responding: `ANR in pkg (pkg/.Activity)` with PID, Reason, Load and CPU usage from ActivityManager
 * (E, system buffer), am_anr in events, a data_app_anr dropbox entry, and its threads' stacks in
 * /data/anr/traces.txt (before API 28) or /data/anr/anr_<time> (API 28+). The process keeps running, as it does
 * while Android's "isn't responding" dialog waits for the user.
 */
export function anrApp(state: DeviceState, packageName: string): AppFaultResult {
  const processes = processesOf(state);
  const pid = processes.pidOf(packageName);
  if (pid === undefined) return { ok: false, reason: `${packageName} is not running` };
  const activity = mainActivity(state, packageName);
  const short = activity.startsWith(`${packageName}.`) ? activity.slice(packageName.length) : activity;
  const reason = `Input dispatching timed out (${Number(pid % 0xfffffff).toString(16)} ${packageName}/${activity} (server) is not responding. Waited 5001ms for MotionEvent)`;
  const report = [
    `ANR in ${packageName} (${packageName}/${short})`,
    `PID: ${pid}`,
    `Reason: ${reason}`,
    `Parent: ${packageName}/${short}`,
    'Frozen: false',
    'Load: 1.52 / 0.88 / 0.61',
    '----- Output from /proc/pressure/memory -----',
    'some avg10=0.00 avg60=0.00 avg300=0.00 total=2214562',
    'full avg10=0.00 avg60=0.00 avg300=0.00 total=1029913',
    '----- End output from /proc/pressure/memory -----',
    '',
    'CPU usage from 0ms to 5342ms later:',
    `  48% ${SYSTEM_SERVER_PID}/system_server: 30% user + 18% kernel / faults: 4010 minor`,
    `  21% ${pid}/${packageName}: 17% user + 4% kernel / faults: 1733 minor`,
    '  6.1% 566/surfaceflinger: 3.8% user + 2.2% kernel',
    '19% TOTAL: 12% user + 6.4% kernel + 0.2% iowait + 0.4% irq + 0.1% softirq',
  ].join('\n');
  state.appendLog({
    ...SYSTEM,
    tid: SYSTEM_SERVER_PID + 58,
    buffer: 'events',
    priority: 'I',
    tag: 'am_anr',
    message: `[0,${pid},${packageName},952745541,${reason}]`,
    event: {
      tagNumber: 30008,
      values: [{ int: 0 }, { int: pid }, { string: packageName }, { int: 952_745_541 }, { string: reason }],
    },
  });
  state.appendLog({
    ...SYSTEM,
    tid: SYSTEM_SERVER_PID + 58,
    buffer: 'system',
    priority: 'E',
    tag: 'ActivityManager',
    message: report,
  });
  const files = filesOf(state);
  const nowSeconds = Math.floor(state.now() / 1000);
  files.makeDirectory('/data/anr', nowSeconds);
  const traces = tracesText(state, packageName, pid, activity);
  const path = state.sdkLevel >= 28 ? `/data/anr/anr_${anrStamp(state.now())}` : '/data/anr/traces.txt';
  files.write(path, { data: Buffer.from(traces), mode: 0o600, mtimeSeconds: nowSeconds });
  dropboxOf(state).add({
    tag: 'data_app_anr',
    timeMs: state.now(),
    text: `${dropboxHeaders(state, packageName, pid, state.foreground.packageName === packageName)}Subject: ${reason}\n\n${report}\n\n${traces}`,
  });
  return { ok: true, pid };
}
