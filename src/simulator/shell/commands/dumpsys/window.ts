// `dumpsys window`: WindowManagerService's sections. Where focus is printed depends on the API level: up to API 28 at
// the end of `windows` (mFocusedApp an AppWindowToken), from API 29 per display in `displays` (an ActivityRecord),
// which is why Appium reads `dumpsys window displays` on API 29+ and `dumpsys window windows` before.
import { processesOf } from '../../../device/processes';
import type { Component, DeviceState } from '../../../device/state';
import { appUid } from '../../../device/systemDefaults';
import { systemStateOf } from '../../../device/systemState';
import { activityRecord, dateTimeMillis, identity, lines, SEPARATOR, taskId, windowName } from './format';

/** The rotation the display shows: system user_rotation (0-3), as the simulator does not auto-rotate. */
export function rotationOf(state: DeviceState): number {
  const rotation = Number.parseInt(state.getSetting('system', 'user_rotation') ?? '0', 10);
  return rotation >= 0 && rotation <= 3 ? rotation : 0;
}

/** Current width and height in pixels, swapped for a quarter turn. */
export function currentSize(state: DeviceState): { width: number; height: number } {
  const { screenSize } = state.configuration();
  return rotationOf(state) % 2 === 1
    ? { width: screenSize.heightPx, height: screenSize.widthPx }
    : { width: screenSize.widthPx, height: screenSize.heightPx };
}

/** Configuration.toString: `{1.0 310mcc260mnc [en_US] ldltr sw411dp w411dp h914dp 420dpi nrml long port ...}`. */
export function configurationText(state: DeviceState): string {
  const { densityDpi, fontScale, locale } = state.configuration();
  const { width, height } = currentSize(state);
  const wDp = Math.round((width * 160) / densityDpi);
  const hDp = Math.round((height * 160) / densityDpi);
  const localeText = locale.replace('-', '_');
  const sdk = state.sdkLevel;
  const orientation = width > height ? 'land' : 'port';
  const scale = Number.isInteger(fontScale) ? fontScale.toFixed(1) : String(fontScale);
  const rect = `Rect(0, 0 - ${width}, ${height})`;
  const rotation = `ROTATION_${rotationOf(state) * 90}`;
  // An Android TV (leanback): no SIM (mcc 0 prints ?mcc), a large 16:9 screen, the television ui mode, no touch, a
  // D-pad remote for navigation.
  const tv = state.features.includes('android.software.leanback');
  const carrier = tv ? '?mcc?mnc' : '310mcc260mnc';
  const layout = tv ? `lrg long ${orientation} television` : `nrml long ${orientation}`;
  const input = tv ? '-touch -keyb/v/h dpad/v' : 'finger -keyb/v/h -nav/h';
  // mMaxBounds and mDisplayRotation joined WindowConfiguration in API 31.
  const bounds = `winConfig={ mBounds=${rect} mAppBounds=${rect}${sdk >= 31 ? ` mMaxBounds=${rect} mDisplayRotation=${rotation}` : ''} mWindowingMode=fullscreen mDisplayWindowingMode=fullscreen mActivityType=undefined mAlwaysOnTop=undefined mRotation=${rotation}}`;
  return [
    `{${scale} ${carrier} ${sdk >= 24 ? `[${localeText}]` : localeText} ldltr sw${Math.min(wDp, hDp)}dp w${wDp}dp h${hDp}dp ${densityDpi}dpi ${layout}`,
    sdk >= 29 ? ` night-no ${input}` : ` ${input}`,
    sdk >= 28 ? ` ${bounds}` : '',
    sdk >= 31 ? ' s.8 fontWeightAdjustment=0}' : ' s.5}',
  ].join('');
}

function focusedAppText(state: DeviceState, foreground: Component): string {
  const record = activityRecord(foreground);
  if (state.sdkLevel >= 29) return record;
  const token = identity(`token:${foreground.packageName}`);
  return `AppWindowToken{${identity(`appToken:${foreground.packageName}`)} token=Token{${token} ${record}}}`;
}

function focusLines(state: DeviceState): string[] {
  const foreground = state.foreground;
  const focus = systemStateOf(state).screenOn ? windowName(foreground) : 'null';
  return [`  mCurrentFocus=${focus}`, `  mFocusedApp=${focusedAppText(state, foreground)}`];
}

