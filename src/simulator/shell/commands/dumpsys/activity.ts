// `dumpsys activity activities|top|processes|services|recents|lastanr`: ActivityManagerService's sections. Up to
// API 28 tasks are TaskRecords in numbered stacks; from API 29 they are Task{...} entries in task display areas.
import { processesOf, type DeviceProcess } from '../../../device/processes';
import { shortComponent, type Component, type DeviceState } from '../../../device/state';
import { appUid } from '../../../device/systemDefaults';
import { systemStateOf } from '../../../device/systemState';
import { activityRecord, dateTimeMillis, duration, identity, lines, SEPARATOR, taskId } from './format';
import { configurationText, currentSize } from './window';

function uidText(uid: number): string {
  return uid >= 10_000 ? `u0a${uid - 10_000}` : String(uid);
}

function taskText(state: DeviceState, component: Component, visible: boolean, home = false): string {
  const id = taskId(component.packageName);
  const uid = appUid(state, component.packageName);
  if (state.sdkLevel < 29)
    return `TaskRecord{${identity(`task:${component.packageName}`)} #${id} A=${component.packageName} U=0 StackId=${id} sz=1}`;
  const type = home ? 'home' : 'standard';
  return `Task{${identity(`task:${component.packageName}`)} #${id} type=${type} A=${uid}:${component.packageName} U=0 visible=${visible} visibleRequested=${visible} mode=fullscreen translucent=false sz=1}`;
}

function recordLines(state: DeviceState, component: Component, indent: string): string[] {
  const info = state.getPackage(component.packageName);
  const pid = processesOf(state).pidOf(component.packageName);
  return [
    `${indent}packageName=${component.packageName} processName=${component.packageName}`,
    `${indent}launchedFromUid=2000 launchedFromPackage=com.android.shell userId=0`,
    `${indent}app=${pid === undefined ? 'null' : processRecord(state, component.packageName, pid)}`,
    `${indent}Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10000000 cmp=${shortComponent(component)} }`,
    `${indent}baseDir=${info?.apkPath ?? ''}`,
    `${indent}dataDir=/data/user/0/${component.packageName}`,
  ];
}

function processRecord(state: DeviceState, packageName: string, pid: number): string {
  const uid = appUid(state, packageName);
  return `ProcessRecord{${identity(`process:${packageName}:${pid}`)} ${pid}:${packageName}/${uidText(uid)}}`;
}

function activitiesModern(state: DeviceState): string[] {
  const foreground = state.foreground;
  const launcher = state.launcher;
  const onHome = foreground.packageName === launcher.packageName;
  const record = activityRecord(foreground);
  const rows = ['Display #0 (activities from top to bottom):'];
  if (!onHome) {
    rows.push(
      `  * ${taskText(state, foreground, true)}`,
      `    mResumedActivity: ${record}`,
      `    * Hist  #0: ${record}`,
      ...recordLines(state, foreground, '        '),
    );
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
    return [
      `  Stack #${home ? 0 : id}:${state.sdkLevel >= 28 ? ` type=${home ? 'home' : 'standard'} mode=fullscreen` : ''}`,
      `    Task id #${id}`,
      `    * ${taskText(state, component, resumed, home)}`,
      `      * Hist #0: ${record}`,
      ...recordLines(state, component, '          '),
      '',
      '    Running activities (most recent first):',
      `      ${taskText(state, component, resumed, home)}`,
      `        Run #0: ${record}`,
      ...(resumed ? ['', `    mResumedActivity: ${record}`] : []),
      '',
    ];
  };
  const record = activityRecord(foreground);
  const rows = ['Display #0 (activities from top to bottom):'];
  if (!onHome) rows.push(...stack(foreground, false, true));
  rows.push(...stack(launcher, true, onHome));
  if (state.sdkLevel < 28) rows.push(` mFocusedActivity: ${record}`);
  rows.push(` ResumedActivity: ${record}`);
  return rows;
}

export function activitiesDump(state: DeviceState): string {
  return lines(
    'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
    state.sdkLevel >= 29 ? activitiesModern(state) : activitiesLegacy(state),
  );
}

function topDump(state: DeviceState): string {
  const foreground = state.foreground;
  const processes = processesOf(state);
  const pid = processes.pidOf(foreground.packageName) ?? processes.start(foreground.packageName);
  const owner = state.sdkLevel >= 29 ? `${appUid(state, foreground.packageName)}:` : '';
  const simpleName = foreground.activity.split('.').pop() ?? foreground.activity;
  const { width, height } = currentSize(state);
  return lines(
    `TASK ${owner}${foreground.packageName} id=${taskId(foreground.packageName)} userId=0`,
    `  ACTIVITY ${shortComponent(foreground)} ${identity(`activity:${foreground.packageName}/${foreground.activity}`)} pid=${pid}`,
    `    Local Activity ${identity(`local:${foreground.activity}`)} State:`,
    '      mResumed=true mStopped=false mFinished=false',
    '      mIsChangingConfigurations=false',
    `      mCurrentConfig=${configurationText(state)}`,
    '      mLoadersStarted=true',
    '',
    '    View Hierarchy:',
    `      DecorView@${identity(`decor:${foreground.activity}`)}[${simpleName}]`,
    `        android.widget.LinearLayout{${identity(`linear:${foreground.activity}`)} V.E...... ........ 0,0-${width},${height}}`,
    `          android.widget.FrameLayout{${identity(`content:${foreground.activity}`)} V.E...... ........ 0,0-${width},${height} #1020002 android:id/content}`,
    `    Looper (main, tid 1) {${identity(`looper:${foreground.packageName}`)}}`,
    '      (Total messages: 0, polling=true, quitting=false)',
  );
}

