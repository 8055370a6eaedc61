package com.androperator.operator.core.panel

import com.androperator.operator.core.execution.SetOnScreenLogParams
import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.template.DeviceMetadata
import com.androperator.operator.core.template.ForegroundAppMetadata
import com.androperator.operator.core.template.SystemLanguageMetadata
import com.androperator.operator.core.template.TemplateMetadata
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The controller behaviours of reference section 11, on a fake clock and a fake window host. */
class PanelControllerTest {
  private val clock = FakeClock()
  private val host = FakeWindowHost(clock)
  private val environment = FakeEnvironment()
  private val sessions = FakeSessions(
    TemplateMetadata(
      ForegroundAppMetadata("com.example.shop", "42", "7.2.0"),
      DeviceMetadata("Google", "Pixel 9"),
      SystemLanguageMetadata("en", "en-US", "English"),
    ),
  )
  private val controller = PanelController(environment, host, clock, sessions, "test-id").also { host.controller = it }
  private val reasons = ArrayList<String>().also { list -> controller.addListener { list.add(it.reason.wire) } }

  /** Starts a set and returns a holder that fills in when the controller answers. */
  private fun start(params: SetOnScreenLogParams, budgetMs: Long = 30000): Array<PanelStepResult?> {
    val holder = arrayOf<PanelStepResult?>(null)
    controller.set(params, budgetMs) { holder[0] = it }
    return holder
  }

  private fun set(params: SetOnScreenLogParams, budgetMs: Long = 30000, settleMs: Long = 50): PanelStepResult {
    val holder = start(params, budgetMs)
    clock.advance(settleMs)
    return holder[0] ?: error("the set did not complete within $settleMs ms")
  }

  private fun clear(): PanelStepResult {
    var result: PanelStepResult? = null
    controller.clear { result = it }
    return result!!
  }

  @Test
  fun `acknowledges a set with every data key as a string and the reference bounds`() {
    val result = set(SetOnScreenLogParams(text = "FLOW-001"))
    assertEquals(
      PanelStepResult(
        true,
        mapOf(
          "visible" to "true", "rendered" to "true", "truncated" to "false", "anchor" to "left", "text_align" to "left",
          "top_offset_dp" to "8", "edge_offset_dp" to "8", "width_dp" to "280", "font_size_sp" to "12",
          "text_color" to "#FFFFFFFF", "background_color" to "#B3000000", "ttl_ms" to "300000", "bounds" to "[21,157][756,236]",
        ),
      ),
      result,
    )
    assertTrue(controller.visible)
    assertEquals(1, host.adds)
    assertTrue(host.shown.single().title.startsWith("androperator.on_screen_log.test-id."))
  }

  @Test
  fun `expires ttlMs after the acknowledgement, not after the request`() {
    host.ackDelayMs = 500
    set(SetOnScreenLogParams(text = "a", ttlMs = 1000), settleMs = 500)
    clock.advance(999)
    assertTrue(controller.visible)
    clock.advance(1)
    assertFalse(controller.visible)
    assertEquals(1, host.removals)
    assertEquals(listOf("set", "expired"), reasons)
  }

  @Test
  fun `replacement reuses one window, resets omitted fields and cancels the old expiry`() {
    set(SetOnScreenLogParams(text = "a", ttlMs = 10000, textColor = "#FF112233", anchor = "right"))
    val second = set(SetOnScreenLogParams(text = "b", ttlMs = 60000))
    assertEquals("#FFFFFFFF", second.data["text_color"])
    assertEquals("left", second.data["anchor"])
    assertEquals(1, host.adds)
    assertEquals(1, host.updates)
    assertEquals(0, host.removals)
    clock.advance(11000)
    assertTrue(controller.visible)
    clock.advance(49000)
    assertFalse(controller.visible)
  }

