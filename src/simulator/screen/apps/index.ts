// Picks the screen drawn for the foreground app's kind.
import type { AppKind } from '../../profiles/types';
import type { BarTint, Frame } from './frame';
import { drawLauncher } from './launcher';
import { drawMail } from './mail';
import { drawMaps } from './maps';
import { drawSettings } from './settings';
import { drawBusyIndicator } from './pages';
import { drawShop } from './shop';

const SCREENS: Record<AppKind, (frame: Frame) => BarTint> = {
  launcher: drawLauncher,
  settings: drawSettings,
  shop: drawShop,
  mail: drawMail,
  maps: drawMaps,
};

/** Draws the foreground app's screen over the whole display and returns the tint the system bars need. */
export function drawAppScreen(frame: Frame): BarTint {
  const tint = SCREENS[frame.app.kind](frame);
  if (frame.animationFrame !== undefined) drawBusyIndicator(frame, frame.animationFrame);
  return tint;
}
