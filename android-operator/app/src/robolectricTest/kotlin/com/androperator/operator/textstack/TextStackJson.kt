package com.androperator.operator.textstack

import com.androperator.operator.core.json.JsNumber
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonParser
import java.io.File

/** Files of conformance/text-stack and their ASCII JSON form (one case or table row per line, stable for diffs). */
object TextStackFiles {
  val directory: File by lazy {
    val base = System.getProperty("conformance.dir")?.let(::File) ?: File("../conformance")
    File(base, "text-stack").also { check(it.isDirectory) { "conformance/text-stack not found at ${it.absolutePath}" } }
  }

  /** `TEXTSTACK_REGENERATE=1` rewrites the committed files instead of comparing with them. */
  val regenerate: Boolean get() = System.getenv("TEXTSTACK_REGENERATE") == "1"

  const val REGENERATE_COMMAND = "npm run conformance:text-stack"

  fun read(name: String): Json.Obj = JsonParser.parse(File(directory, name).readText()) as Json.Obj

  /** Writes [text] to [name] when regenerating; otherwise returns the first differing line, or null when equal. */
  fun writeOrCompare(name: String, text: String): String? = writeOrCompare(File(directory, name), text, regenerate)

  fun writeOrCompare(file: File, text: String, regenerate: Boolean): String? {
    if (regenerate) {
      file.writeText(text)
      return null
    }
    val committed = if (file.isFile) file.readText() else ""
    if (committed == text) return null
    val want = text.lines()
    val have = committed.lines()
    val index = want.indices.firstOrNull { it >= have.size || want[it] != have[it] } ?: want.size
    return "conformance/text-stack/${file.name} differs from what Robolectric produces now (first at line ${index + 1}):\n" +
      "  committed: ${have.getOrNull(index)?.take(300)}\n  generated: ${want.getOrNull(index)?.take(300)}\n" +
      "Android's text stack changed (or the cases did): regenerate with `$REGENERATE_COMMAND` and review the diff."
  }
}

/** Compact JSON with every non-ASCII character as a \u escape (the conformance files are ASCII). */
object AsciiJson {
  fun write(value: Json): String = StringBuilder().also { append(it, value) }.toString()

  fun append(out: StringBuilder, value: Json) {
    when (value) {
      is Json.Null -> out.append("null")
      is Json.Bool -> out.append(value.value)
      is Json.Num -> out.append(JsNumber.format(value.value))
      is Json.Str -> string(out, value.value)
      is Json.Arr -> {
        out.append('[')
        value.items.forEachIndexed { index, item ->
          if (index > 0) out.append(',')
          append(out, item)
        }
        out.append(']')
      }
      is Json.Obj -> {
        out.append('{')
        var first = true
        for ((key, item) in value.members) {
          if (!first) out.append(',')
          first = false
          string(out, key)
          out.append(':')
          append(out, item)
        }
        out.append('}')
      }
    }
  }

  private fun string(out: StringBuilder, s: String) {
    out.append('"')
    for (c in s) {
      when {
        c == '"' -> out.append("\\\"")
        c == '\\' -> out.append("\\\\")
        c == '\n' -> out.append("\\n")
        c == '\t' -> out.append("\\t")
        c < ' ' || c.code > 0x7e -> out.append("\\u").append(c.code.toString(16).padStart(4, '0'))
        else -> out.append(c)
      }
    }
    out.append('"')
  }

  /** A document of [head] members and then [arrays], each array with one item per line. */
  fun document(head: List<Pair<String, Json>>, arrays: List<Pair<String, List<Json>>>): String {
    val out = StringBuilder("{\n")
    head.forEachIndexed { index, (key, value) ->
      out.append(' ')
      string(out, key)
      out.append(": ")
      append(out, value)
      out.append(if (index < head.size - 1 || arrays.isNotEmpty()) ",\n" else "\n")
    }
    arrays.forEachIndexed { arrayIndex, (key, items) ->
      out.append(' ')
      string(out, key)
      out.append(": [\n")
      items.forEachIndexed { index, item ->
        out.append("  ")
        append(out, item)
        out.append(if (index < items.size - 1) ",\n" else "\n")
      }
      out.append(if (arrayIndex < arrays.size - 1) " ],\n" else " ]\n")
    }
    out.append("}\n")
    return out.toString()
  }
}