  @Test
  fun `an older generation's expiry cannot remove a newer panel`() {
    set(SetOnScreenLogParams(text = "old", ttlMs = 1000))
    clock.advance(500)
    set(SetOnScreenLogParams(text = "new", ttlMs = 5000))
    clock.advance(1000) // the old expiry time has passed
    assertTrue(controller.visible)
    clock.advance(3950)
    assertTrue(controller.visible)
    clock.advance(100)
    assertFalse(controller.visible)
  }

  @Test
  fun `a draw timeout removes the panel and the late draw is ignored`() {
    host.mode = FakeWindowHost.Mode.WITHHOLD
    val pending = start(SetOnScreenLogParams(text = "a"))
    clock.advance(1999)
    assertNull(pending[0])
    clock.advance(1)
    assertEquals("ON_SCREEN_LOG_RENDER_TIMEOUT", pending[0]!!.data["error"])
    assertEquals("ON_SCREEN_LOG_RENDER_TIMEOUT", pending[0]!!.data["errorCode"])
    assertEquals(1, host.removals)
    host.releaseWithheld()
    clock.advance(10)
    assertFalse(controller.visible)
    assertNull(controller.currentPanel)
  }

  @Test
  fun `attaching that takes 2001 ms is a render timeout`() {
    host.attachTakesMs = 2001
    val result = set(SetOnScreenLogParams(text = "a"))
    assertEquals("ON_SCREEN_LOG_RENDER_TIMEOUT", result.data["error"])
    assertFalse(controller.visible)
    assertFalse(host.isAttached)
  }

  @Test
  fun `a smaller execution budget bounds the wait, and no budget fails at once`() {
    host.mode = FakeWindowHost.Mode.WITHHOLD
    val pending = start(SetOnScreenLogParams(text = "a"), budgetMs = 300)
    clock.advance(299)
    assertNull(pending[0])
    clock.advance(1)
    assertEquals("ON_SCREEN_LOG_RENDER_TIMEOUT", pending[0]!!.data["error"])
    assertEquals("ON_SCREEN_LOG_RENDER_TIMEOUT", start(SetOnScreenLogParams(text = "a"), budgetMs = 0)[0]!!.data["error"])
  }

  @Test
  fun `an attach failure reports RENDER_FAILED and removes the previous panel`() {
    set(SetOnScreenLogParams(text = "a"))
    host.mode = FakeWindowHost.Mode.FAIL
    assertEquals("ON_SCREEN_LOG_RENDER_FAILED", set(SetOnScreenLogParams(text = "b")).data["error"])
    assertFalse(controller.visible)
    assertEquals(1, host.removals)
  }

  @Test
  fun `a layout rejection keeps the existing panel and its expiry`() {
    set(SetOnScreenLogParams(text = "a", ttlMs = 5000))
    val rejected = set(SetOnScreenLogParams(text = "b", edgeOffsetDp = 1000))
    assertEquals("ON_SCREEN_LOG_LAYOUT_INVALID", rejected.data["error"])
    assertTrue(controller.visible)
    assertEquals(1, host.shown.size)
    assertEquals(0, host.updates)
    clock.advance(4950)
    assertFalse(controller.visible)
  }

  @Test
  fun `API 21 fails closed without a window, and a disconnected service is unavailable`() {
    environment.api = 21
    assertEquals("ON_SCREEN_LOG_RENDER_FAILED", set(SetOnScreenLogParams(text = "a")).data["error"])
    assertEquals(0, host.adds)
    environment.api = 22
    environment.connected = false
    assertEquals("ON_SCREEN_LOG_SERVICE_UNAVAILABLE", set(SetOnScreenLogParams(text = "a")).data["error"])
    environment.connected = true
    assertEquals("true", set(SetOnScreenLogParams(text = "a")).data["visible"])
  }

