// `dumpsys input` (InputManagerService: event hub devices, reader viewport, dispatcher focus) and `dumpsys
// input_method` (InputMethodManagerService: the selected IME from secure default_input_method, the focused client).
import { processesOf } from '../../../device/processes';
import type { DeviceState } from '../../../device/state';
import { DEFAULT_INPUT_METHOD } from '../../../device/stateDefaults';
import { appUid } from '../../../device/systemDefaults';
import { systemStateOf } from '../../../device/systemState';
import { DISPLAY_UNIQUE_ID } from './display';
import { activityRecord, identity, lines, windowName } from './format';
import { currentSize, rotationOf } from './window';

function focusedApplication(state: DeviceState): string {
  const foreground = state.foreground;
  const record = activityRecord(foreground);
  if (state.sdkLevel >= 29) return record;
  return `AppWindowToken{${identity(`appToken:${foreground.packageName}`)} token=Token{${identity(`token:${foreground.packageName}`)} ${record}}}`;
}

export function inputService(state: DeviceState): string {
  const sdk = state.sdkLevel;
  const system = systemStateOf(state);
  const { width, height } = currentSize(state);
  const foreground = state.foreground;
  const window = windowName(foreground);
  const dispatcher =
    sdk >= 29
      ? [
          '  DispatchEnabled: true',
          '  DispatchFrozen: false',
          '  InputFilterEnabled: false',
          '  FocusedDisplayId: 0',
          '  FocusedApplications:',
          `    displayId=0, name='${focusedApplication(state)}', dispatchingTimeout=5000ms`,
          '  FocusedWindows:',
          `    displayId=0, name='${window.slice('Window{'.length, -1).replace(' u0 ', ' ')}'`,
        ]
      : [
          '  DispatchEnabled: 1',
          '  DispatchFrozen: 0',
          `  FocusedApplication: name='${focusedApplication(state)}', dispatchingTimeout=5000.000ms`,
          `  FocusedWindow: name='${window}'`,
        ];
  return lines(
    'INPUT MANAGER (dumpsys input)',
    '',
    ...(sdk >= 29
      ? ['Input Manager State:', `  Interactive: ${system.screenOn}`, '  Show Touches: false', '']
      : []),
    'Event Hub State:',
    '  BuiltInKeyboardId: -2',
    '  Devices:',
    '    -1: Virtual',
    '      Classes: KEYBOARD | ALPHAKEY',
    '      Path: <virtual>',
    '    2: gpio-keys',
    '      Classes: KEYBOARD',
    '      Path: /dev/input/event1',
    '    3: touchscreen',
    `      Classes: ${sdk >= 34 ? 'TOUCH | TOUCH_MT' : '0x00000014'}`,
    '      Path: /dev/input/event2',
    '',
    'Input Reader State:',
    '  Device 3: touchscreen',
    '    IsExternal: false',
    '    Sources: 0x00001002',
    '    Touch Input Mapper (mode - DIRECT):',
    // TouchInputMapper's rotation: SurfaceOrientation up to API 32 (Appium reads it), InputDeviceOrientation after.
    `      ${sdk >= 33 ? 'InputDeviceOrientation' : 'SurfaceOrientation'}: ${rotationOf(state)}`,
    `      Viewport INTERNAL: displayId=0, uniqueId=${DISPLAY_UNIQUE_ID}, port=0, orientation=${rotationOf(state)}, logicalFrame=[0, 0, ${width}, ${height}], physicalFrame=[0, 0, ${width}, ${height}], deviceSize=[${width}, ${height}], isActive=[1]`,
    '',
    'Input Dispatcher State:',
    ...dispatcher,
    '',
  );
}

export function inputMethodService(state: DeviceState): string {
  const current = state.getSetting('secure', 'default_input_method') ?? DEFAULT_INPUT_METHOD;
  const enabled = (state.getSetting('secure', 'enabled_input_methods') ?? current)
    .split(':')
    .filter((id) => id.includes('/'));
  const foreground = state.foreground;
  const pid = processesOf(state).pidOf(foreground.packageName) ?? 0;
  const uid = appUid(state, foreground.packageName);
  const [imePackage = '', imeService = ''] = current.split('/');
  return lines(
    'Current Input Method Manager state:',
    `  Input Methods: mMethodMapUpdateCount=${enabled.length + 1}`,
    ...enabled.flatMap((id, index) => {
      const [packageName = '', service = ''] = id.split('/');
      return [
        `  InputMethod #${index}:`,
        `    mId=${id} mSettingsActivity=${packageName}/${service.replace(/\.[^.]+$/, '.settings.SettingsActivity')} mIsVrOnly=false mSupportsSwitchingToNextInputMethod=true`,
        '    mIsDefaultResId=0x7f0c0001',
      ];
    }),
    `  mCurMethodId=${current}`,
    `  mCurClient=ClientState{${identity(`client:${foreground.packageName}`)} uid=${uid} pid=${pid}}`,
    `  mCurFocusedWindow=${windowName(foreground)} softInputMode=STATE_UNSPECIFIED|ADJUST_RESIZE client=android.os.BinderProxy@${identity(`ime:${foreground.packageName}`)}`,
    `  mCurId=${current} mHaveConnection=true mBoundToMethod=true mVisibleBound=false`,
    `  mCurIntent=Intent { act=android.view.InputMethod cmp=${imePackage}/${imeService} }`,
    '  mShowRequested=false mShowExplicitlyRequested=false mShowForced=false mInputShown=false',
    '  mInFullscreenMode=false',
    `  mSystemReady=true mInteractive=${systemStateOf(state).screenOn}`,
    '  mImeWindowVis=0',
  );
}
