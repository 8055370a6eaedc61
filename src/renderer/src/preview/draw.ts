// Canvas drawing of the preview: a neutral device screen, and the panel exactly where the layout puts it.
import { colorToArgb } from '../../../shared/execution/colors';
import type { ResolvedPanelSpec } from '../../../shared/execution/types';
import type { DisplayMetrics, PanelLayout, TextMeasurer } from '../../../shared/geometry/types';
import type { LineFont } from '../../../shared/geometry/wrap';
import { DESCENT_PER_EM, previewFont } from '../../../shared/geometry/canvasMeasurer';
import { lineRuns } from './lineRuns';

/** CSS rgba() of a panel colour (#RRGGBB or #AARRGGBB). */
export function cssColor(hex: string): string {
  const { alpha, red, green, blue } = colorToArgb(hex);
  return `rgba(${red}, ${green}, ${blue}, ${(alpha / 255).toFixed(3)})`;
}

/** Sizes a canvas for `cssWidth`×`cssHeight` at the screen's pixel ratio; returns its context in device px. */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  cssWidth: number,
  cssHeight: number,
  deviceScale: number,
): CanvasRenderingContext2D | null {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(cssWidth * ratio));
  const height = Math.max(1, Math.round(cssHeight * ratio));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  const context = canvas.getContext('2d');
  if (context === null) return null;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, width, height);
  context.setTransform(ratio * deviceScale, 0, 0, ratio * deviceScale, 0, 0);
  return context;
}

/** A calm stand-in screen: light content area with faint rows, dark status and navigation bars. */
export function drawNeutralScreen(context: CanvasRenderingContext2D, metrics: DisplayMetrics): void {
  const { widthPx, heightPx, usable, density } = metrics;
  context.fillStyle = '#E4E7EB';
  context.fillRect(0, 0, widthPx, heightPx);
  context.fillStyle = '#D3D8DE';
  const row = 72 * density;
  for (let y = usable.top + 16 * density; y + row < usable.bottom; y += row) {
    context.fillRect(
      usable.left + 16 * density,
      y,
      usable.right - usable.left - 32 * density,
      row - 12 * density,
    );
  }
  context.fillStyle = '#2A2E33';
  context.fillRect(0, 0, widthPx, usable.top);
  context.fillRect(0, usable.bottom, widthPx, heightPx - usable.bottom);
  context.fillRect(0, usable.top, usable.left, usable.bottom - usable.top);
  context.fillRect(usable.right, usable.top, widthPx - usable.right, usable.bottom - usable.top);
}

/** The usable area as a thin dashed outline (`cssPx` keeps the line width constant at any scale). */
export function drawUsableOutline(
  context: CanvasRenderingContext2D,
  metrics: DisplayMetrics,
  cssPx: number,
): void {
  const { usable } = metrics;
  context.save();
  context.strokeStyle = 'rgba(30, 136, 229, 0.8)';
  context.lineWidth = cssPx;
  context.setLineDash([4 * cssPx, 3 * cssPx]);
  context.strokeRect(usable.left, usable.top, usable.right - usable.left, usable.bottom - usable.top);
  context.restore();
}

/** Draws the panel: background, then each line's text runs, tab stops and inline icons. */
export function drawPanel(
  context: CanvasRenderingContext2D,
  layout: PanelLayout,
  spec: ResolvedPanelSpec,
  measurer: TextMeasurer,
  icon: CanvasImageSource | null,
): void {
  const { bounds, paddingPx, fontSizePx, lineHeightPx, iconSizePx } = layout;
  const width = bounds.right - bounds.left;
  context.save();
  context.beginPath();
  context.rect(bounds.left, bounds.top, width, bounds.bottom - bounds.top);
  context.clip();
  context.fillStyle = cssColor(spec.backgroundColor);
  context.fillRect(bounds.left, bounds.top, width, bounds.bottom - bounds.top);
  // Android draws hinted glyphs at the whole pixel size below the text size (its advances are measured there too:
  // conformance/text-stack), so right-aligned text ends where the device's does.
  context.font = previewFont(Math.floor(fontSizePx));
  context.textBaseline = 'alphabetic';
  const textColor = cssColor(spec.textColor);
  const font: LineFont = {
    measurer,
    fontSizePx,
    iconSizePx,
    tabStopPx: 4 * measurer.measure(' ', fontSizePx),
  };
  const descent = DESCENT_PER_EM * fontSizePx;
  layout.lines.forEach((line, index) => {
    const baseline = bounds.top + paddingPx + index * lineHeightPx + layout.baselineOffsetPx;
    const start =
      layout.textAlign === 'left' ? bounds.left + paddingPx : bounds.right - paddingPx - line.widthPx;
    for (const run of lineRuns(line.text, font)) {
      if (run.kind === 'text') {
        context.fillStyle = textColor;
        context.fillText(run.text, start + run.x, baseline);
        continue;
      }
      // Android's ImageSpan default (ALIGN_BOTTOM): the icon's bottom sits on the line's descent.
      const top = baseline + descent - iconSizePx;
      if (icon !== null) {
        context.drawImage(icon, start + run.x, top, iconSizePx, iconSizePx);
      } else {
        context.fillStyle = '#9E9E9E';
        context.beginPath();
        context.arc(start + run.x + iconSizePx / 2, top + iconSizePx / 2, iconSizePx / 2, 0, Math.PI * 2);
        context.fill();
      }
    }
  });
  context.restore();
}
