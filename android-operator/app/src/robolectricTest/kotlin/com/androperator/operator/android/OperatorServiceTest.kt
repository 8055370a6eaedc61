package com.androperator.operator.android

import android.content.res.Configuration
import android.graphics.Color
import android.graphics.Paint
import android.graphics.PixelFormat
import android.graphics.Typeface
import android.os.Build
import android.view.Gravity
import android.view.WindowManager.LayoutParams
import com.androperator.operator.OperatorAccessibilityService
import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.json.Json
import kotlin.math.ceil
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.android.controller.ServiceController
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode
import org.robolectric.util.ReflectionHelpers

/**
 * The real accessibility service, its runtime and every adapter (overlay window host, panel view, display reader,
 * text measurer, main-thread clock, agent server and session) on Robolectric's API 34, driven over the agent protocol
 * as the console drives a device. Robolectric's display has no system bars or cutout (its window insets are empty),
 * so the usable area is the whole display here; insets are covered by DisplayInsetsTest.
 */
@RunWith(RobolectricTestRunner::class)
@Config(manifest = Config.NONE, sdk = [34], qualifiers = "w411dp-h914dp-port-420dpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class OperatorServiceTest {
  private lateinit var controller: ServiceController<OperatorAccessibilityService>
  private lateinit var service: OperatorAccessibilityService
  private lateinit var client: AgentClient
  private var executions = 0

  @Before
  fun connect() {
    controller = Robolectric.buildService(OperatorAccessibilityService::class.java).create()
    service = controller.get()
    // The system binds the service and then calls onServiceConnected: the runtime attaches there.
    ReflectionHelpers.callInstanceMethod<Unit>(service, "onServiceConnected")
    assertNotNull(service.operatorRuntime)
    client = AgentClient(service.operatorRuntime!!.agentServer)
  }

  @After
  fun disconnect() {
    client.close()
    if (service.operatorRuntime != null) controller.destroy()
  }

  private fun density() = service.resources.displayMetrics.density.toDouble()

  private fun px(dp: Int) = Math.round(dp * density()).toInt()

  /** One line's height as the Operator computes it: ceil(descent - ascent) of the default sans-serif at [px]. */
  private fun lineHeight(fontPx: Double): Int {
    val paint = Paint(Paint.ANTI_ALIAS_FLAG).apply { typeface = Typeface.DEFAULT; textSize = fontPx.toFloat() }
    return ceil((paint.fontMetrics.descent - paint.fontMetrics.ascent).toDouble()).toInt()
  }

  private fun execute(vararg actions: String, timeoutMs: Int = 30000): String {
    val id = "e${++executions}"
    client.send(
      """{"v":1,"type":"execute","id":"$id","execution":{"commandId":"cmd-$id","taskId":"task-$id","source":"agent",
        |"expectedFormat":"android-ui-automator","timeoutMs":$timeoutMs,"actions":[${actions.joinToString(",")}]}}""".trimMargin(),
    )
    return id
  }

  private fun set(params: String) = """{"id":"show","type":"set_on_screen_log","params":{$params}}"""

  private val clear = """{"id":"hide","type":"clear_on_screen_log","params":{}}"""

  /** The data of the only step of execute [id]'s result. */
  private fun stepOf(id: String): Map<String, String> {
    val reply = client.reply(id)
    assertEquals("execute_result", (reply["type"] as Json.Str).value)
    val step = ((reply["envelope"] as Json.Obj)["stepResults"] as Json.Arr).items.single() as Json.Obj
    return ((step["data"] as Json.Obj).members).mapValues { (_, v) -> (v as Json.Str).value }
  }

  private fun watch(): Json.Obj {
    client.send("""{"v":1,"type":"watch","id":"w1"}""")
    return client.reply("w1")
  }

  private fun panelEvent(reason: String): Json.Obj =
    client.await("a panel event '$reason'") { it["event"] == Json.Str("panel") && (it["panel"] as Json.Obj)["reason"] == Json.Str(reason) }["panel"] as Json.Obj

  private fun onlyWindow() = RoboScreen.windows().single()

  private fun boundsOf(params: LayoutParams) = PxRect(params.x, params.y, params.x + params.width, params.y + params.height)

  @Test
  fun setShowsOneAccessibilityOverlayThatIsNeitherFocusableNorTouchableNorSecure() {
    val data = stepOf(execute(set(""""text":"FLOW-001: Observe settings"""")))
    assertEquals("true", data["visible"])
    assertEquals("true", data["rendered"])
    val window = onlyWindow()
    assertTrue(window is PanelView)
    val params = RoboScreen.params(window)
    assertEquals(2032, params.type)
    assertEquals(LayoutParams.TYPE_ACCESSIBILITY_OVERLAY, params.type)
    assertTrue("FLAG_NOT_FOCUSABLE", params.flags and LayoutParams.FLAG_NOT_FOCUSABLE != 0)
    assertTrue("FLAG_NOT_TOUCHABLE", params.flags and LayoutParams.FLAG_NOT_TOUCHABLE != 0)
    assertEquals("FLAG_SECURE", 0, params.flags and LayoutParams.FLAG_SECURE)
    assertEquals(PixelFormat.TRANSLUCENT, params.format)
    assertEquals(Gravity.TOP or Gravity.LEFT, params.gravity)
    assertEquals(LayoutParams.LAYOUT_IN_DISPLAY_CUTOUT_MODE_ALWAYS, params.layoutInDisplayCutoutMode)
    assertEquals(0, params.fitInsetsTypes)
    assertTrue(params.title.toString().matches(Regex("androperator\\.on_screen_log\\.[0-9a-f-]{36}\\.1")))
    assertFalse(window.isFocusable)
    assertEquals(android.view.View.IMPORTANT_FOR_ACCESSIBILITY_NO, window.importantForAccessibility)
    // Where the window is, is what the step reports: 8 dp from the left and top of the (inset-free) display, 280 dp
    // wide, one 12 sp line plus 8 dp padding above and below.
    assertEquals(data["bounds"], boundsOf(params).format())
    assertEquals(px(8), params.x)
    assertEquals(px(8), params.y)
    assertEquals(px(280), params.width)
    assertEquals(2 * px(8) + lineHeight(12 * density()), params.height)
  }

  @Test
  fun anchorsOffsetsWidthsAndFontSizesPlaceTheWindowInPixels() {
    val widthPx = service.resources.displayMetrics.widthPixels
    data class Case(val params: String, val anchor: String, val edgeDp: Int, val topDp: Int, val widthDp: Int, val fontSp: Int)
    val cases = listOf(
      Case(""""text":"left","anchor":"left","edgeOffsetDp":0,"topOffsetDp":0,"widthDp":80,"fontSizeSp":8""", "left", 0, 0, 80, 8),
      Case(""""text":"right","anchor":"right","edgeOffsetDp":16,"topOffsetDp":100,"widthDp":200,"fontSizeSp":20""", "right", 16, 100, 200, 20),
      Case(""""text":"wide","anchor":"right","edgeOffsetDp":0,"topOffsetDp":600,"widthDp":400,"fontSizeSp":24""", "right", 0, 600, 400, 24),
      Case(""""text":"mid","anchor":"left","edgeOffsetDp":33,"topOffsetDp":7,"widthDp":123,"fontSizeSp":13""", "left", 33, 7, 123, 13),
    )
    for (case in cases) {
      val data = stepOf(execute(set(case.params)))
      val params = RoboScreen.params(onlyWindow())
      val x = if (case.anchor == "left") px(case.edgeDp) else widthPx - px(case.edgeDp) - px(case.widthDp)
      assertEquals(case.toString(), x, params.x)
      assertEquals(case.toString(), px(case.topDp), params.y)
      assertEquals(case.toString(), px(case.widthDp), params.width)
      assertEquals(case.toString(), 2 * px(8) + lineHeight(case.fontSp * density()), params.height)
      assertEquals(case.toString(), data["bounds"], boundsOf(params).format())
    }
    // A panel wider than the display is refused and leaves the last one in place.
    val refused = stepOf(execute(set(""""text":"too wide","widthDp":411""")))
    assertEquals("ON_SCREEN_LOG_LAYOUT_INVALID", refused["errorCode"])
    assertEquals(px(123), RoboScreen.params(onlyWindow()).width)
  }

  @Test
  fun replaceUpdatesTheSameWindowAndClearRemovesIt() {
    watch()
    val first = stepOf(execute(set(""""text":"one"""")))
    val window = onlyWindow()
    val title1 = RoboScreen.params(window).title.toString()
    assertEquals(first["bounds"], (panelEvent("set")["bounds"] as Json.Str).value)
    val second = stepOf(execute(set(""""text":"two\nlines","anchor":"right","fontSizeSp":16""")))
    assertTrue("the window is updated in place", onlyWindow() === window)
    val params = RoboScreen.params(window)
    assertEquals(second["bounds"], boundsOf(params).format())
    assertEquals(2 * px(8) + 2 * lineHeight(16 * density()), params.height)
    assertTrue(params.title.toString() != title1)
    val event = panelEvent("set")
    assertEquals(Json.Bool(true), event["visible"])
    val cleared = stepOf(execute(clear))
    assertEquals(mapOf("visible" to "false"), cleared)
    assertEquals(emptyList<Any>(), RoboScreen.windows())
    assertEquals(Json.Bool(false), panelEvent("cleared")["visible"])
    // Clearing again succeeds with nothing to remove.
    assertEquals(mapOf("visible" to "false"), stepOf(execute(clear)))
  }

  @Test
  fun withoutADrawTheSetTimesOutAndItsWindowIsRemoved() {
    val id = execute(set(""""text":"never drawn""""))
    // Main-thread turns without frames: the window is added, nothing draws it.
    val giveUp = System.nanoTime() + 20_000_000_000L
    while (RoboScreen.windows().isEmpty() && System.nanoTime() < giveUp) {
      RoboScreen.idle()
      Thread.yield()
    }
    assertEquals(1, RoboScreen.windows().size)
    assertTrue(client.received.none { it["id"] == Json.Str(id) })
    RoboScreen.advance(2000)
    // Next frames cannot bring it back.
    val reply = client.reply(id)
    val step = ((reply["envelope"] as Json.Obj)["stepResults"] as Json.Arr).items.single() as Json.Obj
    assertEquals(Json.Str("ON_SCREEN_LOG_RENDER_TIMEOUT"), (step["data"] as Json.Obj)["errorCode"])
    assertEquals(emptyList<Any>(), RoboScreen.windows())
  }

  @Test
  fun ttlCountsFromTheDrawAcknowledgement() {
    watch()
    val data = stepOf(execute(set(""""text":"short-lived","ttlMs":1000""")))
    assertEquals("1000", data["ttl_ms"])
    RoboScreen.advance(999)
    assertEquals(1, RoboScreen.windows().size)
    RoboScreen.advance(1)
    assertEquals(emptyList<Any>(), RoboScreen.windows())
    assertEquals(Json.Bool(false), panelEvent("expired")["visible"])
  }

  @Test
  fun rotationReflowsTheWindowAndAFontScaleThatNoLongerFitsRemovesIt() {
    watch()
    stepOf(execute(set(""""text":"FLOW-002: rotate","anchor":"right","topOffsetDp":375""")))
    val portrait = RoboScreen.params(onlyWindow())
    val portraitWidth = service.resources.displayMetrics.widthPixels
    assertEquals(portraitWidth - px(8) - px(280), portrait.x)
    configure("+land")
    val landscapeWidth = service.resources.displayMetrics.widthPixels
    assertTrue("landscape is wider ($landscapeWidth > $portraitWidth)", landscapeWidth > portraitWidth)
    val reflowed = panelEvent("reflowed")
    val landscape = RoboScreen.params(onlyWindow())
    assertEquals(landscapeWidth - px(8) - px(280), landscape.x)
    assertEquals((reflowed["bounds"] as Json.Str).value, boundsOf(landscape).format())
    // 914 x 411 dp: 375 dp from the top leaves 36 dp, enough for one 12 sp line; at font scale 2 it is too tall.
    val usableBelow = service.resources.displayMetrics.heightPixels - px(375)
    assertTrue("$usableBelow px below the top offset", usableBelow >= 2 * px(8) + lineHeight(12 * density()))
    configure(fontScale = 2.0f)
    assertTrue("$usableBelow px below the top offset", usableBelow < 2 * px(8) + lineHeight(12 * density() * 2))
    assertEquals(Json.Bool(false), panelEvent("configuration_layout_invalid")["visible"])
    assertEquals(emptyList<Any>(), RoboScreen.windows())
  }

  @Test
  fun aLargerFontScaleReflowsToTallerLines() {
    watch()
    stepOf(execute(set(""""text":"scaled"""")))
    configure(fontScale = 1.5f)
    assertEquals(1.5f, service.resources.configuration.fontScale)
    val reflowed = panelEvent("reflowed")
    val params = RoboScreen.params(onlyWindow())
    assertEquals(2 * px(8) + lineHeight(12 * density() * 1.5), params.height)
    assertEquals((reflowed["bounds"] as Json.Str).value, boundsOf(params).format())
  }

  @Test
  fun serviceDestroyRemovesThePanelAndClosesTheAgentConnection() {
    watch()
    stepOf(execute(set(""""text":"detaching"""")))
    assertEquals(1, RoboScreen.windows().size)
    controller.destroy()
    assertEquals(null, service.operatorRuntime)
    assertEquals(emptyList<Any>(), RoboScreen.windows())
    assertEquals(Json.Bool(false), panelEvent("detached")["visible"])
    RoboScreen.until("the server to close the connection") { client.closedByServer.takeIf { it } }
  }

  @Test
  fun aPanelEventForAPeerThatJustDisconnectedIsDroppedNotThrownOnTheMainThread() {
    watch()
    stepOf(execute(set(""""text":"peer leaves"""")))
    client.close()
    // Without a main-thread turn: the server's reader sees the peer go and shuts its writer down, while the session's
    // onClosed still waits in the main looper. The panel event of the detach is sent to that session meanwhile.
    // Wait (no main-thread turn) until the server closed its end and its writer thread ended: the writer is shut down.
    fun writerAlive() = Thread.getAllStackTraces().keys.any { it.name == "operator-agent-writer" && it.isAlive }
    val giveUp = System.nanoTime() + 20_000_000_000L
    while ((!client.serverSideClosed || writerAlive()) && System.nanoTime() < giveUp) Thread.yield()
    assertTrue("the server closed its end", client.serverSideClosed)
    assertFalse("the connection's writer thread ended", writerAlive())
    controller.destroy()
    assertEquals(emptyList<Any>(), RoboScreen.windows())
    RoboScreen.idle()
  }

  @Test
  fun belowApi22TheSetFailsClosedWithoutAWindow() {
    // Robolectric 4.16 runs API 23 and later only, so the API level the runtime reports is lowered in place.
    val real = Build.VERSION.SDK_INT
    ReflectionHelpers.setStaticField(Build.VERSION::class.java, "SDK_INT", 21)
    try {
      val data = stepOf(execute(set(""""text":"old device"""")))
      assertEquals("ON_SCREEN_LOG_RENDER_FAILED", data["errorCode"])
      assertEquals(emptyList<Any>(), RoboScreen.windows())
    } finally {
      ReflectionHelpers.setStaticField(Build.VERSION::class.java, "SDK_INT", real)
    }
  }

  @Test
  fun thePanelDrawnIntoABitmapPaintsExactlyItsReportedBounds() {
    val data = stepOf(execute(set(""""text":"FLOW-001: Observe settings\nstep 2 of 3: tap \"Display\"","fontSizeSp":14""")))
    val metrics = service.resources.displayMetrics
    val screen = RoboScreen.screenshot(metrics.widthPixels, metrics.heightPixels)
    RoboScreen.saveArtefact("operator-panel.png", screen)
    assertEquals(data["bounds"], RoboScreen.paintedBounds(screen)?.format())
    val bounds = PxRect.parse(data["bounds"]!!)!!
    // The background is #B3000000; the text is white: some pixels inside the padding are light.
    val corner = screen.getPixel(bounds.left, bounds.top)
    assertEquals(0xB3, Color.alpha(corner))
    assertEquals(0, Color.red(corner))
    var light = 0
    for (y in bounds.top + px(8) until bounds.bottom - px(8)) {
      for (x in bounds.left + px(8) until bounds.right - px(8)) if (Color.red(screen.getPixel(x, y)) > 200) light++
    }
    assertTrue("text pixels drawn: $light", light > 200)
  }

  /** Changes the device configuration and tells the service, as the system does. */
  private fun configure(qualifiers: String? = null, fontScale: Float? = null) {
    qualifiers?.let { RuntimeEnvironment.setQualifiers(it) }
    fontScale?.let { RuntimeEnvironment.setFontScale(it) }
    val configuration = Configuration(RuntimeEnvironment.getApplication().resources.configuration)
    service.onConfigurationChanged(configuration)
  }
}
