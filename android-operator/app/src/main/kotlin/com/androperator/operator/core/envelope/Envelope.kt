package com.androperator.operator.core.envelope

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonObjectBuilder

/** One step's outcome; every data value is a string. */
data class StepResult(val id: String, val actionType: String, val success: Boolean, val data: Map<String, String>) {
  fun toJson(): Json.Obj = JsonObjectBuilder()
    .put("id", id)
    .put("actionType", actionType)
    .put("success", success)
    .put("data", Json.Obj(LinkedHashMap<String, Json>().also { map -> data.forEach { (k, v) -> map[k] = Json.Str(v) } }))
    .build()
}

/** The result envelope: status "success" or "failed", the steps in order, and the first failure's summary. */
data class ResultEnvelope(
  val commandId: String,
  val taskId: String,
  val status: String,
  val stepResults: List<StepResult>,
  val error: String?,
  val errorCode: String? = null,
) {
  /** { commandId, taskId, status, stepResults, error, errorCode? } as docs/operator-protocol.md describes. */
  fun toJson(): Json.Obj = JsonObjectBuilder()
    .put("commandId", commandId)
    .put("taskId", taskId)
    .put("status", status)
    .put("stepResults", Json.Arr(stepResults.map { it.toJson() }))
    .put("error", error)
    .apply { errorCode?.let { put("errorCode", it) } }
    .build()

  companion object {
    private val ON_SCREEN_LOG_RUNTIME_CODES = setOf(
      "ON_SCREEN_LOG_SERVICE_UNAVAILABLE",
      "ON_SCREEN_LOG_LAYOUT_INVALID",
      "ON_SCREEN_LOG_RENDER_FAILED",
      "ON_SCREEN_LOG_RENDER_TIMEOUT",
    )

    /** The envelope code of a failed step: data.errorCode, else data.error when it is an ON_SCREEN_LOG_* code. */
    private fun stepErrorCode(step: StepResult): String? =
      step.data["errorCode"]?.takeIf { it.isNotEmpty() }
        ?: step.data["error"]?.takeIf { it in ON_SCREEN_LOG_RUNTIME_CODES }

    /**
     * Reconciles an envelope from its steps (reference section 4, the console's reconcileEnvelope): the first failed
     * step decides `Step <id> (<type>) failed: <error>` and the errorCode; no failed step is a success.
     */
    fun reconciled(commandId: String, taskId: String, steps: List<StepResult>): ResultEnvelope {
      val failed = steps.firstOrNull { !it.success }
        ?: return ResultEnvelope(commandId, taskId, "success", steps, null)
      val detail = failed.data["error"]?.takeIf { it.isNotEmpty() }?.let { ": $it" } ?: ""
      return ResultEnvelope(commandId, taskId, "failed", steps, "Step ${failed.id} (${failed.actionType}) failed$detail", stepErrorCode(failed))
    }
  }
}
