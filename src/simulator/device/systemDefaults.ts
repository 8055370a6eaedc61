// What a phone's system services hold an hour after boot: each installed app's periodic sync job and refresh alarm,
// a couple of notifications, and in dropbox one earlier crash and one earlier ANR (the apps restarted since).
import { appUser } from './processes';
import type { DeviceState } from './state';
import type { AlarmRecord, AnrRecord, DropboxEntry, JobRecord, NotificationRecord } from './systemTypes';

const MINUTE_MS = 60_000;

/** The uid of a package: 10000 + the app id `ps` shows as u0_aNNN (System UI: u0_a178). */
export function appUid(state: DeviceState, packageName: string): number {
  if (packageName === 'android') return 1000;
  if (packageName === 'com.android.systemui') return 10_178;
  return 10_000 + Number.parseInt(appUser(state, packageName).slice('u0_a'.length), 10);
}

/** Third-party apps that schedule background work (the simulator's own Operator schedules none). */
export function workPackages(state: DeviceState): string[] {
  return state
    .listPackages()
    .filter((info) => !info.system && !info.packageName.startsWith('com.androperator.'))
    .map((info) => info.packageName)
    .sort();
}

export function seedJobs(packages: readonly string[], elapsedMs: number): JobRecord[] {
  return packages.flatMap((packageName, index): JobRecord[] => {
    const sync: JobRecord = {
      packageName,
      jobId: 1001,
      service: `${packageName}.sync.SyncJobService`,
      periodicMs: 15 * MINUTE_MS,
      flexMs: 5 * MINUTE_MS,
      requiredNetwork: 'any',
      lastRunElapsedMs: elapsedMs - (4 + index * 3) * MINUTE_MS,
    };
    if (index > 0) return [sync];
    return [
      sync,
      {
        packageName,
        jobId: 2002,
        service: `${packageName}.upload.UploadJobService`,
        requiresCharging: true,
        requiredNetwork: 'unmetered',
      },
    ];
  });
}

export function seedAlarms(packages: readonly string[], elapsedMs: number): AlarmRecord[] {
  const system: AlarmRecord[] = [
    {
      packageName: 'android',
      type: 'RTC',
      tag: '*alarm*:android.intent.action.TIME_TICK',
      whenElapsedMs: elapsedMs + 42_000,
      windowMs: 0,
      repeatIntervalMs: 0,
    },
    {
      packageName: 'android',
      type: 'ELAPSED_WAKEUP',
      tag: '*walarm*:DeviceIdleController.deep',
      whenElapsedMs: elapsedMs + 27 * MINUTE_MS,
      windowMs: 0,
      repeatIntervalMs: 0,
    },
  ];
  return [
    ...system,
    ...packages.map((packageName, index): AlarmRecord => ({
      packageName,
      type: index % 2 === 0 ? 'ELAPSED_WAKEUP' : 'RTC_WAKEUP',
      tag: `*walarm*:${packageName}.action.REFRESH`,
      whenElapsedMs: elapsedMs + (6 + index * 5) * MINUTE_MS,
      windowMs: 10 * MINUTE_MS,
      repeatIntervalMs: 60 * MINUTE_MS,
    })),
  ];
}

export function seedNotifications(
  state: DeviceState,
  packages: readonly string[],
  nowMs: number,
): NotificationRecord[] {
  const adb: NotificationRecord = {
    packageName: 'android',
    id: 26,
    channelId: 'DEVELOPER_IMPORTANT',
    title: 'USB debugging connected',
    text: 'Tap to turn off USB debugging',
    postTimeMs: nowMs - 55 * MINUTE_MS,
    importance: 2,
    ongoing: true,
  };
  const apps = packages.slice(0, 2).map((packageName, index): NotificationRecord => ({
    packageName,
    id: 100 + index,
    tag: 'updates',
    channelId: 'updates',
    title: state.getPackage(packageName)?.label ?? packageName,
    text: index === 0 ? '3 new updates' : 'Your order has shipped',
    postTimeMs: nowMs - (12 + index * 9) * MINUTE_MS,
    importance: 3,
    ongoing: false,
  }));
  return [...apps, adb];
}

