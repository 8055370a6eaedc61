package com.androperator.operator.core.operator

import com.androperator.operator.core.AppError
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.agent.AgentBackend
import com.androperator.operator.core.agent.AgentMessages
import com.androperator.operator.core.agent.AgentRequest
import com.androperator.operator.core.agent.ForegroundAppInfo
import com.androperator.operator.core.agent.LeaseKeeper
import com.androperator.operator.core.agent.PanelGeneration
import com.androperator.operator.core.agent.OperatorDescription
import com.androperator.operator.core.envelope.ResultEnvelope
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.panel.PanelController
import com.androperator.operator.core.ui.BoundedTree
import com.androperator.operator.core.ui.NodeActions
import com.androperator.operator.core.ui.TreeSource

/**
 * The Operator behind every agent connection: hello describes the device, execute runs on the shared executor (one
 * execution at a time across connections), watch streams panel events and the foreground events the platform reports;
 * one lease holds the device for every connection; get_ui_tree walks the windows [uiWindows] reads.
 */
class OperatorAgentBackend(
  private val controller: PanelController,
  private val executor: OperatorExecutor,
  /** The device's lease, counted on the controller's clock. */
  override val leases: LeaseKeeper,
  /**
   * The active windows for get_ui_tree, read when the request arrives. Called on the controller's thread; a
   * RuntimeException while reading is answered as an error.
   */
  private val uiWindows: TreeSource = TreeSource.DISCONNECTED,
  private val describer: () -> OperatorDescription,
) : AgentBackend {
  private val watchers = LinkedHashSet<(Json.Obj) -> Unit>()

  init {
    controller.addListener { change ->
      val bounds = change.panel?.layout?.bounds?.format()
      broadcast(AgentMessages.panelEvent(change.visible, change.generation, change.reason.wire, bounds))
    }
  }

  override fun describe(): OperatorDescription = describer()

  override fun panelState() = PanelGeneration(controller.currentGeneration, controller.visible)

  override fun execute(execution: Json, done: (Outcome<ResultEnvelope>) -> Unit) = executor.execute(execution, done)

  override fun uiTree(): Outcome<Json.Obj> = try {
    uiWindows.read(BoundedTree::walk)?.let { Outcome.Ok(it) } ?: Outcome.Err(AppError(NOT_ENABLED, NOT_CONNECTED_MESSAGE))
  } catch (e: RuntimeException) {
    // The platform's node calls fail when a window goes away mid-read; the host falls back to uiautomator.
    Outcome.Err(AppError(INTERNAL_ERROR, "The Operator could not read the accessibility tree: $e; read it again."))
  }

  override fun nodeAction(request: AgentRequest): Outcome<Json.Obj> = try {
    // The action runs inside the read, while the platform's nodes are still held (they are recycled after it).
    var outcome: Outcome<Json.Obj>? = null
    val read = uiWindows.read { windows ->
      outcome = when (request) {
        is AgentRequest.SetText -> NodeActions.setText(windows, request.target, request.text, request.replace)
        is AgentRequest.ClickNode -> NodeActions.click(windows, request.target)
        else -> error("not a node action: $request")
      }
      Json.Obj(emptyMap())
    }
    if (read == null) Outcome.Err(AppError(NOT_ENABLED, NODE_ACTION_NOT_CONNECTED_MESSAGE)) else outcome!!
  } catch (e: RuntimeException) {
    Outcome.Err(AppError(INTERNAL_ERROR, "The Operator could not act on the accessibility tree: $e; read the screen again."))
  }

  override fun watch(listener: (Json.Obj) -> Unit): () -> Unit {
    watchers.add(listener)
    return { watchers.remove(listener) }
  }

  /** The verified foreground app changed (null: locked or unavailable). */
  fun foregroundChanged(app: ForegroundAppInfo?) = broadcast(AgentMessages.foregroundEvent(app))

  private fun broadcast(event: Json.Obj) {
    for (watcher in watchers.toList()) watcher(event)
  }

  companion object {
    const val NOT_ENABLED = "OPERATOR_NOT_ENABLED"
    const val INTERNAL_ERROR = "INTERNAL_ERROR"

    /** The simulated Operator's wording (src/simulator/operator/agentServer.ts). */
    const val NOT_CONNECTED_MESSAGE = "The Operator accessibility service is not connected; enable it to read the UI tree."

    /** The same for set_text and click_node (agentServer.ts NODE_ACTION_NOT_CONNECTED). */
    const val NODE_ACTION_NOT_CONNECTED_MESSAGE = "The Operator accessibility service is not connected; enable it to act on the UI."
  }
}
