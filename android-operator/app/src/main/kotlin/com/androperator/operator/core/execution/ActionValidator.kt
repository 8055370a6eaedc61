package com.androperator.operator.core.execution

import com.androperator.operator.core.json.Json

/** One action object: strict {id, type, params?}, type normalization, then the params of its type. */
object ActionValidator {
  /** The first issue of an action (its path relative to the action) and the action it belongs to. */
  data class Failure(val issue: ValidationIssue, val context: IssueContext)

  private fun fieldIssue(index: Int, field: String, rule: String) =
    ValidationIssue(field, field, "actions.$index.$field $rule", rule)

  private fun unsupportedTypeIssue(index: Int, raw: String): ValidationIssue {
    val reason = "${quoted(raw)} is not supported"
    val which = "actions.$index.type $reason; supported: ${ActionTypes.SUPPORTED.joinToString(", ")}"
    return ValidationIssue("type", "type", "All action types must be supported ($which)", reason)
  }

  /** Validates actions[index]: the canonical action, or the first issue. */
  fun check(input: Json, index: Int): Pair<Action?, Failure?> {
    if (input !is Json.Obj) {
      val rule = "must be a JSON object"
      return null to Failure(ValidationIssue("", "actions.$index", "actions.$index $rule", rule), IssueContext())
    }
    val id = input["id"]
    val type = input["type"]
    val params = input["params"]
    val context = IssueContext((id as? Json.Str)?.value, (type as? Json.Str)?.value)
    fun fail(issue: ValidationIssue) = null to Failure(issue, context)
    val unknown = input.keys.filter { it != "id" && it != "type" && it != "params" }
    if (unknown.isNotEmpty()) {
      val rule = "contains unknown key(s): ${unknown.joinToString(", ")}"
      return fail(ValidationIssue("", "actions.$index", "actions.$index $rule", rule, unknown))
    }
    if (id == null) return fail(fieldIssue(index, "id", "is required"))
    if (id !is Json.Str) return fail(fieldIssue(index, "id", "must be a string"))
    if (id.value.isEmpty() || id.value.length > Limits.MAX_ID_LENGTH) {
      return fail(fieldIssue(index, "id", "must contain 1..${Limits.MAX_ID_LENGTH} characters"))
    }
    if (type == null) return fail(fieldIssue(index, "type", "is required"))
    if (type !is Json.Str) return fail(fieldIssue(index, "type", "must be a string"))
    if (type.value.length > Limits.MAX_ACTION_TYPE_LENGTH) {
      return fail(fieldIssue(index, "type", "must contain at most ${Limits.MAX_ACTION_TYPE_LENGTH} characters"))
    }
    val actionId = id.value
    return when (val canonical = ActionTypeNames.normalize(type.value)) {
      null -> fail(unsupportedTypeIssue(index, type.value))
      ActionTypes.SET_ON_SCREEN_LOG -> when (val set = SetParamsValidator.check(params)) {
        is Checked.Valid -> Action.SetOnScreenLog(actionId, set.value) to null
        is Checked.Invalid -> fail(set.issue)
      }
      ActionTypes.CLEAR_ON_SCREEN_LOG, ActionTypes.SNAPSHOT -> {
        val issue = OtherParamsValidator.emptyParamsIssue(canonical, params)
        when {
          issue != null -> fail(issue)
          canonical == ActionTypes.SNAPSHOT -> Action.Snapshot(actionId) to null
          else -> Action.ClearOnScreenLog(actionId) to null
        }
      }
      else -> when (val shot = OtherParamsValidator.checkScreenshot(actionId, params)) {
        is Checked.Valid -> shot.value to null
        is Checked.Invalid -> fail(shot.issue)
      }
    }
  }
}
