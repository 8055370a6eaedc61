package com.androperator.operator.core.geometry

/** The font of one layout: how text runs, icons and tabs advance. */
class LineFont(
  val measurer: TextMeasurer,
  val fontSizePx: Double,
  val iconSizePx: Int,
  /** Tab stops are multiples of this from the line start; 0 makes TAB zero-width. */
  val tabStopPx: Double,
)

/**
 * Line breaking of panel text, modelled on StaticLayout's simple (greedy) strategy and identical to the console's
 * wrap.ts: paragraphs split at LF; a line may break after a run of spaces once it holds a non-space; spaces at a break
 * hang; an over-long word breaks between code points; TAB advances to the next multiple of 4 space advances; U+FFFC
 * is an icon [LineFont.iconSizePx] wide.
 */
object LineWrap {
  private const val SPACE = ' '
  private const val TAB = '\t'
  private const val ICON = '\uFFFC'
  const val ELLIPSIS = "\u2026"

  /** Advance of a line's text in px, every character counted (tabs, icons and trailing spaces included). */
  fun lineAdvance(text: String, font: LineFont): Double {
    var x = 0.0
    var runStart = 0
    fun flush(end: Int) {
      if (end > runStart) x += font.measurer.measure(text.substring(runStart, end), font.fontSizePx)
    }
    for (i in text.indices) {
      val c = text[i]
      if (c != TAB && c != ICON) continue
      flush(i)
      runStart = i + 1
      if (c == ICON) x += font.iconSizePx
      else if (font.tabStopPx > 0) x = (Math.floor(x / font.tabStopPx) + 1) * font.tabStopPx
    }
    flush(text.length)
    return x
  }

  /** [text] without its trailing spaces (the ones that hang at a line end). */
  fun trimHangingSpaces(text: String): String = text.trimEnd(SPACE)

  private fun nextCodePoint(text: String, index: Int): Int =
    if (Character.isHighSurrogate(text[index]) && index + 1 < text.length && Character.isLowSurrogate(text[index + 1])) index + 2
    else index + 1

  private fun fits(paragraph: String, start: Int, end: Int, maxWidthPx: Double, font: LineFont) =
    lineAdvance(trimHangingSpaces(paragraph.substring(start, end)), font) <= maxWidthPx

  private fun greedyBreak(paragraph: String, start: Int, maxWidthPx: Double, font: LineFont): Int {
    var best = -1
    var seenNonSpace = false
    for (end in start + 1..paragraph.length) {
      val previous = paragraph[end - 1]
      if (previous != SPACE) seenNonSpace = true
      val opportunity = end == paragraph.length || (previous == SPACE && paragraph[end] != SPACE && seenNonSpace)
      if (!opportunity) continue
      if (!fits(paragraph, start, end, maxWidthPx, font)) break
      best = end
    }
    return best
  }

  private fun desperateBreak(paragraph: String, start: Int, maxWidthPx: Double, font: LineFont): Int {
    var minimum = start
    while (minimum < paragraph.length && paragraph[minimum] == SPACE) minimum += 1
    if (minimum >= paragraph.length) return paragraph.length
    minimum = nextCodePoint(paragraph, minimum)
    var end = minimum
    while (end < paragraph.length) {
      val candidate = nextCodePoint(paragraph, end)
      if (!fits(paragraph, start, candidate, maxWidthPx, font)) break
      end = candidate
    }
    return end
  }

  /** Wraps [content] into line texts (hanging spaces and LFs removed), stopping once [lineLimit] lines exist. */
  fun wrap(content: String, maxWidthPx: Double, font: LineFont, lineLimit: Int): List<String> {
    val lines = ArrayList<String>()
    for (paragraph in content.split('\n')) {
      if (lines.size >= lineLimit) break
      if (paragraph.isEmpty()) {
        lines.add("")
        continue
      }
      var start = 0
      while (start < paragraph.length && lines.size < lineLimit) {
        var end = greedyBreak(paragraph, start, maxWidthPx, font)
        if (end < 0) end = desperateBreak(paragraph, start, maxWidthPx, font)
        lines.add(trimHangingSpaces(paragraph.substring(start, end)))
        start = end
      }
    }
    return lines
  }

  /** Drops code points from the end of [text] until text + "…" fits (only "…" when nothing fits). */
  fun ellipsize(text: String, maxWidthPx: Double, font: LineFont): String {
    var kept = trimHangingSpaces(text)
    while (kept.isNotEmpty() && lineAdvance(kept + ELLIPSIS, font) > maxWidthPx) {
      val pair = kept.length >= 2 && Character.isLowSurrogate(kept.last()) && Character.isHighSurrogate(kept[kept.length - 2])
      kept = kept.substring(0, kept.length - if (pair) 2 else 1)
    }
    return kept + ELLIPSIS
  }
}
