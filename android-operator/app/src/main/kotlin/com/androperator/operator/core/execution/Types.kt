package com.androperator.operator.core.execution

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonObjectBuilder
import com.androperator.operator.core.json.jsonObject

const val EXPECTED_FORMAT = "android-ui-automator"

object ActionTypes {
  const val SET_ON_SCREEN_LOG = "set_on_screen_log"
  const val CLEAR_ON_SCREEN_LOG = "clear_on_screen_log"
  const val SNAPSHOT = "snapshot"
  const val TAKE_SCREENSHOT = "take_screenshot"

  /** Canonical types in the order error messages list them. */
  val SUPPORTED = listOf(SET_ON_SCREEN_LOG, CLEAR_ON_SCREEN_LOG, SNAPSHOT, TAKE_SCREENSHOT)
}

/** set_on_screen_log params after validation: exactly one of text/template; colours normalized; omitted stay null. */
data class SetOnScreenLogParams(
  val text: String? = null,
  val template: String? = null,
  val anchor: String? = null,
  val textAlign: String? = null,
  val topOffsetDp: Int? = null,
  val edgeOffsetDp: Int? = null,
  val widthDp: Int? = null,
  val fontSizeSp: Int? = null,
  val textColor: String? = null,
  val backgroundColor: String? = null,
  val ttlMs: Int? = null,
) {
  /** Canonical JSON with keys in table order. */
  fun toJson(): Json.Obj = jsonObject {
    text?.let { put("text", it) }
    template?.let { put("template", it) }
    anchor?.let { put("anchor", it) }
    textAlign?.let { put("textAlign", it) }
    topOffsetDp?.let { put("topOffsetDp", it) }
    edgeOffsetDp?.let { put("edgeOffsetDp", it) }
    widthDp?.let { put("widthDp", it) }
    fontSizeSp?.let { put("fontSizeSp", it) }
    textColor?.let { put("textColor", it) }
    backgroundColor?.let { put("backgroundColor", it) }
    ttlMs?.let { put("ttlMs", it) }
  }
}

/** A canonical action: its id and one of the four supported types. */
sealed interface Action {
  val id: String
  val type: String

  data class SetOnScreenLog(override val id: String, val params: SetOnScreenLogParams) : Action {
    override val type get() = ActionTypes.SET_ON_SCREEN_LOG
  }

  data class ClearOnScreenLog(override val id: String) : Action {
    override val type get() = ActionTypes.CLEAR_ON_SCREEN_LOG
  }

  data class Snapshot(override val id: String) : Action {
    override val type get() = ActionTypes.SNAPSHOT
  }

  data class TakeScreenshot(override val id: String, val path: String? = null, val scale: Int? = null) : Action {
    override val type get() = ActionTypes.TAKE_SCREENSHOT
  }

  fun toJson(): Json.Obj = jsonObject {
    put("id", id)
    put("type", type)
    when (val action = this@Action) {
      is SetOnScreenLog -> put("params", action.params.toJson())
      is TakeScreenshot ->
        if (action.path != null || action.scale != null) {
          put("params", jsonObject {
            action.path?.let { put("path", it) }
            action.scale?.let { put("scale", it) }
          })
        }
      else -> Unit
    }
  }
}

/** A canonical, validated execution payload ([timeoutMs] may be fractional, as the console allows). */
data class Execution(
  val commandId: String,
  val taskId: String,
  val source: String,
  val timeoutMs: Double,
  val mode: String?,
  val actions: List<Action>,
) {
  /** Canonical JSON: commandId, taskId, source, expectedFormat, timeoutMs, mode?, actions. */
  fun toJson(): Json.Obj = JsonObjectBuilder()
    .put("commandId", commandId)
    .put("taskId", taskId)
    .put("source", source)
    .put("expectedFormat", EXPECTED_FORMAT)
    .put("timeoutMs", timeoutMs)
    .apply { mode?.let { put("mode", it) } }
    .put("actions", Json.Arr(actions.map { it.toJson() }))
    .build()
}
