package com.androperator.operator.core.agent

import com.androperator.operator.core.AppError
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.envelope.ResultEnvelope
import com.androperator.operator.core.json.Json

/** What one agent connection needs from the Operator; every call and callback is on the controller's thread. */
interface AgentBackend {
  fun describe(): OperatorDescription

  fun execute(execution: Json, done: (Outcome<ResultEnvelope>) -> Unit)

  /** Subscribes to panel and foreground event frames; returns the unsubscribe function. */
  fun watch(listener: (Json.Obj) -> Unit): () -> Unit

  /** The device's lease, the same for every connection. */
  val leases: LeaseKeeper

  /** The panel's generation and visibility now. */
  fun panelState(): PanelGeneration

  /** The bounded tree of the active windows (core/ui/BoundedTree), or why it cannot be read. */
  fun uiTree(): Outcome<Json.Obj>

  /** set_text / click_node on the active windows (core/ui/NodeActions): the answer's `result`, or the refusal. */
  fun nodeAction(request: AgentRequest): Outcome<Json.Obj>
}

/**
 * The protocol side of one accepted stream (docs/operator-protocol.md), free of sockets and threads: feed it bytes
 * with [receive], it answers through [send] and asks for the stream to close through [close]. Requests are answered
 * strictly one after another; a malformed frame is answered with OPERATOR_PROTOCOL_ERROR and closes the stream.
 */
class AgentSession(
  private val backend: AgentBackend,
  private val send: (Json.Obj) -> Unit,
  private val close: () -> Unit,
) {
  private val decoder = FrameDecoder()
  private val queue = ArrayDeque<Json.Obj>()
  private var busy = false
  private var closed = false
  private var unwatch: (() -> Unit)? = null

  fun receive(bytes: ByteArray, length: Int = bytes.size) {
    if (closed) return
    for (frame in decoder.push(bytes, length)) {
      when (frame) {
        is DecodedFrame.Message -> queue.addLast(frame.message)
        is DecodedFrame.Malformed -> {
          // Requests already queued are dropped: the stream is broken.
          queue.clear()
          send(AgentMessages.error(null, PROTOCOL_ERROR, "Malformed frame: ${frame.detail}"))
          shutDown()
          return
        }
      }
    }
    pump()
  }

  /** The peer closed the stream or it failed: stop watching. */
  fun onClosed() {
    closed = true
    queue.clear()
    unwatch?.invoke()
    unwatch = null
  }

  private fun shutDown() {
    onClosed()
    close()
  }

  private fun pump() {
    while (!busy && !closed) {
      val message = queue.removeFirstOrNull() ?: return
      busy = true
      var finishedSynchronously = false
      var inside = true
      handle(message) {
        busy = false
        if (inside) finishedSynchronously = true else pump()
      }
      inside = false
      if (!finishedSynchronously) return
    }
  }

  private fun reply(frame: Json.Obj) {
    if (!closed) send(frame)
  }

  private fun handle(message: Json.Obj, finished: () -> Unit) {
    val request = when (val parsed = AgentMessages.parseRequest(message)) {
      is ParsedRequest.Invalid -> {
        reply(AgentMessages.error(parsed.id, PROTOCOL_ERROR, parsed.message))
        return finished()
      }
      is ParsedRequest.Ok -> parsed.request
    }
    when (request) {
      is AgentRequest.Hello -> {
        reply(AgentMessages.helloResult(request.id, backend.describe()))
        finished()
      }
      is AgentRequest.Watch -> {
        reply(AgentMessages.watchStarted(request.id))
        unwatch?.invoke()
        unwatch = backend.watch { event -> reply(event) }
        finished()
      }
      is AgentRequest.GetUiTree -> {
        when (val tree = backend.uiTree()) {
          is Outcome.Ok -> reply(AgentMessages.uiTreeResult(request.id, tree.value))
          is Outcome.Err -> reply(errorFrame(request.id, tree.error))
        }
        finished()
      }
      is AgentRequest.SetText, is AgentRequest.ClickNode -> {
        val type = if (request is AgentRequest.SetText) "set_text_result" else "click_node_result"
        when (val answer = backend.nodeAction(request)) {
          is Outcome.Ok -> reply(AgentMessages.nodeActionResult(type, request.id, answer.value))
          is Outcome.Err -> reply(errorFrame(request.id, answer.error))
        }
        finished()
      }
      is AgentRequest.Execute -> {
        // Refused before anything runs: another owner's lease holds the device, or this one's is gone.
        backend.leases.admit(request.leaseId)?.let { refusal ->
          reply(errorFrame(request.id, refusal))
          return finished()
        }
        val before = backend.panelState()
        backend.execute(request.execution) { outcome ->
          when (outcome) {
            is Outcome.Ok -> reply(AgentMessages.executeResult(request.id, outcome.value.toJson(), before, backend.panelState()))
            is Outcome.Err -> reply(errorFrame(request.id, outcome.error))
          }
          finished()
        }
      }
      is AgentRequest.LeaseAcquire -> {
        replyLease(request.id, backend.leases.acquire(request.leaseId, request.owner, request.ttlMs))
        finished()
      }
      is AgentRequest.LeaseRenew -> {
        replyLease(request.id, backend.leases.renew(request.leaseId, request.ttlMs))
        finished()
      }
      is AgentRequest.LeaseRelease -> {
        reply(AgentMessages.leaseReleased(request.id, backend.leases.release(request.leaseId)))
        finished()
      }
    }
  }

  private fun replyLease(id: String, answer: LeaseAnswer) = when (answer) {
    is LeaseAnswer.Granted -> reply(AgentMessages.leaseResult(id, answer.lease))
    is LeaseAnswer.Refused -> reply(errorFrame(id, answer.error))
  }

  private fun errorFrame(id: String, error: AppError) = AgentMessages.error(id, error.code, error.message, error.details)

  companion object {
    const val PROTOCOL_ERROR = "OPERATOR_PROTOCOL_ERROR"
  }
}
