package com.androperator.operator.android

import android.graphics.Typeface
import android.text.TextPaint
import com.androperator.operator.core.geometry.FontMetrics
import com.androperator.operator.core.geometry.TextMeasurer

/** Measures panel text with the same paint the panel view draws with, so the core layout matches the pixels. */
class AndroidTextMeasurer : TextMeasurer {
  private val paint = newPanelPaint()

  override fun measure(text: String, fontSizePx: Double): Double {
    paint.textSize = fontSizePx.toFloat()
    return paint.measureText(text).toDouble()
  }

  override fun fontMetrics(fontSizePx: Double): FontMetrics {
    paint.textSize = fontSizePx.toFloat()
    val metrics = paint.fontMetrics
    return FontMetrics(metrics.ascent.toDouble(), metrics.descent.toDouble())
  }

  companion object {
    /** The panel's text paint: anti-aliased default sans-serif. */
    fun newPanelPaint(): TextPaint = TextPaint(TextPaint.ANTI_ALIAS_FLAG).apply { typeface = Typeface.DEFAULT }
  }
}
