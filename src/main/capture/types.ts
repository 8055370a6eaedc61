// Contract of the capture check: does a host screenshot actually show the on-screen log panel?
import type { Rect } from '../../shared/geometry/types';

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

/** Per-channel range a panel-background pixel can take in the capture, given the unknown screen behind it. */
export interface CompositeEstimate {
  /** `opaque`: exactly the background colour; `translucent`: background over any screen; `transparent`: anything. */
  model: 'opaque' | 'translucent' | 'transparent';
  /** Background alpha, 0..1. */
  alpha: number;
  /** Lowest capture value per channel [r, g, b] before tolerance: alpha × colour (screen behind = 0). */
  minRgb: [number, number, number];
  /** Highest capture value per channel [r, g, b] before tolerance: alpha × colour + (1 − alpha) × 255. */
  maxRgb: [number, number, number];
  /** Canonical text colour; pixels on the segment between it and the range above count as text. */
  textColor: string;
  tolerance: number;
  description: string;
}

export interface CaptureCheck {
  inCapture: boolean;
  /** Fraction (0..1) of sampled pixels inside the bounds consistent with the panel background or its text. */
  matchRatio: number;
  /** Pixels sampled inside the bounds (edges excluded). */
  sampledPixels: number;
  /** The matchRatio a proof requires. */
  threshold: number;
  expected: CompositeEstimate;
  /** Fraction of sampled pixels inside the bounds consistent with the background alone (text excluded). */
  backgroundRatio: number;
  /** Fraction of sampled pixels just outside the bounds that would pass as panel background too. */
  surroundingRatio: number;
  surroundingPixels: number;
  /** Short human explanation of the verdict. */
  reason: string;
}
