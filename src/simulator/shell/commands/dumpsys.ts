import { shortComponent, type Component, type DeviceState } from '../../device/state';
import type { CommandContext } from '../commandTable';

const SERVICES = ['activity', 'package', 'window'];

/** Stable 7-hex-digit identity like Android's System.identityHashCode in dumps. */
function identity(text: string): string {
  let hash = 0x811c9dc5;
  for (const character of text) hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return (hash & 0xfffffff).toString(16).padStart(7, '0');
}

function windowName(component: Component): string {
  return `Window{${identity(`window:${component.packageName}/${component.activity}`)} u0 ${component.packageName}/${component.activity}}`;
}

function activityRecord(component: Component): string {
  return `ActivityRecord{${identity(`activity:${component.packageName}/${component.activity}`)} u0 ${shortComponent(component)} t${12 + (component.packageName.length % 20)}}`;
}

function focusLines(state: DeviceState): string {
  const foreground = state.foreground;
  return `  mCurrentFocus=${windowName(foreground)}\n  mFocusedApp=${activityRecord(foreground)}\n`;
}

function windowsDump(state: DeviceState): string {
  const foreground = state.foreground;
  const { screenSize, densityDpi, fontScale, locale } = state.configuration();
  return [
    'WINDOW MANAGER WINDOWS (dumpsys window windows)',
    '  Window #0 Window{0a1b2c3 u0 StatusBar}:',
    '    mDisplayId=0 rootTaskId=1 mSession=Session{4d5e6f7 1234:u0a10050} mClient=android.os.BinderProxy@1a2b3c4',
    '    mOwnerUid=10050 showForAllUsers=true package=com.android.systemui appop=NONE',
    '    mAttrs={(0,0)(fillxWRAP) ty=STATUS_BAR fmt=TRANSLUCENT}',
    `  Window #1 ${windowName(foreground)}:`,
    `    mDisplayId=0 rootTaskId=12 mSession=Session{5e6f7a8 4321:u0a10123} mClient=android.os.BinderProxy@2b3c4d5`,
    `    mOwnerUid=10123 showForAllUsers=false package=${foreground.packageName} appop=NONE`,
    `    mAttrs={(0,0)(fillxfill) ty=BASE_APPLICATION fmt=TRANSLUCENT}`,
    `    mActivityRecord=${activityRecord(foreground)}`,
    '',
    `  mGlobalConfiguration={${fontScale} ?mcc?mnc [${locale.replace('-', '_')}] ldltr w${screenSize.widthPx}px h${screenSize.heightPx}px ${densityDpi}dpi}`,
    focusLines(state),
  ].join('\n');
}

function displaysDump(state: DeviceState): string {
  const { physicalSize, physicalDensity } = state.display;
  const { screenSize, densityDpi } = state.configuration();
  return [
    'WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)',
    `  Display: mDisplayId=0 rootTasks=2`,
    `    init=${physicalSize.widthPx}x${physicalSize.heightPx} ${physicalDensity}dpi base=${screenSize.widthPx}x${screenSize.heightPx} ${densityDpi}dpi cur=${screenSize.widthPx}x${screenSize.heightPx} app=${screenSize.widthPx}x${screenSize.heightPx}`,
    '',
  ].join('\n');
}

function activitiesDump(state: DeviceState): string {
  const record = activityRecord(state.foreground);
  return [
    'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
    'Display #0 (activities from top to bottom):',
    `  mResumedActivity: ${record}`,
    `  ResumedActivity: ${record}`,
    `  topResumedActivity=${record}`,
    '',
  ].join('\n');
}

function packageDump(state: DeviceState, packageName: string | undefined): string {
  const info = packageName === undefined ? undefined : state.getPackage(packageName);
  if (!info) return '';
  return [
    'Packages:',
    `  Package [${info.packageName}] (${identity(`package:${info.packageName}`)}):`,
    `    userId=${info.system ? 1000 : 10123}`,
    `    codePath=${info.apkPath.replace(/\/base\.apk$/, '')}`,
    `    versionCode=${info.versionCode} minSdk=24 targetSdk=${state.sdkLevel}`,
    `    versionName=${info.versionName}`,
    `    flags=[ ${info.system ? 'SYSTEM ' : ''}HAS_CODE ALLOW_CLEAR_USER_DATA ]`,
    '',
  ].join('\n');
}

/** `dumpsys window [windows|displays]`, `dumpsys activity activities`, `dumpsys package PKG`, `dumpsys` (service list). */
export function dumpsys(context: CommandContext): number {
  const { state } = context.device;
  const [service, section] = context.args;
  if (service === undefined || service === '-l') {
    context.stdout(`Currently running services:\n${SERVICES.map((name) => `  ${name}\n`).join('')}`);
    return 0;
  }
  if (service === 'window') {
    if (section === 'displays') context.stdout(displaysDump(state));
    else if (section === undefined || section === '-a')
      context.stdout(`${displaysDump(state)}\n${windowsDump(state)}`);
    else if (section === 'windows') context.stdout(windowsDump(state));
    else context.stdout(focusLines(state));
    return 0;
  }
  if (service === 'activity') {
    context.stdout(activitiesDump(state));
    return 0;
  }
  if (service === 'package') {
    context.stdout(packageDump(state, section));
    return 0;
  }
  context.stderr(`Can't find service: ${service}\n`);
  return 0;
}
