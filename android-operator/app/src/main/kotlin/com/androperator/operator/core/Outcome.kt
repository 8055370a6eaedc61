package com.androperator.operator.core

import com.androperator.operator.core.json.Json

/** A structured error: a stable code, a message that says what to fix, optional details and hint. */
data class AppError(
  val code: String,
  val message: String,
  val details: Json.Obj? = null,
  val hint: String? = null,
)

/** Errors cross every boundary as values: an operation either produced [Ok.value] or failed with [Err.error]. */
sealed interface Outcome<out T> {
  data class Ok<out T>(val value: T) : Outcome<T>

  data class Err(val error: AppError) : Outcome<Nothing>
}
