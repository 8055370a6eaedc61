package com.androperator.operator.core.template

/** A piece of a scanned template: literal text, or a placeholder. */
sealed interface TemplateSegment {
  data class Literal(val text: String) : TemplateSegment

  data class Field(val placeholder: Placeholder) : TemplateSegment
}

/** The template scanner of reference section 3: the same left-to-right algorithm as the console. */
object TemplateScanner {
  sealed interface Result {
    data class Valid(val segments: List<TemplateSegment>) : Result

    /** [index] is the UTF-16 index of the `{{` or `}}` that starts the invalid token. */
    data class Invalid(val index: Int, val message: String = Placeholder.INVALID_TEMPLATE_MESSAGE) : Result
  }

  /** Splits a template into literal runs and placeholders; `{{{{`/`}}}}` are escapes for literal `{{`/`}}`. */
  fun scan(template: String): Result {
    val segments = ArrayList<TemplateSegment>()
    val literal = StringBuilder()
    var i = 0
    while (i < template.length) {
      when {
        template.startsWith("{{{{", i) -> {
          literal.append("{{")
          i += 4
        }
        template.startsWith("}}}}", i) -> {
          literal.append("}}")
          i += 4
        }
        template.startsWith("{{", i) -> {
          val close = template.indexOf("}}", i + 2)
          if (close < 0) return Result.Invalid(i)
          val placeholder = Placeholder.of(template.substring(i + 2, close)) ?: return Result.Invalid(i)
          if (literal.isNotEmpty()) segments.add(TemplateSegment.Literal(literal.toString()))
          literal.setLength(0)
          segments.add(TemplateSegment.Field(placeholder))
          i = close + 2
        }
        template.startsWith("}}", i) -> return Result.Invalid(i)
        else -> {
          literal.append(template[i])
          i += 1
        }
      }
    }
    if (literal.isNotEmpty()) segments.add(TemplateSegment.Literal(literal.toString()))
    return Result.Valid(segments)
  }

  /** True when the segments need foreground-app observation (device/system-only templates do not). */
  fun usesForegroundApp(segments: List<TemplateSegment>): Boolean =
    segments.any { it is TemplateSegment.Field && it.placeholder.readsForegroundApp }
}
