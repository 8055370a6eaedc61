package com.androperator.operator.core.template

import com.androperator.operator.core.execution.Limits
import com.androperator.operator.core.execution.TextRules

/** Expanded panel text: every U+FFFC in [text] is an inline icon and is listed in [iconPositions]. */
data class TemplateExpansion(val text: String, val iconPositions: List<Int>, val truncated: Boolean)

/**
 * Template expansion (seed "Live templates", reference sections 3 and 10), identical to the console's expandTemplate.
 * Deliberately unlike the reference Operator (see conformance/template-expand.json): a value over 256 units carries
 * its own ellipsis, control-character replacement alone is not truncation, a value of only controls is "Unavailable",
 * and U+FFFC outside icons becomes U+FFFD so metadata cannot forge an icon.
 */
object TemplateExpander {
  const val ICON_CHARACTER = '\uFFFC'
  const val ELLIPSIS = '\u2026'
  private const val REPLACEMENT_CHARACTER = '\uFFFD'

  /** The longest prefix of at most [maxUnits] UTF-16 units that does not split a surrogate pair. */
  fun safePrefix(s: String, maxUnits: Int): String {
    if (maxUnits <= 0) return ""
    if (s.length <= maxUnits) return s
    var end = maxUnits
    if (Character.isHighSurrogate(s[end - 1]) && Character.isLowSurrogate(s[end])) end -= 1
    return s.substring(0, end)
  }

  /** A metadata value as displayed: controls -> spaces, blank -> "Unavailable", bounded to 256 units. */
  fun displayValue(raw: String?): Pair<String, Boolean> {
    val cleaned = buildString {
      for (c in raw.orEmpty()) {
        append(
          when {
            TextRules.isControl(c) -> ' '
            c == ICON_CHARACTER -> REPLACEMENT_CHARACTER
            else -> c
          },
        )
      }
    }
    if (TextRules.isWhitespaceOnly(cleaned)) return TemplateMetadata.UNAVAILABLE to false
    if (cleaned.length <= Limits.MAX_METADATA_VALUE_UNITS) return cleaned to false
    return (safePrefix(cleaned, Limits.MAX_METADATA_VALUE_UNITS - 1) + ELLIPSIS) to true
  }

  /** Substitutes metadata into scanned segments; values are never re-scanned as template syntax. */
  fun expand(segments: List<TemplateSegment>, metadata: TemplateMetadata): TemplateExpansion {
    val text = StringBuilder()
    var icons = ArrayList<Int>()
    var truncated = false
    for (segment in segments) {
      // Anything past the cap is cut anyway; stop early so huge inputs stay cheap.
      if (text.length > Limits.MAX_EXPANDED_TEMPLATE_UNITS) break
      when (segment) {
        is TemplateSegment.Literal -> text.append(segment.text.replace(ICON_CHARACTER, REPLACEMENT_CHARACTER))
        is TemplateSegment.Field ->
          if (segment.placeholder == Placeholder.APP_ICON) {
            icons.add(text.length)
            text.append(ICON_CHARACTER)
          } else {
            val (value, bounded) = displayValue(metadata.valueOf(segment.placeholder))
            truncated = truncated || bounded
            text.append(value)
          }
      }
    }
    var result = text.toString()
    if (result.length > Limits.MAX_EXPANDED_TEMPLATE_UNITS) {
      val kept = safePrefix(result, Limits.MAX_EXPANDED_TEMPLATE_UNITS - 1)
      result = kept + ELLIPSIS
      icons = ArrayList(icons.filter { it < kept.length })
      truncated = true
    }
    return TemplateExpansion(result, icons, truncated)
  }
}
