package com.androperator.operator.core.execution

/** The command line's numeric token grammar (reference section 5), shared with the console's CLI. */
object NumericToken {
  private val JSON_NUMBER = Regex("^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$")

  /** The value of a whole, finite, integral JSON-style number token (`-0` gives 0), or null. */
  fun parse(token: String): Double? {
    if (!JSON_NUMBER.matches(token)) return null
    val value = token.toDouble()
    if (!value.isFinite() || value != Math.floor(value)) return null
    return value + 0.0
  }
}
