// `dumpsys activity activities|top|processes|services|recents|lastanr`: ActivityManagerService's sections. Up to
// API 29 tasks are TaskRecords in numbered stacks; from API 30 they are Task{...} entries in task display areas.
import { navigationOf } from '../../../device/navigation';
import { processesOf } from '../../../device/processes';
import { lruDump, oomDump, processesDump, processRecord, uidText } from './activityProcesses';
import { shortComponent, type Component, type DeviceState } from '../../../device/state';
import { appUid } from '../../../device/systemDefaults';
import { systemStateOf } from '../../../device/systemState';
import { activityRecord, dateTimeMillis, duration, identity, lines, SEPARATOR, taskId } from './format';
import { configurationText, currentSize } from './window';

/**
 * The activities of `component`'s task, top first: its back stack (a detail activity over the main one) when
 * `component` is on top of it, else just `component` (an activity started on its own, e.g. by `am start -n`).
 */
function taskActivities(state: DeviceState, component: Component): Component[] {
  const stack = navigationOf(state).activities(component.packageName);
  const activities = stack.at(-1) === component.activity ? stack : [component.activity];
  return activities.map((activity) => ({ packageName: component.packageName, activity })).reverse();
}

function taskText(state: DeviceState, component: Component, visible: boolean, home = false): string {
  const id = taskId(component.packageName);
  const uid = appUid(state, component.packageName);
  const size = taskActivities(state, component).length;
  if (state.sdkLevel < 30)
    return `TaskRecord{${identity(`task:${component.packageName}`)} #${id} A=${component.packageName} U=0 StackId=${id} sz=${size}}`;
  const type = home ? 'home' : 'standard';
  return `Task{${identity(`task:${component.packageName}`)} #${id} type=${type} A=${uid}:${component.packageName} U=0 visible=${visible} visibleRequested=${visible} mode=fullscreen translucent=false sz=${size}}`;
}

/** `root` is the task's launch activity (started from the launcher or shell); others were started by the app. */
function recordLines(state: DeviceState, component: Component, indent: string, root = true): string[] {
  const info = state.getPackage(component.packageName);
  const pid = processesOf(state).pidOf(component.packageName);
  const launchedFrom = root
    ? 'launchedFromUid=2000 launchedFromPackage=com.android.shell'
    : `launchedFromUid=${appUid(state, component.packageName)} launchedFromPackage=${component.packageName}`;
  const intent = root
    ? `Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10000000 cmp=${shortComponent(component)} }`
    : `Intent { cmp=${shortComponent(component)} }`;
  return [
    `${indent}packageName=${component.packageName} processName=${component.packageName}`,
    `${indent}${launchedFrom} userId=0`,
    `${indent}app=${pid === undefined ? 'null' : processRecord(state, component.packageName, pid)}`,
    `${indent}${intent}`,
    `${indent}baseDir=${info?.apkPath ?? ''}`,
    `${indent}dataDir=/data/user/0/${component.packageName}`,
  ];
}

function activitiesModern(state: DeviceState): string[] {
  const foreground = state.foreground;
  const launcher = state.launcher;
  const onHome = foreground.packageName === launcher.packageName;
  const record = activityRecord(foreground);
  const rows = ['Display #0 (activities from top to bottom):'];
  if (!onHome) {
    const activities = taskActivities(state, foreground);
    rows.push(`  * ${taskText(state, foreground, true)}`, `    mResumedActivity: ${record}`);
    activities.forEach((activity, index) => {
      const position = activities.length - 1 - index;
      rows.push(
        `    * Hist  #${position}: ${activityRecord(activity)}`,
        ...recordLines(state, activity, '        ', position === 0),
      );
    });
  }
  const launcherRecord = activityRecord(launcher);
  rows.push(
    `  * ${taskText(state, launcher, onHome, true)}`,
    ...(onHome ? [`    mResumedActivity: ${launcherRecord}`] : []),
    `    * Hist  #0: ${launcherRecord}`,
    ...recordLines(state, launcher, '        '),
    '',
    '  Resumed activities in task display areas (from top to bottom):',
    `    Resumed: ${record}`,
    '',
    `  ResumedActivity: ${record}`,
  );
  if (state.sdkLevel >= 33) rows.push(`  topResumedActivity=${record}`);
  return rows;
}

