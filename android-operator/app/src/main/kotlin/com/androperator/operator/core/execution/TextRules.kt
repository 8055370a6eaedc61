package com.androperator.operator.core.execution

/** Character rules of panel text and templates (reference section 2). */
object TextRules {
  /** The ECMAScript trim set: U+0009-000D, U+0020, U+00A0, U+1680, U+2000-200A, U+2028/9, U+202F, U+205F, U+3000, U+FEFF. */
  fun isWhitespace(c: Char): Boolean {
    val code = c.code
    if (code <= 0x20) return code == 0x20 || code in 0x09..0x0d
    if (code < 0xa0) return false
    return code == 0xa0 || code == 0x1680 || code in 0x2000..0x200a || code == 0x2028 || code == 0x2029 ||
      code == 0x202f || code == 0x205f || code == 0x3000 || code == 0xfeff
  }

  /** True when [s] holds no character outside the whitespace set (also for the empty string). */
  fun isWhitespaceOnly(s: String): Boolean = s.all(::isWhitespace)

  /** ECMAScript String.prototype.trim. */
  fun jsTrim(s: String): String = s.trim(::isWhitespace)

  /** A control character other than LF and TAB: U+0000-0008, U+000B-001F, U+007F-009F. */
  fun isForbiddenControl(c: Char): Boolean {
    val code = c.code
    return code in 0x00..0x08 || code in 0x0b..0x1f || code in 0x7f..0x9f
  }

  /** Unicode category Cc: U+0000-001F and U+007F-009F. */
  fun isControl(c: Char): Boolean = c.code <= 0x1f || c.code in 0x7f..0x9f

  /** Index of the first forbidden control character, or -1. */
  fun findForbiddenControl(s: String): Int = s.indexOfFirst(::isForbiddenControl)
}
