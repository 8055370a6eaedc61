package com.androperator.operator.android

import android.annotation.SuppressLint
import android.content.Context
import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.drawable.BitmapDrawable
import android.os.Build
import android.text.Layout
import android.text.SpannableString
import android.text.Spanned
import android.text.StaticLayout
import android.text.TextDirectionHeuristics
import android.text.TextPaint
import android.text.TextUtils
import android.text.style.ImageSpan
import android.text.style.TabStopSpan
import android.view.View
import com.androperator.operator.core.execution.Colors
import com.androperator.operator.core.panel.DrawnPanel

/**
 * The custom-drawn panel: a background rectangle and the lines the core layout computed, each drawn through a
 * one-line [StaticLayout] with inline icons as [ImageSpan]s, tab stops as [TabStopSpan]s and an end ellipsis as a
 * safety net. It is not an accessibility node (its text cannot satisfy selectors or read_text), not focusable or
 * clickable, and reports every drawn generation through [onDrawn].
 */
@SuppressLint("ViewConstructor")
class PanelView(
  context: Context,
  private val icons: AppIcons,
  private val onDrawn: (generation: Int) -> Unit,
) : View(context) {
  private val textPaint: TextPaint = AndroidTextMeasurer.newPanelPaint()
  private val backgroundPaint = Paint()
  private var panel: DrawnPanel? = null
  private var lineLayouts: List<Layout> = emptyList()

  init {
    importantForAccessibility = IMPORTANT_FOR_ACCESSIBILITY_NO
    isFocusable = false
    isClickable = false
    isLongClickable = false
    if (Build.VERSION.SDK_INT >= 26) importantForAutofill = IMPORTANT_FOR_AUTOFILL_NO_EXCLUDE_DESCENDANTS
  }

  /** Shows [drawn] from the next frame on. */
  fun show(drawn: DrawnPanel) {
    panel = drawn
    textPaint.textSize = drawn.layout.fontSizePx.toFloat()
    textPaint.color = Colors.toArgb(drawn.textColor)
    backgroundPaint.color = Colors.toArgb(drawn.backgroundColor)
    lineLayouts = drawn.layout.lines.map { line -> lineLayout(line.text, drawn) }
    invalidate()
  }

  override fun onDraw(canvas: Canvas) {
    val drawn = panel ?: return
    val layout = drawn.layout
    canvas.drawRect(0f, 0f, width.toFloat(), height.toFloat(), backgroundPaint)
    lineLayouts.forEachIndexed { index, lineLayout ->
      canvas.save()
      // Put the StaticLayout's baseline where the core layout put it.
      val top = layout.paddingPx + index * layout.lineHeightPx + layout.baselineOffsetPx - lineLayout.getLineBaseline(0)
      canvas.translate(layout.paddingPx.toFloat(), top.toFloat())
      lineLayout.draw(canvas)
      canvas.restore()
    }
    onDrawn(drawn.generation)
  }

  private fun lineLayout(text: String, drawn: DrawnPanel): Layout {
    val layout = drawn.layout
    val width = layout.bounds.width - 2 * layout.paddingPx
    // API 22 has no text direction parameter: a leading LRM keeps the physical (LTR) paragraph direction.
    val prefix = if (Build.VERSION.SDK_INT < 23) "\u200E" else ""
    val spanned = SpannableString(prefix + text)
    val icon = icons.iconFor(drawn.iconPackage)
    text.forEachIndexed { index, c ->
      if (c == '\uFFFC') spanned.setSpan(iconSpan(icon, layout.iconSizePx), prefix.length + index, prefix.length + index + 1, Spanned.SPAN_EXCLUSIVE_EXCLUSIVE)
    }
    val tabStop = 4 * textPaint.measureText(" ")
    if (tabStop > 0 && text.contains('\t')) {
      var stop = tabStop
      while (stop <= width) {
        spanned.setSpan(TabStopSpan.Standard(stop.toInt()), 0, spanned.length, Spanned.SPAN_INCLUSIVE_INCLUSIVE)
        stop += tabStop
      }
    }
    val alignment = if (layout.textAlign == "right") Layout.Alignment.ALIGN_OPPOSITE else Layout.Alignment.ALIGN_NORMAL
    return if (Build.VERSION.SDK_INT >= 23) {
      StaticLayout.Builder.obtain(spanned, 0, spanned.length, textPaint, width)
        .setAlignment(alignment)
        .setTextDirection(TextDirectionHeuristics.LTR)
        .setIncludePad(false)
        .setMaxLines(1)
        .setEllipsize(TextUtils.TruncateAt.END)
        .setEllipsizedWidth(width)
        .build()
    } else {
      legacyLayout(spanned, width, alignment)
    }
  }

  @Suppress("DEPRECATION")
  private fun legacyLayout(text: CharSequence, width: Int, alignment: Layout.Alignment): Layout =
    StaticLayout(text, 0, text.length, textPaint, width, alignment, 1f, 0f, false, TextUtils.TruncateAt.END, width)

  private fun iconSpan(bitmap: Bitmap, sizePx: Int): ImageSpan {
    val drawable = BitmapDrawable(resources, bitmap).apply { setBounds(0, 0, sizePx, sizePx) }
    return ImageSpan(drawable, ImageSpan.ALIGN_BOTTOM)
  }
}
