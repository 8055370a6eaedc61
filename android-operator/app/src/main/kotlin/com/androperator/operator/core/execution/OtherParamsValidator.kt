package com.androperator.operator.core.execution

import com.androperator.operator.core.json.Json

/** Params of clear_on_screen_log, snapshot and take_screenshot (reference sections 2 and 8). */
object OtherParamsValidator {
  /** Input keys that all mean take_screenshot's `path`. */
  val SCREENSHOT_PATH_KEYS = listOf("path", "file", "filePath", "output_path")

  /** clear_on_screen_log and snapshot take omitted params or exactly {}. */
  fun emptyParamsIssue(type: String, params: Json?): ValidationIssue? {
    if (params == null) return null
    val keys = (params as? Json.Obj)?.keys?.toList()
    if (keys != null && keys.isEmpty()) return null
    val rule = "accepts omitted params or {} only"
    return ValidationIssue("params", "params", "$type $rule", rule, keys)
  }

  private fun screenshotIssue(key: String, rule: String, invalidKeys: List<String>? = null): ValidationIssue {
    val path = if (key.isEmpty()) "params" else "params.$key"
    return ValidationIssue(path, key.ifEmpty { "params" }, "take_screenshot $path $rule", rule, invalidKeys)
  }

  /** take_screenshot params: optional non-blank path (aliases file/filePath/output_path) and scale 100|50|25. */
  fun checkScreenshot(id: String, params: Json?): Checked<Action.TakeScreenshot> {
    if (params == null) return Checked.Valid(Action.TakeScreenshot(id))
    if (params !is Json.Obj) return Checked.Invalid(screenshotIssue("", "must be a JSON object"))
    val pathKeys = params.keys.filter { it in SCREENSHOT_PATH_KEYS }
    val unknown = params.keys.filter { it != "scale" && it !in SCREENSHOT_PATH_KEYS }
    if (unknown.isNotEmpty()) {
      return Checked.Invalid(screenshotIssue("", "contains unknown key(s): ${unknown.joinToString(", ")}", unknown))
    }
    if (pathKeys.size > 1) {
      return Checked.Invalid(screenshotIssue(pathKeys[1], "conflicts with params.${pathKeys[0]}; supply only one path key"))
    }
    var path: String? = null
    pathKeys.firstOrNull()?.let { key ->
      val value = params[key]
      if (value !is Json.Str || TextRules.isWhitespaceOnly(value.value)) {
        return Checked.Invalid(screenshotIssue(key, "must be a non-blank string"))
      }
      path = value.value
    }
    var scale: Int? = null
    params["scale"]?.let { value ->
      val number = (value as? Json.Num)?.value
      if (number == null || Limits.SCREENSHOT_SCALES.none { it.toDouble() == number }) {
        return Checked.Invalid(screenshotIssue("scale", "must be one of ${Limits.SCREENSHOT_SCALES.joinToString(", ")}"))
      }
      scale = number.toInt()
    }
    return Checked.Valid(Action.TakeScreenshot(id, path, scale))
  }
}
