// `dumpsys display`: DisplayManagerService's viewports, display devices and logical displays (API 29+ layout; the
// viewport list reads `mDefaultViewport=` before API 29).
import type { DeviceState } from '../../../device/state';
import { systemStateOf } from '../../../device/systemState';
import { lines } from './format';
import { currentSize, rotationOf } from './window';

/** The built-in display's unique id, as SurfaceFlinger derives it from the panel's EDID on a Pixel. */
export const DISPLAY_UNIQUE_ID = 'local:4619827259835644672';

export function displayService(state: DeviceState): string {
  const { physicalSize, physicalDensity } = state.display;
  const { densityDpi } = state.configuration();
  const rotation = rotationOf(state);
  const { width, height } = currentSize(state);
  const power = systemStateOf(state).screenOn ? 'ON' : 'OFF';
  const viewport =
    state.sdkLevel >= 29
      ? `  mViewports=[DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, uniqueId='${DISPLAY_UNIQUE_ID}', physicalPort=0, orientation=${rotation}, logicalFrame=Rect(0, 0 - ${width}, ${height}), physicalFrame=Rect(0, 0 - ${width}, ${height}), deviceWidth=${width}, deviceHeight=${height}}]`
      : `  mDefaultViewport=DisplayViewport{valid=true, displayId=0, uniqueId='${DISPLAY_UNIQUE_ID}', orientation=${rotation}, logicalFrame=Rect(0, 0 - ${width}, ${height}), physicalFrame=Rect(0, 0 - ${width}, ${height}), deviceWidth=${width}, deviceHeight=${height}}`;
  const modes = `[{id=1, width=${physicalSize.widthPx}, height=${physicalSize.heightPx}, fps=60.0}]`;
  const info = (w: number, h: number, turn: number, density: number): string =>
    `DisplayInfo{"Built-in Screen", displayId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, real ${w} x ${h}, largest app ${Math.max(w, h)} x ${Math.max(w, h)}, smallest app ${Math.min(w, h)} x ${Math.min(w, h)}, appVsyncOff 0, presDeadline 16666666, mode 1, defaultMode 1, modes ${modes}, rotation ${turn}, state ${power}, density ${density}}`;
  return lines(
    'DISPLAY MANAGER (dumpsys display)',
    '  mSafeMode=false',
    '  mPendingTraversal=false',
    `  mGlobalDisplayState=${power}`,
    viewport,
    '',
    'Display Devices: size=1',
    `  DisplayDeviceInfo{"Built-in Screen": uniqueId="${DISPLAY_UNIQUE_ID}", ${physicalSize.widthPx} x ${physicalSize.heightPx}, modeId 1, renderFrameRate 60.0, defaultModeId 1, supportedModes ${modes}, density ${physicalDensity}, type INTERNAL, state ${power}, FLAG_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS}`,
    '    mCurrentLayerStack=0',
    `    mCurrentOrientation=${rotation}`,
    '',
    'Logical Displays: size=1',
    '  Display 0:',
    '    mDisplayId=0',
    '    mLayerStack=0',
    `    mBaseDisplayInfo=${info(physicalSize.widthPx, physicalSize.heightPx, 0, physicalDensity)}`,
    `    mOverrideDisplayInfo=${info(width, height, rotation, densityDpi)}`,
    '',
  );
}