  @Test
  fun `an unknown usable area (API 28 with a built-in cutout) is LAYOUT_INVALID`() {
    environment.api = 28
    environment.unusable("API 28 declares a built-in display cutout")
    assertEquals("ON_SCREEN_LOG_LAYOUT_INVALID", set(SetOnScreenLogParams(text = "a")).data["error"])
    assertEquals(0, host.adds)
  }

  @Test
  fun `clear is idempotent and answers exactly visible false`() {
    assertEquals(PanelStepResult(true, mapOf("visible" to "false")), clear())
    set(SetOnScreenLogParams(text = "a"))
    assertEquals(PanelStepResult(true, mapOf("visible" to "false")), clear())
    assertFalse(controller.visible)
    assertEquals(PanelStepResult(true, mapOf("visible" to "false")), clear())
    assertEquals(1, host.removals)
  }

  @Test
  fun `a configuration change updates the same window with a new x and title, keeping the absolute expiry`() {
    set(SetOnScreenLogParams(text = "a", anchor = "right", ttlMs = 4000))
    val before = controller.currentPanel!!
    environment.usable(PxRect(0, 136, 2400, 1080))
    clock.advance(1000)
    controller.configurationChanged()
    val after = controller.currentPanel!!
    assertNotEquals(before.layout.bounds.left, after.layout.bounds.left)
    assertNotEquals(before.title, after.title)
    assertEquals(1, host.adds)
    assertEquals(1, host.updates)
    clock.advance(2900)
    assertTrue(controller.visible)
    clock.advance(100)
    assertFalse(controller.visible)
  }

  @Test
  fun `a configuration change that leaves no room removes the panel for good`() {
    set(SetOnScreenLogParams(text = "a", topOffsetDp = 600))
    environment.usable(PxRect(0, 136, 1080, 1200))
    controller.configurationChanged()
    assertFalse(controller.visible)
    environment.usable(FakeEnvironment.PHONE.usable)
    controller.configurationChanged()
    clock.advance(100)
    assertFalse(controller.visible)
    assertEquals(listOf("set", "configuration_layout_invalid"), reasons)
  }

  @Test
  fun `an expired or cleared panel is not resurrected by later configuration changes`() {
    set(SetOnScreenLogParams(text = "a", ttlMs = 1000))
    clock.advance(1000)
    controller.configurationChanged()
    assertFalse(controller.visible)
    set(SetOnScreenLogParams(text = "b"))
    clear()
    controller.configurationChanged()
    assertNull(controller.currentPanel)
    assertEquals(2, host.removals)
  }

  @Test
  fun `a set waits for its draw and the deferred reflow draw and the result bounds are the final layout`() {
    host.ackDelayMs = 100
    val pending = start(SetOnScreenLogParams(text = "a", anchor = "right", ttlMs = 5000))
    clock.advance(50)
    environment.usable(PxRect(0, 136, 2400, 2337))
    controller.configurationChanged()
    clock.advance(60) // the replacement's draw: the reflow is drawn next
    assertNull(pending[0])
    clock.advance(100)
    assertEquals("[1644,157][2379,236]", pending[0]!!.data["bounds"])
    assertEquals(2, host.shown.size)
    // One expiry, counted from the replacement's acknowledgement at t=100.
    clock.advance(4889)
    assertTrue(controller.visible)
    clock.advance(1)
    assertFalse(controller.visible)
    assertEquals(listOf("set", "expired"), reasons)
  }

  @Test
  fun `template refresh keeps the TTL and device-only templates still refresh on metadata changes`() {
    set(SetOnScreenLogParams(template = "{{foreground_app.package_name}}", ttlMs = 3000))
    clock.advance(1000)
    sessions.change(sessions.metadata.copy(foregroundApp = ForegroundAppMetadata("com.android.settings", "1", "1")))
    assertEquals("com.android.settings", controller.currentPanel!!.layout.lines[0].text)
    assertEquals("com.android.settings", controller.currentPanel!!.iconPackage)
    assertEquals(listOf("set", "refreshed"), reasons)
    clock.advance(1950) // t = 3000: the expiry is at 16 + 3000
    assertTrue(controller.visible)
    clock.advance(16)
    assertFalse(controller.visible)
    assertTrue(sessions.opened.single().closed)
  }

