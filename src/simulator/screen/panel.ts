// Draws the Operator's on-screen log panel exactly at its laid-out bounds.
import type { Image } from '@napi-rs/canvas';
import type { PanelLayout, TextMeasurer } from '../../shared/geometry/types';
import { lineAdvance, type LineFont } from '../../shared/geometry/wrap';
import { cssColor } from './colors';
import type { Context } from './draw';
import { robotoFont } from '../../node/fonts/roboto';
import { drawNeutralIcon } from './icons';
import type { ScreenPanel } from './types';

/** The object replacement character that marks an inline icon in a laid-out line. */
export const ICON_MARK = '\uFFFC';
const TAB = '\t';
// Mirrors TAB_SPACES in src/shared/geometry/panelLayout.ts (not exported): tab stops are 4 space advances apart.
const TAB_STOP_SPACES = 4;

/** The font the layout wrapped with, so x positions here equal the layout's advances. */
export function lineFontOf(layout: PanelLayout, measurer: TextMeasurer): LineFont {
  return {
    measurer,
    fontSizePx: layout.fontSizePx,
    iconSizePx: layout.iconSizePx,
    tabStopPx: TAB_STOP_SPACES * measurer.measure(' ', layout.fontSizePx),
  };
}

function drawLine(
  ctx: Context,
  text: string,
  x: number,
  top: number,
  layout: PanelLayout,
  font: LineFont,
  icon: Image | null,
): void {
  const baseline = top + layout.baselineOffsetPx;
  let runStart = 0;
  for (let index = 0; index <= text.length; index += 1) {
    const char = text.charAt(index);
    if (index < text.length && char !== ICON_MARK && char !== TAB) continue;
    if (index > runStart)
      ctx.fillText(text.slice(runStart, index), x + lineAdvance(text.slice(0, runStart), font), baseline);
    if (char === ICON_MARK) {
      const iconX = x + lineAdvance(text.slice(0, index), font);
      // Bottom-aligned to the line, like Android's ImageSpan default (ALIGN_BOTTOM).
      const iconTop = top + layout.lineHeightPx - layout.iconSizePx;
      ctx.save();
      if (icon === null) drawNeutralIcon(ctx, iconX, iconTop, layout.iconSizePx);
      else ctx.drawImage(icon, iconX, iconTop, layout.iconSizePx, layout.iconSizePx);
      ctx.restore();
    }
    runStart = index + 1;
  }
}

/**
 * Fills the bounds with the background (alpha-composited over the screen) and draws each line at the layout's
 * padding and baseline, left or right aligned. Every U+FFFC becomes the icon (or the neutral gray circle).
 */
export function drawPanel(
  ctx: Context,
  panel: ScreenPanel,
  icon: Image | null,
  measurer: TextMeasurer,
): void {
  const { layout } = panel;
  const { bounds } = layout;
  const width = bounds.right - bounds.left;
  const height = bounds.bottom - bounds.top;
  ctx.save();
  ctx.fillStyle = cssColor(panel.backgroundColor);
  ctx.fillRect(bounds.left, bounds.top, width, height);
  // The panel is its own window: nothing it draws can leave its bounds.
  ctx.beginPath();
  ctx.rect(bounds.left, bounds.top, width, height);
  ctx.clip();
  // Android draws hinted glyphs at the whole pixel size below the text size (its advances are measured there too).
  ctx.font = robotoFont(Math.floor(layout.fontSizePx));
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = cssColor(panel.textColor);
  const font = lineFontOf(layout, measurer);
  layout.lines.forEach((line, index) => {
    const top = bounds.top + layout.paddingPx + index * layout.lineHeightPx;
    const x =
      layout.textAlign === 'right'
        ? bounds.right - layout.paddingPx - line.widthPx
        : bounds.left + layout.paddingPx;
    drawLine(ctx, line.text, x, top, layout, font, icon);
  });
  ctx.restore();
}