/** Process state as ActivityManager's LRU list shows it, by role. */
function processRole(state: DeviceState, process: DeviceProcess): [string, string, string] {
  if (process.name === state.foreground.packageName) return ['fg     T/A/TOP', 'LCM', 'top-activity'];
  if (process.name === 'com.android.systemui') return ['vis    F/ /BFGS', '---', 'service'];
  if (process.name === state.launcher.packageName) return ['prev   S/ /LAST', '---', 'previous'];
  return ['cch+ 5 B/ /CEM ', '---', 'cch-empty'];
}

const ROLE_ORDER = ['top-activity', 'service', 'previous', 'cch-empty'];

function processesDump(state: DeviceState): string {
  const rank = (process: DeviceProcess): number => ROLE_ORDER.indexOf(processRole(state, process)[2]);
  const apps = processesOf(state)
    .list()
    .filter((process) => process.user.startsWith('u0_a'))
    .sort((a, b) => rank(a) - rank(b) || a.pid - b.pid);
  const rows = ['ACTIVITY MANAGER RUNNING PROCESSES (dumpsys activity processes)', '  All known processes:'];
  const elapsed = systemStateOf(state).elapsedNow();
  for (const process of apps) {
    const uid = appUid(state, process.name);
    const info = state.getPackage(process.name);
    const foreground = process.name === state.foreground.packageName;
    rows.push(
      `  *APP* UID ${uid} ${processRecord(state, process.name, process.pid)}`,
      `    user #0 uid=${uid} gids={${uid + 40_000}, ${uid + 10_000}, 9997}`,
      `    mRequiredAbi=${state.getProperty('ro.product.cpu.abi') ?? 'arm64-v8a'} instructionSet=null`,
      `    dir=${info?.apkPath ?? ''} publicDir=${info?.apkPath ?? ''} data=/data/user/0/${process.name}`,
      `    packageList={${process.name}}`,
      `    compat={${state.configuration().densityDpi}dpi}`,
      `    thread=android.app.IApplicationThread$Stub$Proxy@${identity(`thread:${process.pid}`)}`,
      `    pid=${process.pid} starting=false`,
      `    lastActivityTime=${duration(-Math.min(elapsed, 60_000 + (process.pid % 97) * 1000))}`,
      `    oom: max=1001 curRaw=${foreground ? 0 : 900} setRaw=${foreground ? 0 : 900} cur=${foreground ? 0 : 900} set=${foreground ? 0 : 900}`,
      `    curProcState=${foreground ? 2 : 16} mRepProcState=${foreground ? 2 : 16} setProcState=${foreground ? 2 : 16}`,
    );
  }
  rows.push(
    '',
    `  Process LRU list (sorted by oom_adj, ${apps.length} total, non-act at 0, non-svc at 0):`,
    ...apps.map((process, index) => {
      const [state_, schedule, reason] = processRole(state, process);
      const uid = appUid(state, process.name);
      return `    Proc #${String(index).padStart(2)}: ${state_}  ${schedule}  t: 0 ${process.pid}:${process.name}/${uidText(uid)} (${reason})`;
    }),
    '',
    '  PID mappings:',
    ...apps.map((process) => `    PID #${process.pid}: ${processRecord(state, process.name, process.pid)}`),
  );
  return lines(rows);
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
    rows.push(
      `  * Recent #${index}: ${taskText(state, task, visible)}`,
      `    userId=0 effectiveUid=${uid} mCallingUid=${uid} mUserSetupComplete=true mCallingPackage=${task.packageName}`,
      `    affinity=${state.sdkLevel >= 29 ? `${appUid(state, task.packageName)}:` : ''}${task.packageName}`,
      `    intent={act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=${shortComponent(task)}}`,
      `    realActivity=${shortComponent(task)}`,
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
    return [lastAnrDump, servicesDump, recentsDump, activitiesDump, processesDump]
      .map((dump) => dump(state))
      .join(`${SEPARATOR}\n`);
  const dump = SECTIONS[section];
  if (dump && !(section === 'lastanr' && state.sdkLevel < 28)) return dump(state);
  return lines(`Bad activity command, or no activities match: ${section}`, 'Use -h for help.');
}
