// Maps a validated profile to the plain data a simulated device boots with (JSON-compatible, no behaviour).
// The shape is a superset of src/simulator/device/state.ts DeviceStateOptions: pass it to `new DeviceState(...)`.
import type { UsableAreaInput } from '../../shared/geometry/types';
import { buildProperties } from './buildProperties';
import type { AppKind, DeviceProfile, ProfileDisplay } from './types';

/** An activity: package plus fully qualified class. */
export interface ProfileComponent {
  packageName: string;
  activity: string;
}

/** One installed package (DeviceStateOptions.packages item). */
export interface SimulatedPackage {
  packageName: string;
  label: string;
  versionCode: number;
  versionName: string;
  /** Launcher and Settings are system packages; the other apps are third-party. */
  system: boolean;
  /** Fully qualified class of the launchable activity. */
  launchActivity: string;
}

/** How the screen renderer shows a package. */
export interface SimulatedAppLook {
  packageName: string;
  label: string;
  brandColor: string;
  kind: AppKind;
}

/** Everything a simulated device needs at boot. */
export interface DeviceStateInput {
  profileName: string;
  /** `getprop` values: ro.product.*, ro.build.*, ro.sf.lcd_density, persist.sys.locale, sys.boot_completed. */
  properties: Record<string, string>;
  /** Settings per namespace (system.font_scale). */
  settings: {
    system: Record<string, string>;
    secure: Record<string, string>;
    global: Record<string, string>;
  };
  screenSize: { widthPx: number; heightPx: number };
  densityDpi: number;
  /** `pm list features`; omitted for phones and tablets (the device state's touchscreen defaults apply). */
  features?: string[];
  packages: SimulatedPackage[];
  launcher: ProfileComponent;
  foreground: ProfileComponent;
  sdk: number;
  /** Bars, cutout and navigation mode: the inputs of computeUsableArea and of the screen renderer. */
  display: ProfileDisplay;
  fontScale: number;
  locale: string;
  /** Brand colour and screen kind per package, for the renderer. */
  looks: SimulatedAppLook[];
}

function localeProperties(profile: DeviceProfile): Record<string, string> {
  const properties: Record<string, string> = { 'persist.sys.locale': profile.locale };
  // Before API 24 the framework kept language and country in separate properties; keep both for realism.
  if (profile.sdk < 24) {
    const [language = 'en', ...rest] = profile.locale.split('-');
    properties['persist.sys.language'] = language;
    properties['persist.sys.country'] = rest.find((part) => /^[A-Z]{2}$/.test(part)) ?? '';
  }
  return properties;
}

/** `pm list features` of an Android TV streamer (API 34): leanback, no touchscreen, no telephony. */
export const TELEVISION_FEATURES: readonly string[] = [
  'reqGlEsVersion=0x30002',
  'android.hardware.audio.output',
  'android.hardware.bluetooth',
  'android.hardware.bluetooth_le',
  'android.hardware.ethernet',
  'android.hardware.hdmi.cec',
  'android.hardware.microphone',
  'android.hardware.opengles.aep',
  'android.hardware.ram.normal',
  'android.hardware.screen.landscape',
  'android.hardware.type.television',
  'android.hardware.usb.host',
  'android.hardware.vulkan.level=1',
  'android.hardware.vulkan.version=4206592',
  'android.hardware.wifi',
  'android.software.activities_on_secondary_displays',
  'android.software.backup',
  'android.software.cts',
  'android.software.home_screen',
  'android.software.input_methods',
  'android.software.leanback',
  'android.software.leanback_only',
  'android.software.live_tv',
  'android.software.picture_in_picture',
  'android.software.verified_boot',
  'android.software.voice_recognizers',
  'android.software.webview',
];

function characteristicsOf(profile: DeviceProfile): string {
  if (profile.uiMode === 'television') return 'tv';
  return profile.display.widthPx > profile.display.heightPx ? 'tablet' : 'default';
}

/** What an Android TV build adds: an HDMI playback device whose UI is drawn at the display's size. */
function televisionProperties(profile: DeviceProfile): Record<string, string> {
  if (profile.uiMode !== 'television') return {};
  return {
    'ro.hdmi.device_type': '4',
    'ro.hdmi.cec_device_types': 'playback_device',
    'ro.surface_flinger.max_graphics_width': String(profile.display.widthPx),
    'ro.surface_flinger.max_graphics_height': String(profile.display.heightPx),
    'ro.com.google.clientidbase': 'android-google-tv',
  };
}

function profileProperties(profile: DeviceProfile): Record<string, string> {
  return {
    ...buildProperties(profile),
    ...televisionProperties(profile),
    'ro.build.characteristics': characteristicsOf(profile),
    'ro.sf.lcd_density': String(profile.display.densityDpi),
    'ro.secure': '1',
    'ro.debuggable': '0',
    'sys.boot_completed': '1',
    // Marks the device as simulated so the console can label it; no real device sets this property.
    'ro.androperator.simulator': profile.name,
    ...localeProperties(profile),
  };
}

function formatScale(scale: number): string {
  return Number.isInteger(scale) ? scale.toFixed(1) : String(scale);
}

function componentOf(profile: DeviceProfile, packageName: string): ProfileComponent {
  const app = profile.apps.find((candidate) => candidate.packageName === packageName);
  return { packageName, activity: app?.activity ?? `${packageName}.MainActivity` };
}

/** The boot state of a simulated device described by `profile`. */
export function toDeviceStateInput(profile: DeviceProfile): DeviceStateInput {
  const launcher = profile.apps.find((app) => app.kind === 'launcher') ?? profile.apps[0];
  const { display } = profile;
  return {
    profileName: profile.name,
    properties: profileProperties(profile),
    // Settings prints whole scales with one decimal ("1.0"), as Android's Float.toString does.
    settings: { system: { font_scale: formatScale(profile.fontScale) }, secure: {}, global: {} },
    screenSize: { widthPx: display.widthPx, heightPx: display.heightPx },
    densityDpi: display.densityDpi,
    ...(profile.uiMode === 'television' ? { features: [...TELEVISION_FEATURES] } : {}),
    packages: profile.apps.map((app) => ({
      packageName: app.packageName,
      label: app.label,
      versionCode: app.versionCode,
      versionName: app.versionName,
      system: app.kind === 'launcher' || app.kind === 'settings',
      launchActivity: app.activity,
    })),
    launcher: componentOf(profile, launcher?.packageName ?? ''),
    foreground: componentOf(profile, profile.foregroundPackage),
    sdk: profile.sdk,
    display: { ...display, cutoutInsets: { ...display.cutoutInsets } },
    fontScale: profile.fontScale,
    locale: profile.locale,
    looks: profile.apps.map(({ packageName, label, brandColor, kind }) => ({
      packageName,
      label,
      brandColor,
      kind,
    })),
  };
}

/** The usable-area rule inputs (reference section 9) for the profile's display. */
export function usableAreaInputOf(profile: DeviceProfile): UsableAreaInput {
  const { display } = profile;
  return {
    apiLevel: profile.sdk,
    widthPx: display.widthPx,
    heightPx: display.heightPx,
    rotation: display.rotation,
    statusBarPx: display.statusBarPx,
    navBarPx: display.navBarPx,
    navBarCanMove: display.navBarCanMove,
    cutoutInsets: { ...display.cutoutInsets },
    declaresBuiltInCutout: display.declaresBuiltInCutout,
  };
}
