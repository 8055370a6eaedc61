package com.androperator.operator.core.operator

import com.androperator.operator.core.AppError
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.envelope.ResultEnvelope
import com.androperator.operator.core.envelope.StepResult
import com.androperator.operator.core.execution.Action
import com.androperator.operator.core.execution.ExecutionValidator
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.panel.PanelClock
import com.androperator.operator.core.panel.PanelController

/** What a snapshot reads from the device's windows. */
data class WindowSnapshot(
  val xml: String,
  val foregroundPackage: String?,
  val windowCount: Int,
  val overlayPackage: String?,
)

/** Reads the UI hierarchy; null when the accessibility service cannot read any window. */
fun interface SnapshotSource {
  fun snapshot(): WindowSnapshot?
}

/**
 * Runs one canonical execution on the Operator: validates it again with the console's rules, runs each action in
 * order (a failed step does not stop later ones) and reconciles the envelope. One execution at a time: a second one
 * while the first runs is EXECUTION_CONFLICT_IN_FLIGHT. Runs on the controller's thread; [done] is called there.
 */
class OperatorExecutor(
  private val controller: PanelController,
  private val snapshots: SnapshotSource,
  private val clock: PanelClock,
) {
  private var inFlight = false

  fun execute(payload: Json, done: (Outcome<ResultEnvelope>) -> Unit) {
    if (inFlight) {
      return done(Outcome.Err(AppError("EXECUTION_CONFLICT_IN_FLIGHT", "Another execution is running on this Operator; wait for its result.")))
    }
    val execution = when (val validated = ExecutionValidator.validate(payload)) {
      is Outcome.Err -> return done(validated)
      is Outcome.Ok -> validated.value
    }
    inFlight = true
    val startedAt = clock.now()
    val steps = ArrayList<StepResult>()
    fun next(index: Int) {
      if (index == execution.actions.size) {
        inFlight = false
        return done(Outcome.Ok(ResultEnvelope.reconciled(execution.commandId, execution.taskId, steps)))
      }
      val action = execution.actions[index]
      val remaining = (execution.timeoutMs - (clock.now() - startedAt)).toLong()
      run(action, remaining) { step ->
        steps.add(step)
        next(index + 1)
      }
    }
    next(0)
  }

  private fun run(action: Action, remainingMs: Long, done: (StepResult) -> Unit) {
    fun step(success: Boolean, data: Map<String, String>) = StepResult(action.id, action.type, success, data)
    when (action) {
      is Action.SetOnScreenLog -> controller.set(action.params, remainingMs) { done(step(it.success, it.data)) }
      is Action.ClearOnScreenLog -> controller.clear { done(step(it.success, it.data)) }
      is Action.Snapshot -> {
        val snapshot = try {
          snapshots.snapshot()
        } catch (e: RuntimeException) {
          null
        }
        if (snapshot == null) {
          done(step(false, failure("SNAPSHOT_FAILED", "The accessibility service is not connected; no window can be read.")))
        } else {
          val data = linkedMapOf(
            "text" to snapshot.xml,
            "actual_format" to "hierarchy_xml",
            "has_overlay" to (snapshot.overlayPackage != null).toString(),
            "window_count" to snapshot.windowCount.toString(),
            "operator_overlay_visible" to controller.visible.toString(),
          )
          snapshot.foregroundPackage?.let { data["foreground_package"] = it }
          snapshot.overlayPackage?.let { data["overlay_package"] = it }
          done(step(true, data))
        }
      }
      is Action.TakeScreenshot -> done(
        step(
          false,
          failure(
            "UNSUPPORTED_RUNTIME_SCREENSHOT",
            "The Operator cannot capture the screen; the host captures it with screencap after the envelope returns.",
          ),
        ),
      )
    }
  }

  private fun failure(code: String, message: String) = linkedMapOf("error" to code, "errorCode" to code, "message" to message)
}
