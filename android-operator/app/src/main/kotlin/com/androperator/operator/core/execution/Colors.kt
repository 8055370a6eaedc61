package com.androperator.operator.core.execution

/** Panel colours: `#RRGGBB` or `#AARRGGBB` in either case; canonical form is uppercase `#AARRGGBB`. */
object Colors {
  private fun hexDigit(c: Char): Int = when (c) {
    in '0'..'9' -> c - '0'
    in 'a'..'f' -> c - 'a' + 10
    in 'A'..'F' -> c - 'A' + 10
    else -> -1
  }

  /** The canonical `#AARRGGBB` form (6 digits become opaque), or null when [input] is not a colour. */
  fun normalize(input: String): String? {
    if ((input.length != 7 && input.length != 9) || input[0] != '#') return null
    for (i in 1 until input.length) if (hexDigit(input[i]) < 0) return null
    val upper = input.uppercase()
    return if (input.length == 7) "#FF" + upper.substring(1) else upper
  }

  /** The colour as a packed ARGB int (Android's colour format); transparent black for an invalid colour. */
  fun toArgb(hex: String): Int {
    val canonical = normalize(hex) ?: return 0
    return canonical.substring(1).toLong(16).toInt()
  }
}
