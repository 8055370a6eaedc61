// Builds a ScreenInput from a device profile plus the moment's state (foreground app, clock, panel).
import type { NavigationPage } from '../device/navigation';
import type { DeviceProfile, ProfileApp, ProfileDisplay } from '../profiles/types';
import type { NavigationBarPosition, ScreenApp, ScreenInput, ScreenPanel } from './types';

/** Where the navigation bar sits (reference section 9): portrait or immovable → bottom, rotation 270 → left. */
export function navigationBarPosition(display: ProfileDisplay): NavigationBarPosition {
  const portrait = display.heightPx >= display.widthPx;
  if (portrait || display.navBarCanMove !== true) return 'bottom';
  return display.rotation === 270 ? 'left' : 'right';
}

export function screenAppOf(app: ProfileApp): ScreenApp {
  return { label: app.label, packageName: app.packageName, brandColor: app.brandColor, kind: app.kind };
}

export interface ScreenMoment {
  /** Defaults to the profile's boot foreground app; an unknown package falls back to the launcher. */
  foregroundPackage?: string;
  clockText: string;
  dateText?: string;
  panel?: ScreenPanel | null;
  /** The foreground app's navigation stack (root first). */
  pages?: NavigationPage[];
  /** The foreground app's animation frame while it animates. */
  animationFrame?: number;
}

/** The screen of `profile` at `moment`. */
export function screenInputFromProfile(profile: DeviceProfile, moment: ScreenMoment): ScreenInput {
  const { display } = profile;
  const wanted = moment.foregroundPackage ?? profile.foregroundPackage;
  const foreground =
    profile.apps.find((app) => app.packageName === wanted) ??
    profile.apps.find((app) => app.kind === 'launcher') ??
    profile.apps[0];
  if (foreground === undefined) throw new Error(`Device profile ${profile.name} has no apps`);
  const input: ScreenInput = {
    widthPx: display.widthPx,
    heightPx: display.heightPx,
    densityDpi: display.densityDpi,
    sdk: profile.sdk,
    statusBarPx: display.statusBarPx,
    navigationBar: {
      sizePx: display.navBarPx,
      position: navigationBarPosition(display),
      mode: display.navigationMode,
    },
    cutout: { shape: display.cutoutShape, insets: { ...display.cutoutInsets } },
    clockText: moment.clockText,
    foregroundApp: screenAppOf(foreground),
    homeApps: profile.apps.map(screenAppOf),
    panel: moment.panel ?? null,
  };
  if (profile.uiMode === 'television') input.television = true;
  if (moment.dateText !== undefined) input.dateText = moment.dateText;
  if (moment.pages !== undefined && foreground.packageName === wanted) input.pages = moment.pages;
  if (moment.animationFrame !== undefined) input.animationFrame = moment.animationFrame;
  return input;
}
