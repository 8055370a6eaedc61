// Panel geometry contract: display metrics in, pixel layout out. Measurement is pluggable.

/** A pixel rectangle; right and bottom are exclusive edges as in android.graphics.Rect. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What the panel controller knows about the display. */
export interface DisplayMetrics {
  widthPx: number;
  heightPx: number;
  /** Pixels per dp: densityDpi / 160. */
  density: number;
  /** Pixels per sp: density × font scale. */
  scaledDensity: number;
  /** The display minus system bars and display cutout. */
  usable: Rect;
}

/** Font measurement, supplied by whoever draws: the renderer's canvas, the simulator's font, a fixed advance. */
export interface TextMeasurer {
  /** Advance width in px of `text` at `fontSizePx` (U+FFFC, the inline icon, is measured by the layout). */
  measure(text: string, fontSizePx: number): number;
  /** Font ascent (negative, above the baseline) and descent (positive) in px at `fontSizePx`. */
  fontMetrics(fontSizePx: number): { ascent: number; descent: number };
}

/** The geometry inputs of a resolved panel spec. */
export interface PanelGeometrySpec {
  anchor: 'left' | 'right';
  textAlign: 'left' | 'right';
  topOffsetDp: number;
  edgeOffsetDp: number;
  widthDp: number;
  fontSizeSp: number;
}

/** One laid-out line of panel text; U+FFFC marks an inline icon; an ellipsized line already ends with U+2026. */
export interface PanelLine {
  text: string;
  /** Advance width of the line in px, icons included. */
  widthPx: number;
  ellipsized: boolean;
}

/** Where and how the panel is drawn, in physical pixels. */
export interface PanelLayout {
  bounds: Rect;
  paddingPx: number;
  fontSizePx: number;
  /** ceil(descent - ascent) at fontSizePx. */
  lineHeightPx: number;
  /** Distance from a line's top to its baseline (-ascent). */
  baselineOffsetPx: number;
  /** Inline icon edge length: fontSizeSp × scaledDensity, clamped 1..256. */
  iconSizePx: number;
  textAlign: 'left' | 'right';
  lines: PanelLine[];
  /** How many complete lines the usable height allows. */
  maxLines: number;
  truncated: boolean;
}

/** Inputs of the usable-area rules (reference section 9: API >= 30, API < 30, cutouts, API 28). */
export interface UsableAreaInput {
  apiLevel: number;
  /** Real display size in the current rotation. */
  widthPx: number;
  heightPx: number;
  rotation: 0 | 90 | 180 | 270;
  statusBarPx: number;
  navBarPx: number;
  /** config_navBarCanMove for API < 30 landscape; null when the framework does not say. */
  navBarCanMove: boolean | null;
  /** Display cutout safe insets in px (zero when there is none). */
  cutoutInsets: { left: number; top: number; right: number; bottom: number };
  /** API 28: the framework declares a built-in cutout (config_mainBuiltInDisplayCutout non-blank). */
  declaresBuiltInCutout: boolean;
}
