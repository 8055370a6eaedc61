import { shortComponent, type Component, type DeviceState } from '../../device/state';
import type { CommandContext } from '../commandTable';

const SERVICES = ['activity', 'display', 'package', 'window'];

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

/** The rotation the display shows: system user_rotation (0-3), as the simulator does not auto-rotate. */
function rotationOf(state: DeviceState): number {
  const rotation = Number.parseInt(state.getSetting('system', 'user_rotation') ?? '0', 10);
  return rotation >= 0 && rotation <= 3 ? rotation : 0;
}

// Layout of DisplayManagerService.dump (API 29+): viewports, display devices, logical displays.
function displayDump(state: DeviceState): string {
  const { physicalSize, physicalDensity } = state.display;
  const { screenSize, densityDpi } = state.configuration();
  const rotation = rotationOf(state);
  const swap = rotation % 2 === 1;
  const [width, height] = swap
    ? [screenSize.heightPx, screenSize.widthPx]
    : [screenSize.widthPx, screenSize.heightPx];
  const uniqueId = 'local:4619827259835644672';
  return [
    'DISPLAY MANAGER (dumpsys display)',
    '  mSafeMode=false',
    '  mPendingTraversal=false',
    `  mViewports=[DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, uniqueId='${uniqueId}', physicalPort=0, orientation=${rotation}, logicalFrame=Rect(0, 0 - ${width}, ${height}), physicalFrame=Rect(0, 0 - ${width}, ${height}), deviceWidth=${width}, deviceHeight=${height}}]`,
    '',
    'Display Devices: size=1',
    `  DisplayDeviceInfo{"Built-in Screen": uniqueId="${uniqueId}", ${physicalSize.widthPx} x ${physicalSize.heightPx}, modeId 1, renderFrameRate 60.0, defaultModeId 1, supportedModes [{id=1, width=${physicalSize.widthPx}, height=${physicalSize.heightPx}, fps=60.0}], density ${physicalDensity}, type INTERNAL, state ON, FLAG_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS}`,
    '    mCurrentLayerStack=0',
    `    mCurrentOrientation=${rotation}`,
    '',
    'Logical Displays: size=1',
    '  Display 0:',
    '    mDisplayId=0',
    '    mLayerStack=0',
    `    mBaseDisplayInfo=DisplayInfo{"Built-in Screen", displayId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, real ${physicalSize.widthPx} x ${physicalSize.heightPx}, largest app ${physicalSize.heightPx} x ${physicalSize.heightPx}, smallest app ${physicalSize.widthPx} x ${physicalSize.widthPx}, appVsyncOff 0, presDeadline 16666666, mode 1, defaultMode 1, modes [{id=1, width=${physicalSize.widthPx}, height=${physicalSize.heightPx}, fps=60.0}], rotation 0, state ON, density ${physicalDensity}}`,
    `    mOverrideDisplayInfo=DisplayInfo{"Built-in Screen", displayId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, real ${width} x ${height}, largest app ${height} x ${height}, smallest app ${width} x ${width}, appVsyncOff 0, presDeadline 16666666, mode 1, defaultMode 1, modes [{id=1, width=${physicalSize.widthPx}, height=${physicalSize.heightPx}, fps=60.0}], rotation ${rotation}, state ON, density ${densityDpi}}`,
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

/** `dumpsys window [windows|displays]`, `dumpsys display`, `dumpsys activity activities`, `dumpsys package PKG`, `dumpsys` (service list). */
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
  if (service === 'display') {
    context.stdout(displayDump(context.device.state));
    return 0;
  }
  if (service === 'package') {
    context.stdout(packageDump(state, section));
    return 0;
  }
  context.stderr(`Can't find service: ${service}\n`);
  return 0;
}
