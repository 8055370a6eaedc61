// What the screen renderer draws: one frame of a simulated device, optionally with the Operator's panel.
import type { PanelLayout } from '../../shared/geometry/types';
import type { NavigationPage } from '../device/navigation';
import type { AppKind, CutoutShape, Insets, NavigationMode } from '../profiles/types';

/** An app as the screen shows it (home-screen icon, foreground screen, panel icon). */
export interface ScreenApp {
  label: string;
  packageName: string;
  /** Opaque #RRGGBB. */
  brandColor: string;
  kind: AppKind;
}

/** Which display edge the navigation bar sits on. */
export type NavigationBarPosition = 'bottom' | 'left' | 'right';

/** The Operator's on-screen log panel as laid out by layoutPanel. */
export interface ScreenPanel {
  layout: PanelLayout;
  /** #AARRGGBB (or #RRGGBB). */
  textColor: string;
  backgroundColor: string;
  /** PNG drawn for every U+FFFC (e.g. from renderAppIcon); omitted or null draws the neutral gray circle. */
  icon?: Uint8Array | null;
}

export interface ScreenInput {
  widthPx: number;
  heightPx: number;
  densityDpi: number;
  /** API level: before 23 bars are drawn Lollipop-style and the clock sits on the right before 28. */
  sdk: number;
  statusBarPx: number;
  navigationBar: { sizePx: number; position: NavigationBarPosition; mode: NavigationMode };
  cutout: { shape: CutoutShape; insets: Insets };
  /** Status-bar clock, e.g. "12:30". */
  clockText: string;
  /** Launcher date line, e.g. "Tue, Jun 3"; omitted hides the date. */
  dateText?: string;
  foregroundApp: ScreenApp;
  /** Apps the launcher shows on its home screen. */
  homeApps: ScreenApp[];
  panel?: ScreenPanel | null;
  /** The foreground app's navigation stack, root first; omitted draws the app's root page. */
  pages?: NavigationPage[];
  /** Set while the app animates (simctl animate): the frame number, which moves its progress bar. */
  animationFrame?: number;
  /** Android TV (uiMode television): the leanback launcher, and a focused node on every screen. */
  television?: boolean;
}
