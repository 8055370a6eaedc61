// The shape of a simulated device profile (src/simulator/profiles/devices/*.json), after validation.

/** What kind of screen an app shows; the renderer draws one recognisable screen per kind. */
export type AppKind = 'launcher' | 'settings' | 'shop' | 'mail' | 'maps';

export const APP_KINDS: readonly AppKind[] = ['launcher', 'settings', 'shop', 'mail', 'maps'];

/** Gesture navigation draws a pill; three-button navigation draws back, home and recents. */
export type NavigationMode = 'gesture' | 'threeButton';

export const NAVIGATION_MODES: readonly NavigationMode[] = ['gesture', 'threeButton'];

/** How the display cutout looks; only used to keep status-bar content out of it. */
export type CutoutShape = 'none' | 'holePunch' | 'notch';

export const CUTOUT_SHAPES: readonly CutoutShape[] = ['none', 'holePunch', 'notch'];

export type Rotation = 0 | 90 | 180 | 270;

/** Configuration.uiMode's type: a phone or tablet (`normal`), or an Android TV (`television`: leanback launcher,
 * D-pad focus, no touchscreen, no system bars). */
export type UiMode = 'normal' | 'television';

export const UI_MODES: readonly UiMode[] = ['normal', 'television'];

export interface Insets {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface ProfileDisplay {
  /** Real size in the current rotation. */
  widthPx: number;
  heightPx: number;
  densityDpi: number;
  rotation: Rotation;
  statusBarPx: number;
  navBarPx: number;
  /** config_navBarCanMove; null when the framework does not say. */
  navBarCanMove: boolean | null;
  navigationMode: NavigationMode;
  cutoutShape: CutoutShape;
  /** Display cutout safe insets in px (all zero without a cutout). */
  cutoutInsets: Insets;
  /** config_mainBuiltInDisplayCutout is non-blank (matters on API 28). */
  declaresBuiltInCutout: boolean;
}

export interface ProfileApp {
  label: string;
  packageName: string;
  /** Long version code; JSON numbers are exact up to 2^53-1, which covers codes above 2^32 like 4294967297. */
  versionCode: number;
  versionName: string;
  /** Fully qualified class name of the launchable activity. */
  activity: string;
  /** Opaque brand colour as uppercase #RRGGBB. */
  brandColor: string;
  kind: AppKind;
}

export interface DeviceProfile {
  name: string;
  label: string;
  /** Optional in the JSON (default `normal`). */
  uiMode: UiMode;
  manufacturer: string;
  brand: string;
  model: string;
  /** ro.product.name */
  product: string;
  /** ro.product.device */
  device: string;
  sdk: number;
  release: string;
  buildId: string;
  cpuAbi: string;
  display: ProfileDisplay;
  fontScale: number;
  /** Primary system locale as a BCP-47 tag, e.g. en-US. */
  locale: string;
  apps: ProfileApp[];
  /** Package in front at boot; one of apps. */
  foregroundPackage: string;
}
