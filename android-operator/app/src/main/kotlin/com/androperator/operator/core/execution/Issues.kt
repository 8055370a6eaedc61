package com.androperator.operator.core.execution

import com.androperator.operator.core.AppError
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.jsonObject

/**
 * One broken rule: [path] is dotted from the checked object ("params.widthDp", "" for the object itself), [field]
 * the input key a form shows it under, [reason] the rule on its own, [invalidKeys] the offending keys of a strict shape.
 */
data class ValidationIssue(
  val path: String,
  val field: String,
  val message: String,
  val reason: String,
  val invalidKeys: List<String>? = null,
)

/** Which action an issue belongs to, echoed in error details ([actionType] is the raw input type). */
data class IssueContext(val actionId: String? = null, val actionType: String? = null)

internal fun joinPath(prefix: String, path: String): String = when {
  prefix.isEmpty() -> path
  path.isEmpty() -> prefix
  else -> "$prefix.$path"
}

/** The EXECUTION_VALIDATION_FAILED error of an issue: details { path, reason, actionId?, actionType?, invalidKeys? }. */
fun validationFailure(issue: ValidationIssue, pathPrefix: String = "", context: IssueContext = IssueContext()): AppError =
  AppError(
    code = "EXECUTION_VALIDATION_FAILED",
    message = issue.message,
    details = jsonObject {
      put("path", joinPath(pathPrefix, issue.path))
      put("reason", issue.reason)
      context.actionId?.let { put("actionId", it) }
      context.actionType?.let { put("actionType", it) }
      issue.invalidKeys?.let { keys -> put("invalidKeys", Json.Arr(keys.map { Json.Str(it) })) }
    },
  )

/** A JSON number that is finite and has no fractional part (JavaScript's Number.isInteger). */
internal fun isIntegral(value: Json?): Boolean =
  value is Json.Num && value.value.isFinite() && value.value == Math.floor(value.value)

/** How JavaScript's JSON.stringify would show a value inside a message (strings quoted). */
internal fun quoted(s: String): String = com.androperator.operator.core.json.JsonWriter.write(Json.Str(s))
