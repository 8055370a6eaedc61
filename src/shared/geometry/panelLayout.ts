// Panel geometry (seed "Placement, Geometry, and Text", reference section 9): where the panel goes, how its
// text wraps, and whether it fits. Pure: the same numbers in the console preview, the simulator and the Operator.
import { fail, ok, type Result } from '../errors';
import { PANEL_PADDING_DP } from '../execution/limits';
import type { DisplayMetrics, PanelGeometrySpec, PanelLayout, PanelLine, TextMeasurer } from './types';
import { ellipsizeLine, lineAdvance, wrapText, type LineFont } from './wrap';

const MAX_ICON_PX = 256;
/** TAB stops are this many space advances apart. */
const TAB_SPACES = 4;

function unusableInputs(metrics: DisplayMetrics, spec: PanelGeometrySpec): string | null {
  const { usable } = metrics;
  const numbers = { ...spec, density: metrics.density, scaledDensity: metrics.scaledDensity, ...usable };
  for (const [name, value] of Object.entries(numbers)) {
    if (typeof value === 'number' && !Number.isFinite(value)) return `${name} is not a finite number`;
  }
  if (metrics.density <= 0 || metrics.scaledDensity <= 0) return 'density and scaledDensity must be positive';
  if (usable.right <= usable.left || usable.bottom <= usable.top) return 'the usable area is empty';
  return null;
}

/** Places and lays out the panel, or fails with ON_SCREEN_LOG_LAYOUT_INVALID saying what does not fit. */
export function layoutPanel(
  metrics: DisplayMetrics,
  spec: PanelGeometrySpec,
  content: string,
  measurer: TextMeasurer,
): Result<PanelLayout> {
  const unusable = unusableInputs(metrics, spec);
  if (unusable !== null) {
    return fail('ON_SCREEN_LOG_LAYOUT_INVALID', `The display metrics cannot place a panel: ${unusable}.`, {
      metrics,
      spec,
    });
  }
  const px = (dp: number): number => Math.round(dp * metrics.density);
  const { usable } = metrics;
  const paddingPx = px(PANEL_PADDING_DP);
  const widthPx = px(spec.widthDp);
  const edgePx = px(spec.edgeOffsetDp);
  const topPx = px(spec.topOffsetDp);
  const x = spec.anchor === 'left' ? usable.left + edgePx : usable.right - edgePx - widthPx;
  const y = usable.top + topPx;

  const overflowPx = Math.max(usable.left - x, x + widthPx - usable.right);
  if (overflowPx > 0) {
    const usableWidthPx = usable.right - usable.left;
    return fail(
      'ON_SCREEN_LOG_LAYOUT_INVALID',
      `The panel does not fit the usable width: ${spec.widthDp} dp (${widthPx} px) wide at ${spec.edgeOffsetDp} dp ` +
        `(${edgePx} px) from the ${spec.anchor} edge needs ${edgePx + widthPx} px, but the usable width is ` +
        `${usableWidthPx} px (over by ${overflowPx} px).`,
      {
        axis: 'horizontal',
        widthPx,
        edgeOffsetPx: edgePx,
        x,
        usableLeft: usable.left,
        usableRight: usable.right,
        usableWidthPx,
        overflowPx,
      },
      'Lower widthDp or edgeOffsetDp.',
    );
  }

  const fontSizePx = spec.fontSizeSp * metrics.scaledDensity;
  const { ascent, descent } = measurer.fontMetrics(fontSizePx);
  const lineHeightPx = Math.ceil(descent - ascent);
  if (!(lineHeightPx >= 1)) {
    return fail(
      'ON_SCREEN_LOG_LAYOUT_INVALID',
      `The font metrics give no line height (ascent ${ascent}, descent ${descent}).`,
      {
        fontSizePx,
        ascent,
        descent,
      },
    );
  }
  const availablePx = usable.bottom - y;
  const requiredPx = lineHeightPx + 2 * paddingPx;
  if (y < usable.top || availablePx < requiredPx) {
    const shortByPx = requiredPx - Math.max(availablePx, 0);
    return fail(
      'ON_SCREEN_LOG_LAYOUT_INVALID',
      `The panel does not fit the usable height: one line plus padding needs ${requiredPx} px (line ${lineHeightPx} px + ` +
        `2 × ${paddingPx} px padding), but only ${Math.max(availablePx, 0)} px remain below the top offset of ` +
        `${spec.topOffsetDp} dp (${topPx} px) (short by ${shortByPx} px).`,
      {
        axis: 'vertical',
        y,
        topOffsetPx: topPx,
        usableTop: usable.top,
        usableBottom: usable.bottom,
        availablePx,
        requiredPx,
        lineHeightPx,
        paddingPx,
        shortByPx,
      },
      'Lower topOffsetDp or fontSizeSp.',
    );
  }
  const contentWidthPx = widthPx - 2 * paddingPx;
  if (contentWidthPx <= 0) {
    return fail(
      'ON_SCREEN_LOG_LAYOUT_INVALID',
      `The panel is ${widthPx} px wide, which leaves no room for text inside 2 × ${paddingPx} px padding.`,
      { widthPx, paddingPx },
    );
  }

  const iconSizePx = Math.min(Math.max(Math.round(spec.fontSizeSp * metrics.scaledDensity), 1), MAX_ICON_PX);
  const font: LineFont = {
    measurer,
    fontSizePx,
    iconSizePx,
    tabStopPx: TAB_SPACES * measurer.measure(' ', fontSizePx),
  };
  const maxLines = Math.floor((availablePx - 2 * paddingPx) / lineHeightPx);
  const wrapped = wrapText(content, contentWidthPx, font, maxLines + 1);
  const truncated = wrapped.length > maxLines;
  const texts = truncated
    ? [...wrapped.slice(0, maxLines - 1), ellipsizeLine(wrapped[maxLines - 1] ?? '', contentWidthPx, font)]
    : wrapped;
  const lines: PanelLine[] = texts.map((text, index) => ({
    text,
    widthPx: lineAdvance(text, font),
    ellipsized: truncated && index === texts.length - 1,
  }));
  return ok({
    bounds: { left: x, top: y, right: x + widthPx, bottom: y + 2 * paddingPx + lines.length * lineHeightPx },
    paddingPx,
    fontSizePx,
    lineHeightPx,
    baselineOffsetPx: -ascent,
    iconSizePx,
    textAlign: spec.textAlign,
    lines,
    maxLines,
    truncated,
  });
}