  @Test
  fun `a refresh that no longer fits closes the panel and a later fitting configuration does not bring it back`() {
    set(SetOnScreenLogParams(template = "{{device.model}}", topOffsetDp = 700))
    environment.usable(PxRect(0, 136, 1080, 2337 - 1))
    controller.configurationChanged()
    assertTrue(controller.visible)
    environment.usable(PxRect(0, 136, 1080, 2000))
    sessions.change(sessions.metadata)
    assertFalse(controller.visible)
    environment.usable(FakeEnvironment.PHONE.usable)
    controller.configurationChanged()
    assertFalse(controller.visible)
    assertTrue(sessions.opened.single().closed)
  }

  @Test
  fun `replacement and clear close the template session and its late results change nothing`() {
    set(SetOnScreenLogParams(template = "{{foreground_app.version_name}}"))
    val first = sessions.opened.single()
    val late = first.onChange!!
    set(SetOnScreenLogParams(text = "plain"))
    assertTrue(first.closed)
    late()
    clock.advance(100)
    assertEquals("plain", controller.currentPanel!!.layout.lines[0].text)
    set(SetOnScreenLogParams(template = "{{device.model}}"))
    clear()
    assertTrue(sessions.opened.all { it.closed })
  }

  @Test
  fun `a template's initial draw uses the first session metadata and the session starts only after the draw`() {
    host.ackDelayMs = 100
    val pending = start(SetOnScreenLogParams(template = "{{device.manufacturer}} {{device.model}}"))
    clock.advance(50)
    assertNull(sessions.opened.single().onChange)
    clock.advance(50)
    assertEquals("true", pending[0]!!.data["visible"])
    assertEquals("Google Pixel 9", controller.currentPanel!!.layout.lines[0].text)
    assertTrue(sessions.opened.single().onChange != null)
  }

  @Test
  fun `detach removes the panel and fails a set that awaits its draw with SERVICE_UNAVAILABLE`() {
    set(SetOnScreenLogParams(text = "a"))
    controller.detach()
    assertFalse(controller.visible)
    assertEquals("detached", reasons.last())
    host.mode = FakeWindowHost.Mode.WITHHOLD
    val pending = start(SetOnScreenLogParams(text = "b"))
    controller.detach()
    assertEquals("ON_SCREEN_LOG_SERVICE_UNAVAILABLE", pending[0]!!.data["error"])
    host.releaseWithheld()
    assertFalse(controller.visible)
  }

  @Test
  fun `truncated is true when the expansion was bounded or the text did not fit the height`() {
    sessions.metadata = sessions.metadata.copy(device = DeviceMetadata("x".repeat(300), "m"))
    assertEquals("true", set(SetOnScreenLogParams(template = "{{device.manufacturer}}", widthDp = 400)).data["truncated"])
    val lines = (0 until 250).joinToString("\n") { "line $it" }
    assertEquals("true", set(SetOnScreenLogParams(text = lines, fontSizeSp = 24, widthDp = 80)).data["truncated"])
    assertTrue(controller.currentPanel!!.layout.lines.last().text.endsWith("\u2026"))
  }

  @Test
  fun `sets queue behind a set that awaits its draw`() {
    host.ackDelayMs = 100
    val first = start(SetOnScreenLogParams(text = "one"))
    val second = start(SetOnScreenLogParams(text = "two"))
    clock.advance(100)
    assertEquals("true", first[0]!!.data["visible"])
    assertNull(second[0])
    clock.advance(100)
    assertEquals("true", second[0]!!.data["visible"])
    assertEquals("two", controller.currentPanel!!.layout.lines[0].text)
  }
}
