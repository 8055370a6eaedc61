package com.androperator.operator.core.json

/**
 * A JSON value with the semantics of JavaScript's JSON.parse, so the Operator reads payloads exactly as the console
 * does: numbers are IEEE doubles (`1e999` is +Infinity, `-0` is negative zero), an object keeps its members in first
 * insertion order and a repeated key keeps its first position with the last value.
 */
sealed interface Json {
  data class Str(val value: String) : Json

  data class Num(val value: Double) : Json

  data class Bool(val value: Boolean) : Json

  data object Null : Json

  data class Arr(val items: List<Json>) : Json

  /** An object; [members] iterates in input order. */
  data class Obj(val members: Map<String, Json>) : Json {
    operator fun get(key: String): Json? = members[key]

    val keys: Set<String> get() = members.keys
  }

  companion object {
    fun of(value: String?): Json = if (value == null) Null else Str(value)

    fun of(value: Number): Json = Num(value.toDouble())

    fun of(value: Boolean): Json = Bool(value)

    /** Builds an object from pairs in order; a null value becomes JSON null. */
    fun obj(vararg pairs: Pair<String, Json>): Obj = Obj(linkedMapOf(*pairs))

    fun arr(items: List<Json>): Arr = Arr(items)
  }
}

/** The string value, or null when this is not a JSON string. */
val Json?.stringOrNull: String? get() = (this as? Json.Str)?.value

/** The number value, or null when this is not a JSON number. */
val Json?.numberOrNull: Double? get() = (this as? Json.Num)?.value

/** Builder for objects whose member order matters (canonical payloads, protocol frames). */
class JsonObjectBuilder {
  private val members = LinkedHashMap<String, Json>()

  fun put(key: String, value: Json): JsonObjectBuilder = apply { members[key] = value }

  fun put(key: String, value: String?): JsonObjectBuilder = put(key, Json.of(value))

  fun put(key: String, value: Number): JsonObjectBuilder = put(key, Json.of(value))

  fun put(key: String, value: Boolean): JsonObjectBuilder = put(key, Json.of(value))

  fun build(): Json.Obj = Json.Obj(members)
}

fun jsonObject(block: JsonObjectBuilder.() -> Unit): Json.Obj = JsonObjectBuilder().apply(block).build()
