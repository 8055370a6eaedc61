// `dumpsys SurfaceFlinger [--display-id|--list]`: the display's id (API 29+; the number in `dumpsys display`'s
// uniqueId, which adbutils and mobile-mcp pass to `screencap -d`) and the layers of the windows on screen.
import type { DeviceState } from '../../../device/state';
import { DISPLAY_UNIQUE_ID } from './display';
import { lines } from './format';
import { currentSize } from './window';

const DISPLAY_ID = DISPLAY_UNIQUE_ID.replace(/^local:/, '');

function displayIdLine(): string {
  return `Display ${DISPLAY_ID} (HWC display 0): port=0 pnpId=GGL displayName="Common Panel"`;
}

/** Layer names top to bottom, as `--list` prints them (with the sequence number SurfaceFlinger appends). */
function layers(state: DeviceState): string[] {
  const foreground = state.foreground;
  const names = [
    'NavigationBar0#73',
    'StatusBar#75',
    `${foreground.packageName}/${foreground.activity}#${200 + foreground.packageName.length}`,
  ];
  if (foreground.packageName !== state.launcher.packageName)
    names.push(`${state.launcher.packageName}/${state.launcher.activity}#112`);
  names.push('com.android.systemui.ImageWallpaper#48', 'Display 0 name="Built-in Screen"#2');
  return names;
}

export function surfaceFlingerService(state: DeviceState, args: readonly string[]): string {
  const identified = state.sdkLevel >= 29;
  if (args.includes('--display-id') && identified) return lines(displayIdLine());
  if (args.includes('--list')) return lines(layers(state));
  const { width, height } = currentSize(state);
  return lines(
    'Build configuration: [sf PRESENT_TIME_OFFSET=0 FORCE_HWC_FOR_RBG_TO_YUV=1 MAX_VIRT_DISPLAY_DIM=4096 RUNNING_WITHOUT_SYNC_FRAMEWORK=0 NUM_FRAMEBUFFER_SURFACE_BUFFERS=3]',
    ...(identified ? ['', 'Display identification data:', displayIdLine()] : []),
    '',
    `Visible layers (count = ${layers(state).length - 1})`,
    ...layers(state).map((name) => `  ${name}`),
    '',
    `Display ${DISPLAY_ID} HWC layers: ${width}x${height}`,
  );
}
