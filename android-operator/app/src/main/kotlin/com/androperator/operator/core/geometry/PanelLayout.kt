package com.androperator.operator.core.geometry

import com.androperator.operator.core.AppError
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.execution.Limits
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.jsonObject
import kotlin.math.ceil
import kotlin.math.floor
import kotlin.math.max
import kotlin.math.min

/** One laid-out line; U+FFFC marks an inline icon; an ellipsized line already ends with U+2026. */
data class PanelLine(val text: String, val widthPx: Double, val ellipsized: Boolean)

/** Where and how the panel is drawn, in physical pixels. */
data class PanelLayout(
  val bounds: PxRect,
  val paddingPx: Int,
  val fontSizePx: Double,
  /** ceil(descent - ascent) at fontSizePx. */
  val lineHeightPx: Int,
  /** Distance from a line's top to its baseline (-ascent). */
  val baselineOffsetPx: Double,
  /** Inline icon edge: fontSizeSp × scaledDensity rounded, clamped 1..256. */
  val iconSizePx: Int,
  val textAlign: String,
  val lines: List<PanelLine>,
  /** How many complete lines the usable height allows. */
  val maxLines: Int,
  val truncated: Boolean,
)

/**
 * Panel geometry (seed "Placement, Geometry, and Text", reference section 9), identical to the console's layoutPanel:
 * px = round-half-up(dp × density); anchor side, offsets, the horizontal and one-line vertical fit checks; wrapping and
 * ellipsizing the last complete line. Failures are ON_SCREEN_LOG_LAYOUT_INVALID with details naming the axis.
 */
object PanelGeometry {
  const val LAYOUT_INVALID = "ON_SCREEN_LOG_LAYOUT_INVALID"
  private const val MAX_ICON_PX = 256
  private const val TAB_SPACES = 4

  /** JavaScript's Math.round (half up, toward +∞), which Java's Math.round matches for doubles in range. */
  fun roundHalfUp(value: Double): Int = Math.round(value).toInt()

  private fun invalid(message: String, details: Json.Obj, hint: String? = null) =
    Outcome.Err(AppError(LAYOUT_INVALID, message, details, hint))

  fun layout(metrics: DisplayMetrics, spec: PanelGeometrySpec, content: String, measurer: TextMeasurer): Outcome<PanelLayout> {
    val usable = metrics.usable
    if (!metrics.density.isFinite() || !metrics.scaledDensity.isFinite() || metrics.density <= 0 || metrics.scaledDensity <= 0) {
      return invalid("The display metrics cannot place a panel: density and scaledDensity must be positive.", jsonObject {})
    }
    if (usable.right <= usable.left || usable.bottom <= usable.top) {
      return invalid("The display metrics cannot place a panel: the usable area is empty.", jsonObject {})
    }
    fun px(dp: Int): Int = roundHalfUp(dp * metrics.density)
    val paddingPx = px(Limits.PANEL_PADDING_DP)
    val widthPx = px(spec.widthDp)
    val edgePx = px(spec.edgeOffsetDp)
    val topPx = px(spec.topOffsetDp)
    val x = if (spec.anchor == "left") usable.left + edgePx else usable.right - edgePx - widthPx
    val y = usable.top + topPx

    val overflowPx = max(usable.left - x, x + widthPx - usable.right)
    if (overflowPx > 0) {
      val usableWidthPx = usable.right - usable.left
      return invalid(
        "The panel does not fit the usable width: ${spec.widthDp} dp ($widthPx px) wide at ${spec.edgeOffsetDp} dp " +
          "($edgePx px) from the ${spec.anchor} edge needs ${edgePx + widthPx} px, but the usable width is " +
          "$usableWidthPx px (over by $overflowPx px).",
        jsonObject {
          put("axis", "horizontal")
          put("widthPx", widthPx)
          put("edgeOffsetPx", edgePx)
          put("x", x)
          put("usableLeft", usable.left)
          put("usableRight", usable.right)
          put("usableWidthPx", usableWidthPx)
          put("overflowPx", overflowPx)
        },
        "Lower widthDp or edgeOffsetDp.",
      )
    }

    val fontSizePx = spec.fontSizeSp * metrics.scaledDensity
    val font = measurer.fontMetrics(fontSizePx)
    val lineHeight = ceil(font.descent - font.ascent)
    if (!(lineHeight >= 1)) {
      return invalid(
        "The font metrics give no line height (ascent ${font.ascent}, descent ${font.descent}).",
        jsonObject {
          put("fontSizePx", fontSizePx)
          put("ascent", font.ascent)
          put("descent", font.descent)
        },
      )
    }
    val lineHeightPx = lineHeight.toInt()
    val availablePx = usable.bottom - y
    val requiredPx = lineHeightPx + 2 * paddingPx
    if (y < usable.top || availablePx < requiredPx) {
      val shortByPx = requiredPx - max(availablePx, 0)
      return invalid(
        "The panel does not fit the usable height: one line plus padding needs $requiredPx px (line $lineHeightPx px + " +
          "2 × $paddingPx px padding), but only ${max(availablePx, 0)} px remain below the top offset of " +
          "${spec.topOffsetDp} dp ($topPx px) (short by $shortByPx px).",
        jsonObject {
          put("axis", "vertical")
          put("y", y)
          put("topOffsetPx", topPx)
          put("usableTop", usable.top)
          put("usableBottom", usable.bottom)
          put("availablePx", availablePx)
          put("requiredPx", requiredPx)
          put("lineHeightPx", lineHeightPx)
          put("paddingPx", paddingPx)
          put("shortByPx", shortByPx)
        },
        "Lower topOffsetDp or fontSizeSp.",
      )
    }
    val contentWidthPx = widthPx - 2 * paddingPx
    if (contentWidthPx <= 0) {
      return invalid(
        "The panel is $widthPx px wide, which leaves no room for text inside 2 × $paddingPx px padding.",
        jsonObject {
          put("widthPx", widthPx)
          put("paddingPx", paddingPx)
        },
      )
    }

    val iconSizePx = min(max(roundHalfUp(spec.fontSizeSp * metrics.scaledDensity), 1), MAX_ICON_PX)
    val lineFont = LineFont(measurer, fontSizePx, iconSizePx, TAB_SPACES * measurer.measure(" ", fontSizePx))
    val maxLines = floor((availablePx - 2 * paddingPx).toDouble() / lineHeightPx).toInt()
    val width = contentWidthPx.toDouble()
    val wrapped = LineWrap.wrap(content, width, lineFont, maxLines + 1)
    val truncated = wrapped.size > maxLines
    val texts = if (truncated) {
      wrapped.take(maxLines - 1) + LineWrap.ellipsize(wrapped.getOrElse(maxLines - 1) { "" }, width, lineFont)
    } else {
      wrapped
    }
    val lines = texts.mapIndexed { index, text ->
      PanelLine(text, LineWrap.lineAdvance(text, lineFont), truncated && index == texts.size - 1)
    }
    return Outcome.Ok(
      PanelLayout(
        bounds = PxRect(x, y, x + widthPx, y + 2 * paddingPx + lines.size * lineHeightPx),
        paddingPx = paddingPx,
        fontSizePx = fontSizePx,
        lineHeightPx = lineHeightPx,
        baselineOffsetPx = -font.ascent,
        iconSizePx = iconSizePx,
        textAlign = spec.textAlign,
        lines = lines,
        maxLines = maxLines,
        truncated = truncated,
      ),
    )
  }
}