export function displaysDump(state: DeviceState): string {
  const { physicalSize, physicalDensity, overrideSize, overrideDensity } = state.display;
  const { screenSize, densityDpi } = state.configuration();
  const { width, height } = currentSize(state);
  const sdk = state.sdkLevel;
  const overridden = overrideSize !== undefined || overrideDensity !== undefined;
  const base = overridden ? ` base=${screenSize.widthPx}x${screenSize.heightPx} ${densityDpi}dpi` : '';
  const small = Math.min(width, height);
  const large = Math.max(width, height);
  const rows = [
    'WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)',
    `  Display: mDisplayId=0${sdk >= 31 ? ' (organized)' : ''}`,
    `    init=${physicalSize.widthPx}x${physicalSize.heightPx} ${physicalDensity}dpi${sdk >= 31 ? ' mMinSizeOfResizeableTaskDp=220' : ''}${base} cur=${width}x${height} app=${width}x${height} rng=${small}x${small}-${large}x${large}`,
    `    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,${width},${height}))`,
    '',
    `  mLayoutSeq=${200 + state.inputHistory().length}`,
  ];
  if (sdk >= 29) rows.push(...focusLines(state), `  mCurrentRotation=ROTATION_${rotationOf(state) * 90}`);
  return lines(rows, '');
}

interface WindowEntry {
  title: string;
  name: string;
  packageName: string;
  type: string;
  uid: number;
  pid: number;
  rootTaskId: number;
  visible: boolean;
  activity?: Component;
}

function windowEntries(state: DeviceState): WindowEntry[] {
  const sdk = state.sdkLevel;
  const processes = processesOf(state);
  const systemUiPid = processes.pidOf('com.android.systemui') ?? processes.start('com.android.systemui');
  const systemUi = (title: string, type: string): WindowEntry => ({
    title,
    name: `Window{${identity(`window:${title}`)} u0 ${title}}`,
    packageName: 'com.android.systemui',
    type,
    uid: appUid(state, 'com.android.systemui'),
    pid: systemUiPid,
    rootTaskId: 1,
    visible: true,
  });
  const app = (component: Component, visible: boolean): WindowEntry => ({
    title: `${component.packageName}/${component.activity}`,
    name: windowName(component),
    packageName: component.packageName,
    type: 'BASE_APPLICATION',
    uid: appUid(state, component.packageName),
    pid: processes.pidOf(component.packageName) ?? processes.start(component.packageName),
    rootTaskId: taskId(component.packageName),
    visible,
  });
  const foreground = state.foreground;
  // Android TV's System UI adds no status or navigation bar window.
  const bars = state.features.includes('android.software.leanback')
    ? []
    : [
        systemUi(sdk >= 29 ? 'NavigationBar0' : 'NavigationBar', 'NAVIGATION_BAR'),
        systemUi('StatusBar', 'STATUS_BAR'),
      ];
  const entries = [...bars, { ...app(foreground, true), activity: foreground }];
  if (foreground.packageName !== state.launcher.packageName)
    entries.push({ ...app(state.launcher, false), activity: state.launcher });
  entries.push({ ...systemUi('com.android.systemui.ImageWallpaper', 'WALLPAPER'), visible: false });
  return entries;
}

function windowBlock(state: DeviceState, entry: WindowEntry, index: number): string[] {
  const sdk = state.sdkLevel;
  const { width, height } = currentSize(state);
  const fill = entry.type === 'BASE_APPLICATION' || entry.type === 'WALLPAPER' ? 'fillxfill' : 'fillxWRAP';
  const owner = sdk >= 29 ? 'showForAllUsers' : 'mShowToOwnerOnly';
  const ownerValue = sdk >= 29 ? entry.rootTaskId === 1 : entry.rootTaskId !== 1;
  const rows = [
    `  Window #${index} ${entry.name}:`,
    `    mDisplayId=0 ${sdk >= 30 ? 'rootTaskId' : 'stackId'}=${entry.rootTaskId} mSession=Session{${identity(`session:${entry.packageName}`)} ${entry.pid}:u0a${entry.uid - 10_000}} mClient=android.os.BinderProxy@${identity(`client:${entry.title}`)}`,
    `    mOwnerUid=${entry.uid} ${owner}=${ownerValue} package=${entry.packageName} appop=NONE`,
    `    mAttrs={(0,0)(${fill}) ty=${entry.type} fmt=TRANSLUCENT}`,
    `    Requested w=${width} h=${entry.type === 'BASE_APPLICATION' || entry.type === 'WALLPAPER' ? height : 0} mLayoutSeq=${200 + index}`,
  ];
  if (entry.activity) rows.push(`    mActivityRecord=${activityRecord(entry.activity)}`);
  rows.push(
    `    mViewVisibility=${entry.visible ? '0x0' : '0x4'} mHaveFrame=true mObscured=false`,
    `    mHasSurface=${entry.visible} isReadyForDisplay()=${entry.visible} mWindowRemovalAllowed=false`,
  );
  return rows;
}

