package com.androperator.operator.core.conformance

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonParser
import java.io.File
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue

/** One named case of a conformance vector file. */
data class VectorCase(val name: String, val raw: Json.Obj) {
  val input: Json? get() = raw["input"]
  val expect: Json.Obj get() = raw["expect"] as Json.Obj
}

/** Reads the vector files of ../conformance (the directory comes from the `conformance.dir` system property the pom sets). */
object Vectors {
  val directory: File by lazy {
    val configured = System.getProperty("conformance.dir")
    val dir = if (configured != null) File(configured) else File("../conformance")
    check(dir.isDirectory) { "conformance directory not found: ${dir.absolutePath}" }
    dir
  }

  fun load(relativePath: String): Json.Obj = JsonParser.parse(File(directory, relativePath).readText()) as Json.Obj

  /** The cases of a vector file, after checking its kind, description, minimum count and unique names. */
  fun cases(file: String, kind: String, minimum: Int, kebabNames: Boolean = true): List<VectorCase> {
    val json = load(file)
    assertEquals(Json.Str(kind), json["kind"], "$file kind")
    assertTrue((json["description"] as? Json.Str)?.value?.isNotBlank() == true, "$file description")
    val cases = (json["cases"] as Json.Arr).items.map { entry ->
      val obj = entry as Json.Obj
      VectorCase((obj["name"] as Json.Str).value, obj)
    }
    assertTrue(cases.size >= minimum, "$file has ${cases.size} cases, at least $minimum required")
    assertEquals(cases.size, cases.map { it.name }.toSet().size, "$file case names are unique")
    if (kebabNames) {
      val kebab = Regex("^[a-z0-9]+(?:-[a-z0-9]+)*$")
      assertEquals(emptyList<String>(), cases.map { it.name }.filterNot { kebab.matches(it) }, "$file names are kebab-case")
    }
    return cases
  }

  /** Decodes the vectors' string notation: a string, {"repeat": S, "times": n} or {"concat": [S, ...]}; null otherwise. */
  fun string(value: Json?): String? = when {
    value is Json.Str -> value.value
    value is Json.Obj && value.keys == setOf("repeat", "times") -> {
      val unit = string(value["repeat"])
      val times = (value["times"] as? Json.Num)?.value
      if (unit == null || times == null) null else unit.repeat(times.toInt())
    }
    value is Json.Obj && value.keys == setOf("concat") && value["concat"] is Json.Arr ->
      (value["concat"] as Json.Arr).items.map { string(it) ?: return null }.joinToString("")
    else -> null
  }

  /** Expands the string notation anywhere inside a value (validation inputs and expected executions). */
  fun expand(value: Json): Json = when (value) {
    is Json.Arr -> Json.Arr(value.items.map(::expand))
    is Json.Obj -> {
      val generated = if (value.keys == setOf("repeat", "times") || value.keys == setOf("concat")) string(value) else null
      generated?.let { Json.Str(it) } ?: Json.Obj(LinkedHashMap<String, Json>().also { out ->
        value.members.forEach { (k, v) -> out[k] = expand(v) }
      })
    }
    else -> value
  }

  fun text(value: Json?, what: String): String = string(value) ?: error("$what is not a string or generator")

  fun int(value: Json?, what: String): Int = ((value as? Json.Num)?.value ?: error("$what is not a number")).toInt()

  fun double(value: Json?, what: String): Double = (value as? Json.Num)?.value ?: error("$what is not a number")
}
