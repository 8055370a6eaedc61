package com.androperator.operator.core.agent

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonParser
import com.androperator.operator.core.operator.OperatorAgentBackend
import com.androperator.operator.core.operator.OperatorExecutor
import com.androperator.operator.core.operator.WindowSnapshot
import com.androperator.operator.core.panel.FakeClock
import com.androperator.operator.core.panel.FakeEnvironment
import com.androperator.operator.core.panel.FakeWindowHost
import com.androperator.operator.core.panel.PanelController
import com.androperator.operator.core.panel.StaticTemplateSession
import com.androperator.operator.core.template.TemplateMetadata
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * One lease for every connection, as OperatorRuntime wires it: the recorded exchanges run on one stream, so this
 * checks that a second stream (another process on the host) is refused while the first holds the device.
 */
class LeaseAcrossConnectionsTest {
  private val clock = FakeClock()
  private val host = FakeWindowHost(clock)
  private val controller = PanelController(FakeEnvironment(), host, clock, { StaticTemplateSession(TemplateMetadata()) }, "x")
    .also { host.controller = it }
  private val backend = OperatorAgentBackend(
    controller,
    OperatorExecutor(controller, { WindowSnapshot("<hierarchy/>", "a", 2, null) }, clock),
    LeaseKeeper(clock::now),
  ) { error("hello is not used here") }

  private inner class Connection {
    val received = ArrayList<Json.Obj>()
    val session = AgentSession(backend, send = { received.add(it) }, close = {})

    fun request(json: String): Json.Obj {
      val before = received.size
      session.receive(Frames.encode(JsonParser.parse(json) as Json.Obj))
      clock.advance(100) // the draw acknowledgement
      assertEquals(before + 1, received.size, "one answer to $json")
      return received.last()
    }
  }

  private fun set(id: String, text: String, lease: String?) =
    """{"v":1,"type":"execute","id":"$id",""" + (lease?.let { """"lease":{"id":"$it"},""" } ?: "") +
      """"execution":{"commandId":"c-$id","taskId":"t","source":"s","expectedFormat":"android-ui-automator",""" +
      """"timeoutMs":5000,"actions":[{"id":"set","type":"set_on_screen_log","params":{"text":"$text"}}]}}"""

  @Test
  fun `a second connection is refused naming the holder until the first releases`() {
    val sequence = Connection()
    val other = Connection()
    val granted = sequence.request("""{"v":1,"type":"lease_acquire","id":"l1","leaseId":"A","owner":"sequence A","ttlMs":10000}""")
    assertEquals(Json.Str("lease_result"), granted["type"])
    val drawn = sequence.request(set("e1", "RUN", "A"))
    assertEquals(Json.Str("execute_result"), drawn["type"])
    val generation = ((drawn["panel"] as Json.Obj)["after"] as Json.Obj)["generation"]

    val refused = other.request(set("e2", "INTRUDER", null))
    assertEquals(Json.Str("EXECUTION_CONFLICT_IN_FLIGHT"), refused["code"])
    val holder = (refused["details"] as Json.Obj)["holder"] as Json.Obj
    assertEquals(Json.Str("sequence A"), holder["owner"])
    assertTrue((refused["message"] as Json.Str).value.contains("sequence A"))
    assertEquals(Json.Str("error"), other.request("""{"v":1,"type":"lease_acquire","id":"l2","leaseId":"B","owner":"B","ttlMs":5000}""")["type"])
    // Nothing changed on screen: the panel is still the generation the sequence drew.
    assertEquals(generation, Json.of(controller.currentGeneration))

    val released = sequence.request("""{"v":1,"type":"lease_release","id":"l3","leaseId":"A"}""")
    assertEquals(Json.Bool(true), released["released"])
    assertEquals(Json.Str("execute_result"), other.request(set("e3", "NEXT", null))["type"])
  }
}