export function windowsDump(state: DeviceState): string {
  const sdk = state.sdkLevel;
  const entries = windowEntries(state);
  const rows = ['WINDOW MANAGER WINDOWS (dumpsys window windows)'];
  // Listed top to bottom: numbered from the top (#0) on API 29+, from the bottom (#0 last) before.
  entries.forEach((entry, index) =>
    rows.push(...windowBlock(state, entry, sdk >= 29 ? index : entries.length - 1 - index)),
  );
  rows.push('', `  mGlobalConfiguration=${configurationText(state)}`, '  mHasPermanentDpad=false');
  if (sdk >= 29) rows.push('  mTopFocusedDisplayId=0');
  else rows.push(...focusLines(state));
  if (sdk >= 31) {
    const target = windowName(state.foreground);
    for (const role of ['imeLayeringTarget', 'imeInputTarget', 'imeControlTarget'])
      rows.push(`  ${role} in display# 0 ${target}`);
  }
  rows.push('  mInTouchMode=true', `  mLastDisplayFreezeDuration=0 due to new-config`);
  return lines(rows);
}

function policyDump(state: DeviceState): string {
  const system = systemStateOf(state);
  return lines(
    'WINDOW MANAGER POLICY STATE (dumpsys window policy)',
    `    mSafeMode=false mSystemReady=true mSystemBooted=true`,
    `    mCameraLensCoverState=LENS_COVER_ABSENT`,
    `    mWakeGestureEnabledSetting=true`,
    `    mKeyguardDrawComplete=true mWindowManagerDrawComplete=true`,
    `    mDefaultDisplayPolicy.mAwake=${system.screenOn}`,
    `    mUserRotationMode=${state.getSetting('system', 'accelerometer_rotation') === '0' ? 'USER_ROTATION_LOCKED' : 'USER_ROTATION_FREE'} mUserRotation=ROTATION_${rotationOf(state) * 90}`,
    // No lock screen is set up: the keyguard never shows, the screen state follows the power key.
    '    KeyguardServiceDelegate',
    '      showing=false',
    '      showingAndNotOccluded=false',
    '      inputRestricted=false',
    '      occluded=false',
    '      secure=false',
    '      dreaming=false',
    '      systemIsReady=true',
    '      deviceHasKeyguard=true',
    '      enabled=true',
    ...(system.screenOn ? [] : ['      offReason=OFF_BECAUSE_OF_USER']),
    '      currentUser=0',
    '      bootCompleted=true',
    `      screenState=${system.screenOn ? 'SCREEN_STATE_ON' : 'SCREEN_STATE_OFF'}`,
    `      interactiveState=${system.screenOn ? 'INTERACTIVE_STATE_AWAKE' : 'INTERACTIVE_STATE_SLEEP'}`,
    '      KeyguardStateMonitor',
    '        mIsShowing=false',
    '        mSimSecure=false',
    '        mInputRestricted=false',
    '        mCurrentUserId=0',
  );
}

/** The last ANR as WindowManagerService saved it: the same one `dumpsys activity lastanr` shows. */
function lastAnrDump(state: DeviceState): string {
  const anr = systemStateOf(state).lastAnr;
  if (!anr)
    return lines('WINDOW MANAGER LAST ANR (dumpsys window lastanr)', '  <no ANR has occurred since boot>');
  const [packageName = anr.packageName, activity = ''] = (anr.activity ?? '').split('/');
  return lines(
    'WINDOW MANAGER LAST ANR (dumpsys window lastanr)',
    `  ANR time: ${dateTimeMillis(state, anr.timeMs)}`,
    ...(anr.activity === undefined
      ? []
      : [`  Application at fault: ${activityRecord({ packageName, activity })}`]),
    `  Reason: ${anr.reason}`,
  );
}

/** `dumpsys window [windows|w|displays|d|policy|p|lastanr|l|visible|-a]`. */
export function windowService(state: DeviceState, args: readonly string[]): string {
  const section = args.find((argument) => argument !== '-a');
  if (section === 'displays' || section === 'd') return displaysDump(state);
  if (section === 'windows' || section === 'w' || section === 'visible') return windowsDump(state);
  if (section === 'policy' || section === 'p') return policyDump(state);
  if (section === 'lastanr' || section === 'l') return lastAnrDump(state);
  if (section !== undefined) {
    // An unknown argument is a window name filter: the matching windows, as WindowManagerService does.
    const matching = windowEntries(state).filter((entry) => entry.title.includes(section));
    return lines(matching.flatMap((entry, index) => windowBlock(state, entry, index)));
  }
  return [lastAnrDump(state), policyDump(state), displaysDump(state), windowsDump(state)].join(
    `${SEPARATOR}\n`,
  );
}
