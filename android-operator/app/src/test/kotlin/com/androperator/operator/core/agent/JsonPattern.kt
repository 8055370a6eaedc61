package com.androperator.operator.core.agent

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonWriter

/** The matcher notation of conformance/agent-protocol/README.md; [mismatch] names the first difference, or null. */
object JsonPattern {
  fun mismatch(pattern: Json, actual: Json?, path: String = "$"): String? {
    if (pattern is Json.Str && pattern.value.startsWith("<")) {
      if (pattern.value.startsWith("<<")) {
        return if (actual == Json.Str(pattern.value.substring(1))) null else "$path: expected ${pattern.value.substring(1)}, got ${show(actual)}"
      }
      val ok = when (pattern.value) {
        "<any>" -> actual != null
        "<any-string>" -> actual is Json.Str
        "<any-number>" -> actual is Json.Num
        "<any-integer>" -> actual is Json.Num && actual.value == Math.floor(actual.value) && actual.value.isFinite()
        "<any-boolean>" -> actual is Json.Bool
        "<any-object>" -> actual is Json.Obj
        "<any-array>" -> actual is Json.Arr
        else -> error("unknown matcher ${pattern.value}")
      }
      return if (ok) null else "$path: expected ${pattern.value}, got ${show(actual)}"
    }
    return when (pattern) {
      is Json.Obj -> {
        if (actual !is Json.Obj) return "$path: expected an object, got ${show(actual)}"
        val keys = HashSet<String>()
        for ((rawKey, member) in pattern.members) {
          val optional = rawKey.endsWith("?")
          val key = rawKey.removeSuffix("?")
          keys.add(key)
          val value = actual[key]
          if (value == null && optional) continue
          if (value == null) return "$path.$key: missing"
          mismatch(member, value, "$path.$key")?.let { return it }
        }
        actual.keys.firstOrNull { it !in keys }?.let { "$path.$it: unexpected key" }
      }
      is Json.Arr -> {
        if (actual !is Json.Arr || actual.items.size != pattern.items.size) {
          return "$path: expected an array of ${pattern.items.size}, got ${show(actual)}"
        }
        pattern.items.indices.firstNotNullOfOrNull { mismatch(pattern.items[it], actual.items[it], "$path[$it]") }
      }
      else -> if (pattern == actual || (pattern is Json.Num && actual is Json.Num && pattern.value == actual.value)) null
      else "$path: expected ${show(pattern)}, got ${show(actual)}"
    }
  }

  private fun show(value: Json?): String = value?.let { JsonWriter.write(it).take(200) } ?: "nothing"
}