function header(state: DeviceState, packageName: string, pid: number): string {
  const info = state.getPackage(packageName);
  return [
    `Process: ${packageName}`,
    `PID: ${pid}`,
    `UID: ${appUid(state, packageName)}`,
    `Flags: 0x38c83e44`,
    `Package: ${packageName} v${info?.versionCode ?? 1} (${info?.versionName ?? '1.0'})`,
    'Foreground: Yes',
  ].join('\n');
}

/** The launch activity's simple class name, for stack frames. */
function classOf(state: DeviceState, packageName: string): string {
  return state.getPackage(packageName)?.launchActivity ?? `${packageName}.MainActivity`;
}

export function crashText(state: DeviceState, packageName: string, pid: number): string {
  const activity = classOf(state, packageName);
  const file = `${activity.split('.').pop() ?? 'MainActivity'}.kt`;
  return [
    header(state, packageName, pid),
    `Build: ${state.getProperty('ro.build.fingerprint') ?? ''}`,
    'Dropped-Count: 0',
    '',
    "java.lang.NullPointerException: Attempt to invoke virtual method 'int java.lang.String.length()' on a null object reference",
    `\tat ${activity}.onResume(${file}:87)`,
    '\tat android.app.Instrumentation.callActivityOnResume(Instrumentation.java:1531)',
    '\tat android.app.Activity.performResume(Activity.java:8735)',
    '\tat android.app.ActivityThread.performResumeActivity(ActivityThread.java:5123)',
    '\tat android.os.Handler.dispatchMessage(Handler.java:106)',
    '\tat android.os.Looper.loop(Looper.java:317)',
    '\tat android.app.ActivityThread.main(ActivityThread.java:8705)',
    '\tat java.lang.reflect.Method.invoke(Native Method)',
    '\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:886)',
    '',
  ].join('\n');
}

export function anrText(state: DeviceState, anr: AnrRecord): string {
  return [
    header(state, anr.packageName, anr.pid),
    ...(anr.activity === undefined ? [] : [`Activity: ${anr.activity}`]),
    `Subject: ${anr.reason}`,
    `Build: ${state.getProperty('ro.build.fingerprint') ?? ''}`,
    'Dropped-Count: 0',
    '',
    'CPU usage from 0ms to 6012ms later:',
    `  38% ${anr.pid}/${anr.packageName}: 35% user + 3% kernel`,
    '  12% 1215/system_server: 8% user + 4% kernel',
    '',
    `----- pid ${anr.pid} -----`,
    `Cmd line: ${anr.packageName}`,
    '"main" prio=5 tid=1 Sleeping',
    `  | sysTid=${anr.pid} nice=-10 cgrp=top-app`,
    '  at java.lang.Thread.sleep(Native method)',
    `  at ${classOf(state, anr.packageName)}.loadInbox(${classOf(state, anr.packageName).split('.').pop() ?? 'Main'}.kt:141)`,
    '  at android.os.Looper.loop(Looper.java:317)',
    '----- end -----',
    '',
  ].join('\n');
}

/** A boot entry, then one crash (first app) and one ANR (second app, or the first when alone). */
export function seedDropbox(
  state: DeviceState,
  packages: readonly string[],
  bootTimeMs: number,
  nowMs: number,
): { entries: DropboxEntry[]; anr: AnrRecord | undefined } {
  const entries: DropboxEntry[] = [
    {
      tag: 'SYSTEM_BOOT',
      timeMs: bootTimeMs + 21_000,
      text: `Build: ${state.getProperty('ro.build.fingerprint') ?? ''}\n`,
    },
  ];
  const [crashed, frozen = crashed] = packages;
  if (crashed !== undefined)
    entries.push({
      tag: 'data_app_crash',
      timeMs: nowMs - 41 * MINUTE_MS,
      text: crashText(state, crashed, 2107),
    });
  let anr: AnrRecord | undefined;
  if (frozen !== undefined) {
    const activity = state.getPackage(frozen)?.launchActivity;
    anr = {
      packageName: frozen,
      pid: 2213,
      activity: activity === undefined ? undefined : `${frozen}/${activity}`,
      reason: `Input dispatching timed out (${frozen} is not responding. Waited 5000ms for MotionEvent)`,
      timeMs: nowMs - 23 * MINUTE_MS,
    };
    entries.push({ tag: 'data_app_anr', timeMs: anr.timeMs, text: anrText(state, anr) });
  }
  return { entries, anr };
}