function activitiesLegacy(state: DeviceState): string[] {
  const foreground = state.foreground;
  const launcher = state.launcher;
  const onHome = foreground.packageName === launcher.packageName;
  const stack = (component: Component, home: boolean, resumed: boolean): string[] => {
    const id = taskId(component.packageName);
    const record = activityRecord(component);
    const activities = taskActivities(state, component);
    const last = activities.length - 1;
    return [
      `  Stack #${home ? 0 : id}:${state.sdkLevel >= 28 ? ` type=${home ? 'home' : 'standard'} mode=fullscreen` : ''}`,
      `    Task id #${id}`,
      `    * ${taskText(state, component, resumed, home)}`,
      ...activities.flatMap((activity, index) => [
        `      * Hist #${last - index}: ${activityRecord(activity)}`,
        ...recordLines(state, activity, '          ', index === last),
      ]),
      '',
      '    Running activities (most recent first):',
      `      ${taskText(state, component, resumed, home)}`,
      ...activities.map((activity, index) => `        Run #${last - index}: ${activityRecord(activity)}`),
      ...(resumed ? ['', `    mResumedActivity: ${record}`] : []),
      '',
    ];
  };
  const record = activityRecord(foreground);
  const rows = ['Display #0 (activities from top to bottom):'];
  if (!onHome) rows.push(...stack(foreground, false, true));
  rows.push(...stack(launcher, true, onHome));
  // Up to API 25 the supervisor names the focused activity; from 26 it prints the resumed one twice, per display
  // (no space after the colon) and for the top display.
  if (state.sdkLevel < 28) rows.push(` mFocusedActivity: ${record}`);
  if (state.sdkLevel >= 26) rows.push(` ResumedActivity:${record}`, '', `  ResumedActivity: ${record}`);
  return rows;
}

export function activitiesDump(state: DeviceState): string {
  return lines(
    'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
    state.sdkLevel >= 30 ? activitiesModern(state) : activitiesLegacy(state),
  );
}

/** One task's activity as `dumpsys activity top` (and `dumpsys activity PKG`) prints it. */
function taskActivityDump(state: DeviceState, component: Component): string {
  const processes = processesOf(state);
  const pid = processes.pidOf(component.packageName) ?? processes.start(component.packageName);
  const owner = state.sdkLevel >= 30 ? `${appUid(state, component.packageName)}:` : '';
  const simpleName = component.activity.split('.').pop() ?? component.activity;
  const resumed = component.packageName === state.foreground.packageName;
  const { width, height } = currentSize(state);
  return lines(
    `TASK ${owner}${component.packageName} id=${taskId(component.packageName)} userId=0`,
    `  ACTIVITY ${shortComponent(component)} ${identity(`activity:${component.packageName}/${component.activity}`)} pid=${pid}`,
    `    Local Activity ${identity(`local:${component.activity}`)} State:`,
    `      mResumed=${resumed} mStopped=${!resumed} mFinished=false`,
    '      mIsChangingConfigurations=false',
    `      mCurrentConfig=${configurationText(state)}`,
    '      mLoadersStarted=true',
    '',
    '    View Hierarchy:',
    `      DecorView@${identity(`decor:${component.activity}`)}[${simpleName}]`,
    `        android.widget.LinearLayout{${identity(`linear:${component.activity}`)} V.E...... ........ 0,0-${width},${height}}`,
    `          android.widget.FrameLayout{${identity(`content:${component.activity}`)} V.E...... ........ 0,0-${width},${height} #1020002 android:id/content}`,
    `    Looper (main, tid 1) {${identity(`looper:${component.packageName}`)}}`,
    '      (Total messages: 0, polling=true, quitting=false)',
  );
}

function topDump(state: DeviceState): string {
  return taskActivityDump(state, state.foreground);
}

/** The task of an app with a running process (foreground, launcher or a recent task), for `dumpsys activity PKG`. */
function taskOf(state: DeviceState, packageName: string): Component | undefined {
  if (processesOf(state).pidOf(packageName) === undefined) return undefined;
  const tasks = [state.foreground, state.launcher, ...systemStateOf(state).recents()];
  return tasks.find((task) => task.packageName === packageName);
}

interface RunningService {
  component: Component;
  foreground: boolean;
}

function runningServices(state: DeviceState): RunningService[] {
  const services: RunningService[] = [
    {
      component: { packageName: 'com.android.systemui', activity: 'com.android.systemui.SystemUIService' },
      foreground: false,
    },
  ];
  const accessibility = state.getSetting('secure', 'enabled_accessibility_services') ?? '';
  for (const entry of accessibility.split(':').filter((value) => value.includes('/'))) {
    const [packageName = '', service = ''] = entry.split('/');
    if (state.getPackage(packageName))
      services.push({
        component: { packageName, activity: service.startsWith('.') ? packageName + service : service },
        foreground: false,
      });
  }
  return services;
}

