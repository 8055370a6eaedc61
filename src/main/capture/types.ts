// Contract of the capture check: does a host screenshot actually show the on-screen log panel?
import type { Rect } from '../../shared/geometry/types';

export type { CaptureCheck, CompositeEstimate } from '../../shared/api/evidence';

export interface CaptureCheckInput {
  /** The host screenshot (PNG bytes). */
  png: Uint8Array;
  /** The panel's reported bounds in device pixels (right and bottom exclusive). */
  bounds: Rect;
  /** The panel background as reported in step data, `#AARRGGBB` (or `#RRGGBB`). */
  backgroundColor: string;
  /** The panel text colour; defaults to the canonical `#FFFFFFFF`. */
  textColor?: string;
  /** Capture pixels per device pixel (take_screenshot's appliedScale / 100): 1, 0.5 or 0.25; default 1. */
  screenScale?: number;
  /** Allowed per-channel deviation in capture units (0..255) for rounding and resampling; default 8. */
  tolerance?: number;
}
