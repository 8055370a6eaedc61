package com.androperator.operator.core.json

import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/** ECMAScript Number::toString for doubles, so written JSON matches the console's byte for byte. */
object JsNumber {
  fun format(value: Double): String {
    if (value.isNaN() || value.isInfinite()) return "null" // JSON.stringify writes non-finite numbers as null
    if (value == 0.0) return "0" // also -0
    if (value == Math.rint(value) && Math.abs(value) < 1e21) {
      // Integral values below 1e21 print all their digits.
      return BigDecimal(value).toPlainString()
    }
    val (digits, exponent) = shortestDigits(Math.abs(value))
    val sign = if (value < 0) "-" else ""
    return sign + layout(digits, exponent)
  }

  /** The shortest decimal digits d1..dk and n such that the value is 0.d1..dk × 10^n and parses back exactly. */
  private fun shortestDigits(value: Double): Pair<String, Int> {
    val exact = BigDecimal(value)
    for (precision in 1..17) {
      val rounded = exact.round(MathContext(precision, RoundingMode.HALF_EVEN))
      if (rounded.toDouble() == value) {
        val unscaled = rounded.unscaledValue().toString().trimEnd('0')
        val n = rounded.precision() - rounded.scale()
        return Pair(unscaled.ifEmpty { "0" }, n)
      }
    }
    val rounded = exact.round(MathContext(17, RoundingMode.HALF_EVEN))
    return Pair(rounded.unscaledValue().toString().trimEnd('0'), rounded.precision() - rounded.scale())
  }

  private fun layout(digits: String, n: Int): String {
    val k = digits.length
    return when {
      n in k..21 -> digits + "0".repeat(n - k)
      n in 1..21 -> digits.substring(0, n) + "." + digits.substring(n)
      n in -5..0 -> "0." + "0".repeat(-n) + digits
      else -> {
        val e = n - 1
        val exponent = if (e >= 0) "+$e" else "$e"
        if (k == 1) "${digits}e$exponent" else "${digits[0]}.${digits.substring(1)}e$exponent"
      }
    }
  }
}