function servicesDump(state: DeviceState): string {
  const processes = processesOf(state);
  const elapsed = systemStateOf(state).elapsedNow();
  const rows = ['ACTIVITY MANAGER SERVICES (dumpsys activity services)', '  User 0 active services:'];
  for (const { component, foreground } of runningServices(state)) {
    const pid = processes.pidOf(component.packageName) ?? processes.start(component.packageName);
    rows.push(
      `  * ServiceRecord{${identity(`service:${component.activity}`)} u0 ${shortComponent(component)}}`,
      `    intent={cmp=${shortComponent(component)}}`,
      `    packageName=${component.packageName}`,
      `    processName=${component.packageName}`,
      `    baseDir=${state.getPackage(component.packageName)?.apkPath ?? ''}`,
      `    dataDir=/data/user/0/${component.packageName}`,
      `    app=${processRecord(state, component.packageName, pid)}`,
      `    isForeground=${foreground} foregroundId=0 foregroundNoti=null`,
      `    createTime=${duration(-(elapsed - 30_000))} startingBgTimeout=--`,
      `    lastActivity=${duration(-(elapsed - 30_000))} restartTime=${duration(-(elapsed - 30_000))} createdFromFg=true`,
      '    startRequested=true delayedStop=false stopIfKilled=false callStart=true lastStartId=1',
      '',
    );
  }
  rows.push('  Connection bindings to services:', '');
  return lines(rows);
}

function recentsDump(state: DeviceState): string {
  const rows = ['ACTIVITY MANAGER RECENT TASKS (dumpsys activity recents)'];
  const system = systemStateOf(state);
  if (state.sdkLevel >= 29) {
    rows.push(
      `  mRecentsUid=${appUid(state, state.launcher.packageName)}`,
      `  mRecentsComponent=ComponentInfo{${state.launcher.packageName}/com.android.quickstep.RecentsActivity}`,
      '  mFreezeTaskListReordering=false',
    );
  }
  rows.push('  Recent tasks:');
  system.recents().forEach((task, index) => {
    const uid = uidText(appUid(state, task.packageName));
    const visible = task.packageName === state.foreground.packageName;
    // A task's intent and realActivity are its root activity's, whatever detail activity is on top.
    const rootActivity = taskActivities(state, task).at(-1) ?? task;
    rows.push(
      `  * Recent #${index}: ${taskText(state, task, visible)}`,
      `    userId=0 effectiveUid=${uid} mCallingUid=${uid} mUserSetupComplete=true mCallingPackage=${task.packageName}`,
      `    affinity=${state.sdkLevel >= 30 ? `${appUid(state, task.packageName)}:` : ''}${task.packageName}`,
      `    intent={act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=${shortComponent(rootActivity)}}`,
      `    realActivity=${shortComponent(rootActivity)}`,
      `    rootWasReset=true mNeverRelinquishIdentity=true mReuseTask=false mLockTaskAuth=LOCK_TASK_AUTH_PINNABLE`,
    );
  });
  return lines(rows);
}

function lastAnrDump(state: DeviceState): string {
  const anr = systemStateOf(state).lastAnr;
  const rows = ['ACTIVITY MANAGER LAST ANR (dumpsys activity lastanr)'];
  if (!anr) rows.push('  <no ANR has occurred since boot>');
  else
    rows.push(
      `  ANR time: ${dateTimeMillis(state, anr.timeMs)}`,
      `  Application at fault: ${anr.pid}:${anr.packageName}/${uidText(appUid(state, anr.packageName))}`,
      `  Reason: ${anr.reason}`,
      ...(anr.activity === undefined ? [] : [`  Activity: ${anr.activity}`]),
    );
  return lines(rows);
}

const SECTIONS: Record<string, (state: DeviceState) => string> = {
  activities: activitiesDump,
  a: activitiesDump,
  top: topDump,
  processes: processesDump,
  p: processesDump,
  lru: lruDump,
  oom: oomDump,
  o: oomDump,
  services: servicesDump,
  s: servicesDump,
  recents: recentsDump,
  r: recentsDump,
  lastanr: lastAnrDump,
};

/** `dumpsys activity [section]`; without one, every section separated as ActivityManager does. */
export function activityService(state: DeviceState, args: readonly string[]): string {
  const section = args.find((argument) => !argument.startsWith('-'));
  if (section === undefined)
    return [
      servicesDump,
      recentsDump,
      ...(state.sdkLevel >= 28 ? [lastAnrDump] : []),
      activitiesDump,
      processesDump,
    ]
      .map((dump) => dump(state))
      .join(`${SEPARATOR}\n`);
  const dump = SECTIONS[section];
  if (dump && !(section === 'lastanr' && state.sdkLevel < 28)) return dump(state);
  const task = taskOf(state, section);
  if (task) return taskActivityDump(state, task);
  return lines(`Bad activity command, or no activities match: ${section}`, 'Use -h for help.');
}
