package com.androperator.operator.core.execution

import com.androperator.operator.core.AppError
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonWriter
import com.androperator.operator.core.json.jsonObject

/**
 * The canonical execution validator (reference sections 1-2), the same rules as the console's validateExecution:
 * only the first issue is reported, as EXECUTION_VALIDATION_FAILED with details { path, reason, actionId?, actionType?,
 * invalidKeys? }; a payload over 64000 UTF-8 bytes is PAYLOAD_TOO_LARGE.
 */
object ExecutionValidator {
  private val ALIASES = mapOf(
    "command_id" to "commandId",
    "task_id" to "taskId",
    "expected_format" to "expectedFormat",
    "timeout_ms" to "timeoutMs",
  )
  private val CANONICAL_KEYS = setOf("commandId", "taskId", "source", "expectedFormat", "timeoutMs", "mode", "actions")

  private fun topIssue(field: String, rule: String) = ValidationIssue(field, field, "$field $rule", rule)

  private fun stringIssue(field: String, value: Json?, max: Int): ValidationIssue? = when {
    value == null -> topIssue(field, "is required")
    value !is Json.Str -> topIssue(field, "must be a string")
    value.value.isEmpty() || value.value.length > max -> topIssue(field, "must contain 1..$max characters")
    else -> null
  }

  private fun timeoutIssue(value: Json?): ValidationIssue? = when {
    value == null -> topIssue("timeoutMs", "is required")
    value !is Json.Num || !value.value.isFinite() -> topIssue("timeoutMs", "must be a finite number")
    value.value < Limits.MIN_TIMEOUT_MS || value.value > Limits.MAX_TIMEOUT_MS ->
      topIssue("timeoutMs", "must be between ${Limits.MIN_TIMEOUT_MS} and ${Limits.MAX_TIMEOUT_MS}")
    else -> null
  }

  private fun constantIssue(field: String, value: Json?, expected: String, optional: Boolean): ValidationIssue? = when {
    value == Json.Str(expected) || (optional && value == null) -> null
    value == null -> topIssue(field, "is required")
    else -> topIssue(field, "must be ${quoted(expected)}")
  }

  private fun actionsIssue(value: Json?): ValidationIssue? = when {
    value == null -> topIssue("actions", "is required")
    value !is Json.Arr -> topIssue("actions", "must be an array")
    value.items.isEmpty() || value.items.size > Limits.MAX_EXECUTION_ACTIONS ->
      topIssue("actions", "must contain 1..${Limits.MAX_EXECUTION_ACTIONS} items")
    else -> null
  }

  private fun payloadTooLarge(input: Json): AppError? {
    val bytes = JsonWriter.utf8Size(input)
    if (bytes <= Limits.MAX_PAYLOAD_BYTES) return null
    val reason = "exceeds ${Limits.MAX_PAYLOAD_BYTES} bytes"
    return AppError(
      "PAYLOAD_TOO_LARGE",
      "Payload $reason (got $bytes)",
      jsonObject {
        put("path", "")
        put("reason", reason)
        put("bytes", bytes)
        put("maxBytes", Limits.MAX_PAYLOAD_BYTES)
      },
    )
  }

  /** Validates a payload and returns its canonical form (aliases resolved, colours normalized, no defaults added). */
  fun validate(input: Json): Outcome<Execution> {
    if (input !is Json.Obj) {
      val rule = "must be a JSON object"
      return Outcome.Err(validationFailure(ValidationIssue("", "execution", "Execution payload $rule", rule)))
    }
    payloadTooLarge(input)?.let { return Outcome.Err(it) }
    val unknown = input.keys.filter { it !in CANONICAL_KEYS && it !in ALIASES }
    if (unknown.isNotEmpty()) {
      val rule = "contains unknown key(s): ${unknown.joinToString(", ")}"
      return Outcome.Err(validationFailure(ValidationIssue("", "execution", "Execution payload $rule", rule, unknown)))
    }
    // The canonical key wins when both spellings are present (even with a null value).
    fun field(key: String): Json? = input[key] ?: ALIASES.entries.firstOrNull { it.value == key }?.let { input[it.key] }
    val commandId = field("commandId")
    val taskId = field("taskId")
    val source = input["source"]
    val timeoutMs = field("timeoutMs")
    val mode = input["mode"]
    val actions = input["actions"]
    val issue = stringIssue("commandId", commandId, Limits.MAX_ID_LENGTH)
      ?: stringIssue("taskId", taskId, Limits.MAX_ID_LENGTH)
      ?: stringIssue("source", source, Limits.MAX_SOURCE_LENGTH)
      ?: constantIssue("expectedFormat", field("expectedFormat"), EXPECTED_FORMAT, optional = false)
      ?: timeoutIssue(timeoutMs)
      ?: constantIssue("mode", mode, "direct", optional = true)
      ?: actionsIssue(actions)
    if (issue != null) return Outcome.Err(validationFailure(issue))
    val canonical = ArrayList<Action>()
    (actions as Json.Arr).items.forEachIndexed { index, item ->
      val (action, failure) = ActionValidator.check(item, index)
      if (failure != null) return Outcome.Err(validationFailure(failure.issue, "actions.$index", failure.context))
      canonical.add(action!!)
    }
    return Outcome.Ok(
      Execution(
        commandId = (commandId as Json.Str).value,
        taskId = (taskId as Json.Str).value,
        source = (source as Json.Str).value,
        timeoutMs = (timeoutMs as Json.Num).value + 0.0,
        mode = if (mode == null) null else "direct",
        actions = canonical,
      ),
    )
  }
}
