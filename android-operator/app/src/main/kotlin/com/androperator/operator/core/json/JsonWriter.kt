package com.androperator.operator.core.json

/** Compact JSON text exactly as JavaScript's JSON.stringify writes it (number format and escapes included). */
object JsonWriter {
  fun write(value: Json): String = StringBuilder().also { append(it, value) }.toString()

  /** UTF-8 size of [write]'s output (JSON.stringify never leaves a lone surrogate unescaped). */
  fun utf8Size(value: Json): Int = utf8Length(write(value))

  fun append(out: StringBuilder, value: Json) {
    when (value) {
      is Json.Str -> appendString(out, value.value)
      is Json.Num -> out.append(JsNumber.format(value.value))
      is Json.Bool -> out.append(if (value.value) "true" else "false")
      Json.Null -> out.append("null")
      is Json.Arr -> {
        out.append('[')
        value.items.forEachIndexed { i, item ->
          if (i > 0) out.append(',')
          append(out, item)
        }
        out.append(']')
      }
      is Json.Obj -> {
        out.append('{')
        var first = true
        for ((key, member) in value.members) {
          if (!first) out.append(',')
          first = false
          appendString(out, key)
          out.append(':')
          append(out, member)
        }
        out.append('}')
      }
    }
  }

  fun appendString(out: StringBuilder, s: String) {
    out.append('"')
    var i = 0
    while (i < s.length) {
      val c = s[i]
      when {
        c == '"' -> out.append("\\\"")
        c == '\\' -> out.append("\\\\")
        c == '\b' -> out.append("\\b")
        c == '\u000C' -> out.append("\\f")
        c == '\n' -> out.append("\\n")
        c == '\r' -> out.append("\\r")
        c == '\t' -> out.append("\\t")
        c < ' ' -> out.append("\\u").append(hex4(c.code))
        Character.isHighSurrogate(c) && i + 1 < s.length && Character.isLowSurrogate(s[i + 1]) -> {
          out.append(c).append(s[i + 1])
          i++
        }
        Character.isSurrogate(c) -> out.append("\\u").append(hex4(c.code))
        else -> out.append(c)
      }
      i++
    }
    out.append('"')
  }

  private fun hex4(code: Int): String = code.toString(16).padStart(4, '0')

  /** UTF-8 bytes of a string whose lone surrogates (if any) count 3 bytes each, as an encoder replacing them would. */
  fun utf8Length(s: String): Int {
    var bytes = 0
    var i = 0
    while (i < s.length) {
      val c = s[i].code
      bytes += when {
        c < 0x80 -> 1
        c < 0x800 -> 2
        Character.isHighSurrogate(s[i]) && i + 1 < s.length && Character.isLowSurrogate(s[i + 1]) -> {
          i++
          4
        }
        else -> 3
      }
      i++
    }
    return bytes
  }
}
