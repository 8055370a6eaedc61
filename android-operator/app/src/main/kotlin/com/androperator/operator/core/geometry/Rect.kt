package com.androperator.operator.core.geometry

/** A pixel rectangle; right and bottom are exclusive edges as in android.graphics.Rect. */
data class PxRect(val left: Int, val top: Int, val right: Int, val bottom: Int) {
  val width: Int get() = right - left
  val height: Int get() = bottom - top

  /** The "[left,top][right,bottom]" form reported in set_on_screen_log step data. */
  fun format(): String = "[$left,$top][$right,$bottom]"

  companion object {
    private val PATTERN = Regex("""^\[(-?(?:0|[1-9][0-9]*)),(-?(?:0|[1-9][0-9]*))\]\[(-?(?:0|[1-9][0-9]*)),(-?(?:0|[1-9][0-9]*))\]$""")

    /** Parses "[l,t][r,b]" (integers, no spaces, no leading zeros); null for anything else. */
    fun parse(text: String): PxRect? {
      val groups = PATTERN.matchEntire(text)?.groupValues ?: return null
      val numbers = groups.drop(1).map { it.toIntOrNull() ?: return null }
      return PxRect(numbers[0], numbers[1], numbers[2], numbers[3])
    }
  }
}

/** What the panel controller knows about the display: densities and the usable area. */
data class DisplayMetrics(
  val widthPx: Int,
  val heightPx: Int,
  /** Pixels per dp: densityDpi / 160. */
  val density: Double,
  /** Pixels per sp: density × font scale. */
  val scaledDensity: Double,
  /** The display minus system bars and display cutout. */
  val usable: PxRect,
)

/** Font measurement, supplied by whoever draws: Android's Paint on the device, a fixed advance in tests. */
interface TextMeasurer {
  /** Advance width in px of [text] at [fontSizePx] (U+FFFC, the inline icon, is measured by the layout). */
  fun measure(text: String, fontSizePx: Double): Double

  /** Font ascent (negative) and descent (positive) in px at [fontSizePx]. */
  fun fontMetrics(fontSizePx: Double): FontMetrics
}

data class FontMetrics(val ascent: Double, val descent: Double)

/**
 * A font-free measurer: every UTF-16 unit advances by [advance] em. measure = length × advance × size, evaluated
 * left to right in doubles, so the Kotlin and TypeScript layouts agree number for number.
 */
class FixedAdvanceMeasurer(private val advance: Double, private val ascent: Double, private val descent: Double) : TextMeasurer {
  override fun measure(text: String, fontSizePx: Double): Double = text.length * advance * fontSizePx

  override fun fontMetrics(fontSizePx: Double) = FontMetrics(ascent * fontSizePx, descent * fontSizePx)

  companion object {
    /** Roboto's vertical metrics (ascent 1900/2048, descent 500/2048) with a half-em advance. */
    val ROBOTO_LIKE = FixedAdvanceMeasurer(0.5, -0.927734375, 0.244140625)
  }
}

/** The geometry inputs of a resolved panel spec. */
data class PanelGeometrySpec(
  val anchor: String,
  val textAlign: String,
  val topOffsetDp: Int,
  val edgeOffsetDp: Int,
  val widthDp: Int,
  val fontSizeSp: Int,
)
