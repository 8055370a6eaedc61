package com.androperator.operator.core.json

/** Thrown for text that JSON.parse would reject; [index] is the UTF-16 offset of the problem. */
class JsonSyntaxException(message: String, val index: Int) : Exception("$message at index $index")

/**
 * A strict RFC 8259 parser with JSON.parse semantics: whitespace is space, TAB, LF and CR only; strings may hold lone
 * surrogates written as escapes; numbers become doubles (overflowing to ±Infinity as JavaScript does).
 */
class JsonParser private constructor(private val text: String) {
  private var index = 0

  companion object {
    /** Parses one complete JSON text; anything after the value other than whitespace is an error. */
    fun parse(text: String): Json {
      val parser = JsonParser(text)
      parser.skipWhitespace()
      val value = parser.readValue(0)
      parser.skipWhitespace()
      if (parser.index != text.length) throw parser.error("Unexpected character after the JSON value")
      return value
    }

    /** Nesting deeper than this is refused instead of overflowing the stack. */
    const val MAX_DEPTH = 512
  }

  private fun error(message: String) = JsonSyntaxException(message, index)

  private fun skipWhitespace() {
    while (index < text.length) {
      when (text[index]) {
        ' ', '\t', '\n', '\r' -> index++
        else -> return
      }
    }
  }

  private fun readValue(depth: Int): Json {
    if (depth > MAX_DEPTH) throw error("JSON nesting is too deep")
    if (index >= text.length) throw error("Unexpected end of JSON input")
    return when (val c = text[index]) {
      '{' -> readObject(depth)
      '[' -> readArray(depth)
      '"' -> Json.Str(readString())
      't' -> readLiteral("true", Json.Bool(true))
      'f' -> readLiteral("false", Json.Bool(false))
      'n' -> readLiteral("null", Json.Null)
      else -> if (c == '-' || c in '0'..'9') readNumber() else throw error("Unexpected character '$c'")
    }
  }

  private fun readLiteral(word: String, value: Json): Json {
    if (!text.startsWith(word, index)) throw error("Unexpected token")
    index += word.length
    return value
  }

  private fun readObject(depth: Int): Json {
    index++ // {
    val members = LinkedHashMap<String, Json>()
    skipWhitespace()
    if (peek() == '}') {
      index++
      return Json.Obj(members)
    }
    while (true) {
      skipWhitespace()
      if (peek() != '"') throw error("Expected a string key")
      val key = readString()
      skipWhitespace()
      if (peek() != ':') throw error("Expected ':'")
      index++
      skipWhitespace()
      members[key] = readValue(depth + 1) // a repeated key keeps its first position, last value wins
      skipWhitespace()
      when (peek()) {
        ',' -> index++
        '}' -> {
          index++
          return Json.Obj(inPropertyOrder(members))
        }
        else -> throw error("Expected ',' or '}'")
      }
    }
  }

  /**
   * JavaScript's own-property order, which Object.keys and JSON.stringify follow: array-index keys ("0", "17") first
   * in ascending numeric order, then the other keys in insertion order.
   */
  private fun inPropertyOrder(members: LinkedHashMap<String, Json>): LinkedHashMap<String, Json> {
    if (members.keys.none(::isArrayIndex)) return members
    val ordered = LinkedHashMap<String, Json>()
    members.keys.filter(::isArrayIndex).sortedBy { it.toLong() }.forEach { ordered[it] = members.getValue(it) }
    members.forEach { (key, value) -> if (!isArrayIndex(key)) ordered[key] = value }
    return ordered
  }

  private fun isArrayIndex(key: String): Boolean =
    key.isNotEmpty() && key.length <= 10 && key.all { it in '0'..'9' } && (key == "0" || key[0] != '0') &&
      key.toLong() < 4294967295L

  private fun readArray(depth: Int): Json {
    index++ // [
    val items = ArrayList<Json>()
    skipWhitespace()
    if (peek() == ']') {
      index++
      return Json.Arr(items)
    }
    while (true) {
      skipWhitespace()
      items.add(readValue(depth + 1))
      skipWhitespace()
      when (peek()) {
        ',' -> index++
        ']' -> {
          index++
          return Json.Arr(items)
        }
        else -> throw error("Expected ',' or ']'")
      }
    }
  }

  private fun peek(): Char? = if (index < text.length) text[index] else null

  private fun readString(): String {
    index++ // opening quote
    val out = StringBuilder()
    var runStart = index
    while (true) {
      if (index >= text.length) throw error("Unterminated string")
      val c = text[index]
      when {
        c == '"' -> {
          out.append(text, runStart, index)
          index++
          return out.toString()
        }
        c == '\\' -> {
          out.append(text, runStart, index)
          index++
          out.append(readEscape())
          runStart = index
        }
        c < ' ' -> throw error("Bad control character in string")
        else -> index++
      }
    }
  }

  private fun readEscape(): Char {
    if (index >= text.length) throw error("Unterminated escape")
    val c = text[index++]
    return when (c) {
      '"' -> '"'
      '\\' -> '\\'
      '/' -> '/'
      'b' -> '\b'
      'f' -> '\u000C'
      'n' -> '\n'
      'r' -> '\r'
      't' -> '\t'
      'u' -> {
        if (index + 4 > text.length) throw error("Bad unicode escape")
        var code = 0
        repeat(4) {
          val digit = Character.digit(text[index++], 16)
          if (digit < 0) throw error("Bad unicode escape")
          code = code * 16 + digit
        }
        code.toChar()
      }
      else -> throw error("Bad escape character")
    }
  }

  private fun readNumber(): Json {
    val start = index
    if (peek() == '-') index++
    when {
      peek() == '0' -> index++
      peek()?.let { it in '1'..'9' } == true -> while (peek()?.let { it in '0'..'9' } == true) index++
      else -> throw error("No number after minus sign")
    }
    if (peek() == '.') {
      index++
      if (peek()?.let { it in '0'..'9' } != true) throw error("Unterminated fractional number")
      while (peek()?.let { it in '0'..'9' } == true) index++
    }
    if (peek() == 'e' || peek() == 'E') {
      index++
      if (peek() == '+' || peek() == '-') index++
      if (peek()?.let { it in '0'..'9' } != true) throw error("Exponent part is missing a number")
      while (peek()?.let { it in '0'..'9' } == true) index++
    }
    // Java's parser is correctly rounded like ECMAScript's, and overflows to Infinity the same way.
    return Json.Num(text.substring(start, index).toDouble())
  }
}
