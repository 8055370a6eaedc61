package com.androperator.operator.core.geometry

import com.androperator.operator.core.AppError
import com.androperator.operator.core.Outcome
import kotlin.math.max

/** Inputs of the usable-area rules (reference section 9: API >= 30, API < 30, cutouts, API 28). */
data class UsableAreaInput(
  val apiLevel: Int,
  /** Real display size in the current rotation. */
  val widthPx: Int,
  val heightPx: Int,
  /** 0, 90, 180 or 270. */
  val rotation: Int,
  val statusBarPx: Int,
  val navBarPx: Int,
  /** config_navBarCanMove for API < 30 landscape; null when the framework does not say. */
  val navBarCanMove: Boolean?,
  /** Display cutout safe insets in px (zero when there is none). */
  val cutoutInsets: PxRect = PxRect(0, 0, 0, 0),
  /** API 28: the framework declares a built-in cutout (config_mainBuiltInDisplayCutout non-blank). */
  val declaresBuiltInCutout: Boolean = false,
)

/** The display minus system bars and cutout, each edge inset by the larger of its bar and cutout inset (never both). */
object UsableArea {
  private enum class Edge { LEFT, TOP, RIGHT, BOTTOM }

  private fun invalid(message: String) = Outcome.Err(AppError(PanelGeometry.LAYOUT_INVALID, message))

  /**
   * The navigation bar's edge. Portrait (width <= height) or a zero-size bar: bottom. Landscape: bottom when the bar
   * cannot move, left at rotation 270, otherwise right. Below API 30 an unknown config_navBarCanMove leaves the side
   * unknown (null); from API 30 window insets name the side, so unknown is treated as "moves".
   */
  private fun navigationBarEdge(input: UsableAreaInput): Edge? = when {
    input.navBarPx == 0 || input.widthPx <= input.heightPx -> Edge.BOTTOM
    input.navBarCanMove == false -> Edge.BOTTOM
    input.navBarCanMove == null && input.apiLevel < 30 -> null
    input.rotation == 270 -> Edge.LEFT
    else -> Edge.RIGHT
  }

  fun compute(input: UsableAreaInput): Outcome<PxRect> {
    if (input.widthPx <= 0 || input.heightPx <= 0) {
      return invalid("The usable area cannot be computed: the display size ${input.widthPx}×${input.heightPx} px is not positive.")
    }
    val insets = listOf(input.statusBarPx, input.navBarPx, input.cutoutInsets.left, input.cutoutInsets.top,
      input.cutoutInsets.right, input.cutoutInsets.bottom)
    if (insets.any { it < 0 }) return invalid("The usable area cannot be computed: an inset is negative.")
    val bars = mutableMapOf(Edge.LEFT to 0, Edge.TOP to input.statusBarPx, Edge.RIGHT to 0, Edge.BOTTOM to 0)
    val navEdge = navigationBarEdge(input) ?: return invalid(
      "The navigation bar side is unknown: the display is landscape on API ${input.apiLevel} and " +
        "config_navBarCanMove is not available, so the usable area cannot be computed.",
    )
    bars[navEdge] = max(bars.getValue(navEdge), input.navBarPx)
    val cutout = when {
      input.apiLevel >= 29 -> input.cutoutInsets
      input.apiLevel == 28 && input.declaresBuiltInCutout -> return invalid(
        "Android 9 (API 28) declares a built-in display cutout, but its safe insets cannot be read before the panel " +
          "is attached; refusing to place the panel with unknown unsafe geometry.",
      )
      else -> PxRect(0, 0, 0, 0)
    }
    val area = PxRect(
      left = max(bars.getValue(Edge.LEFT), cutout.left),
      top = max(bars.getValue(Edge.TOP), cutout.top),
      right = input.widthPx - max(bars.getValue(Edge.RIGHT), cutout.right),
      bottom = input.heightPx - max(bars.getValue(Edge.BOTTOM), cutout.bottom),
    )
    if (area.right <= area.left || area.bottom <= area.top) {
      return invalid("The system bars and display cutout leave no usable area on a ${input.widthPx}×${input.heightPx} px display.")
    }
    return Outcome.Ok(area)
  }
}
