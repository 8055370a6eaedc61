package com.androperator.operator.core.operator

import com.androperator.operator.core.Outcome
import com.androperator.operator.core.agent.AgentBackend
import com.androperator.operator.core.agent.AgentMessages
import com.androperator.operator.core.agent.ForegroundAppInfo
import com.androperator.operator.core.agent.LeaseKeeper
import com.androperator.operator.core.agent.PanelGeneration
import com.androperator.operator.core.agent.OperatorDescription
import com.androperator.operator.core.envelope.ResultEnvelope
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.panel.PanelController

/**
 * The Operator behind every agent connection: hello describes the device, execute runs on the shared executor (one
 * execution at a time across connections), watch streams panel events and the foreground events the platform reports;
 * one lease holds the device for every connection.
 */
class OperatorAgentBackend(
  private val controller: PanelController,
  private val executor: OperatorExecutor,
  /** The device's lease, counted on the controller's clock. */
  override val leases: LeaseKeeper,
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

  override fun watch(listener: (Json.Obj) -> Unit): () -> Unit {
    watchers.add(listener)
    return { watchers.remove(listener) }
  }

  /** The verified foreground app changed (null: locked or unavailable). */
  fun foregroundChanged(app: ForegroundAppInfo?) = broadcast(AgentMessages.foregroundEvent(app))

  private fun broadcast(event: Json.Obj) {
    for (watcher in watchers.toList()) watcher(event)
  }
}
