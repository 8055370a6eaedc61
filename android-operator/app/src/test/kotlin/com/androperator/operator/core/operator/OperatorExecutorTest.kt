package com.androperator.operator.core.operator

import com.androperator.operator.core.Outcome
import com.androperator.operator.core.envelope.ResultEnvelope
import com.androperator.operator.core.json.JsonParser
import com.androperator.operator.core.panel.FakeClock
import com.androperator.operator.core.panel.FakeEnvironment
import com.androperator.operator.core.panel.FakeWindowHost
import com.androperator.operator.core.panel.PanelController
import com.androperator.operator.core.panel.StaticTemplateSession
import com.androperator.operator.core.template.TemplateMetadata
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class OperatorExecutorTest {
  private val clock = FakeClock()
  private val host = FakeWindowHost(clock)
  private val controller = PanelController(FakeEnvironment(), host, clock, { StaticTemplateSession(TemplateMetadata()) }, "x")
    .also { host.controller = it }
  private val executor = OperatorExecutor(controller, { WindowSnapshot("<hierarchy/>", "a", 2, null) }, clock)

  private fun payload(actions: String) =
    JsonParser.parse("""{"commandId":"c","taskId":"t","source":"s","expectedFormat":"android-ui-automator","timeoutMs":30000,"actions":$actions}""")

  private fun run(actions: String): Outcome<ResultEnvelope> {
    var outcome: Outcome<ResultEnvelope>? = null
    executor.execute(payload(actions)) { outcome = it }
    clock.advance(100)
    return outcome!!
  }

  @Test
  fun `an invalid replacement changes nothing on screen`() {
    run("""[{"id":"a","type":"set_on_screen_log","params":{"text":"kept","ttlMs":5000}}]""")
    listOf(
      """[{"id":"b","type":"set_on_screen_log","params":{"text":" "}}]""",
      """[{"id":"b","type":"set_on_screen_log","params":{"text":"x","backgroundColor":"red"}}]""",
    ).forEach { bad ->
      val outcome = run(bad)
      assertEquals("EXECUTION_VALIDATION_FAILED", (outcome as Outcome.Err).error.code)
    }
    assertEquals(1, host.adds)
    assertEquals(0, host.updates)
    assertEquals(0, host.removals)
    assertTrue(controller.visible)
    clock.advance(4800)
    assertEquals(false, controller.visible)
  }

  @Test
  fun `steps run in order, a failed step does not stop later ones, and the envelope is reconciled`() {
    val outcome = run(
      """[{"id":"far","type":"set_on_screen_log","params":{"text":"x","edgeOffsetDp":1000}},""" +
        """{"id":"snap","type":"snapshot_ui"},{"id":"shot","type":"screenshot"},{"id":"hide","type":"on_screen_log_clear"}]""",
    )
    val envelope = (outcome as Outcome.Ok).value
    assertEquals("failed", envelope.status)
    assertEquals("Step far (set_on_screen_log) failed: ON_SCREEN_LOG_LAYOUT_INVALID", envelope.error)
    assertEquals("ON_SCREEN_LOG_LAYOUT_INVALID", envelope.errorCode)
    assertEquals(listOf("set_on_screen_log", "snapshot", "take_screenshot", "clear_on_screen_log"), envelope.stepResults.map { it.actionType })
    assertEquals("false", envelope.stepResults[1].data["operator_overlay_visible"])
    assertEquals("UNSUPPORTED_RUNTIME_SCREENSHOT", envelope.stepResults[2].data["error"])
    assertEquals(mapOf("visible" to "false"), envelope.stepResults[3].data)
  }

  @Test
  fun `a second execution while one runs is a conflict`() {
    host.mode = FakeWindowHost.Mode.WITHHOLD
    var first: Outcome<ResultEnvelope>? = null
    executor.execute(payload("""[{"id":"a","type":"set_on_screen_log","params":{"text":"x"}}]""")) { first = it }
    var second: Outcome<ResultEnvelope>? = null
    executor.execute(payload("""[{"id":"b","type":"snapshot"}]""")) { second = it }
    assertEquals("EXECUTION_CONFLICT_IN_FLIGHT", (second as Outcome.Err).error.code)
    clock.advance(2000)
    assertEquals("failed", (first as Outcome.Ok).value.status)
    run("""[{"id":"c","type":"snapshot"}]""").let { assertTrue(it is Outcome.Ok) }
  }
}
