package com.androperator.operator.android

import android.graphics.Rect
import android.view.accessibility.AccessibilityNodeInfo
import android.view.accessibility.AccessibilityWindowInfo
import com.androperator.operator.OperatorAccessibilityService
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonParser
import com.androperator.operator.core.json.JsonWriter
import java.security.MessageDigest
import java.util.Base64
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Before
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.android.controller.ServiceController
import org.robolectric.annotation.Config
import org.robolectric.shadow.api.Shadow
import org.robolectric.shadows.ShadowAccessibilityNodeInfo
import org.robolectric.shadows.ShadowAccessibilityService
import org.robolectric.shadows.ShadowAccessibilityWindowInfo
import org.robolectric.util.ReflectionHelpers

/**
 * get_ui_tree on the real service and runtime over the agent socket, reading framework AccessibilityNodeInfo and
 * AccessibilityWindowInfo objects (Robolectric's shadows hold their children, text and window roots; every other
 * field is the framework's own). API 34, and API 28 where nodes are recycled after the walk.
 */
@RunWith(RobolectricTestRunner::class)
@Config(manifest = Config.NONE, sdk = [34])
@Suppress("DEPRECATION") // AccessibilityNodeInfo.obtain(): the public constructor only exists from API 30, and API 28 runs here too
class UiTreeTest {
  private lateinit var controller: ServiceController<OperatorAccessibilityService>
  private lateinit var service: OperatorAccessibilityService
  private lateinit var client: AgentClient
  private var requests = 0

  @Before
  fun connect() {
    controller = Robolectric.buildService(OperatorAccessibilityService::class.java).create()
    service = controller.get()
    ReflectionHelpers.callInstanceMethod<Unit>(service, "onServiceConnected")
    client = AgentClient(service.operatorRuntime!!.agentServer)
  }

  @After
  fun disconnect() {
    client.close()
    if (service.operatorRuntime != null) controller.destroy()
  }

  private fun node(
    pkg: String, cls: String, bounds: Rect, text: String? = null, description: String? = null, id: String? = null,
    visible: Boolean = true, setUp: AccessibilityNodeInfo.() -> Unit = {}, children: List<AccessibilityNodeInfo> = emptyList(),
  ): AccessibilityNodeInfo = AccessibilityNodeInfo.obtain().apply {
    packageName = pkg
    className = cls
    setBoundsInScreen(bounds)
    this.text = text
    contentDescription = description
    viewIdResourceName = id
    isVisibleToUser = visible
    isEnabled = true
    setUp()
    val shadow = Shadow.extract<ShadowAccessibilityNodeInfo>(this)
    children.forEach(shadow::addChild)
  }

  private fun window(id: Int, type: Int, active: Boolean, root: AccessibilityNodeInfo?): AccessibilityWindowInfo =
    AccessibilityWindowInfo.obtain().also {
      Shadow.extract<ShadowAccessibilityWindowInfo>(it).apply {
        setId(id)
        setType(type)
        setActive(active)
        setRoot(root)
      }
    }

  private fun showWindows(vararg windows: AccessibilityWindowInfo) =
    Shadow.extract<ShadowAccessibilityService>(service).setWindows(windows.toList())

  private fun uiTree(): Json.Obj {
    val id = "t${++requests}"
    client.send("""{"v":1,"type":"get_ui_tree","id":"$id"}""")
    val reply = client.reply(id)
    assertEquals(JsonWriter.write(reply), Json.Str("ui_tree_result"), reply["type"])
    return reply["tree"] as Json.Obj
  }

  private fun nodes(tree: Json.Obj) = (tree["nodes"] as Json.Arr).items.map { it as Json.Obj }

  /** The reference's hash, computed with the JDK's own encoders (the Operator uses its own base64url). */
  private fun referenceHash(value: String): String =
    Base64.getUrlEncoder().withoutPadding().encodeToString(MessageDigest.getInstance("SHA-256").digest(value.toByteArray(Charsets.UTF_16BE)))

  private val app = "com.example.shop"

  private fun phoneScreen() {
    val longText = "Terms ".repeat(60)
    val appRoot = node(app, "android.widget.FrameLayout", Rect(0, 0, 1080, 2400), children = listOf(
      node(app, "android.widget.TextView", Rect(42, 180, 1038, 260), text = "Sign in", id = "$app:id/title", setUp = { isClickable = true; isFocusable = true }),
      node(app, "android.widget.EditText", Rect(42, 300, 1038, 420), text = "hunter2", description = "Password", id = "$app:id/password",
        setUp = { isPassword = true; isEditable = true; isFocusable = true; isFocused = true }),
      node(app, "android.widget.LinearLayout", Rect(0, 0, 0, 0), visible = false, children = listOf(
        node(app, "android.widget.TextView", Rect(0, 0, 10, 10), text = "under an invisible parent"),
      )),
      node(app, "android.widget.ScrollView", Rect(0, 460, 1080, 2337), id = "", setUp = { isScrollable = true }, children = listOf(
        node(app, "android.widget.TextView", Rect(42, 480, 1038, 900), text = longText, description = ""),
        node(app, "android.widget.Button", Rect(42, 950, 1038, 1090), description = "Continue", setUp = { isClickable = true; isSelected = true }),
      )),
    ))
    val bar = node("com.android.systemui", "android.widget.FrameLayout", Rect(0, 0, 1080, 136), children = listOf(
      node("com.android.systemui", "android.widget.TextView", Rect(40, 40, 160, 100), text = "9:41"),
    ))
    val panel = node(service.packageName, "android.view.View", Rect(0, 136, 1080, 300), text = "FLOW-001: Observe settings")
    // The platform lists the status bar first; the active app window is walked first all the same.
    showWindows(
      window(3, AccessibilityWindowInfo.TYPE_SYSTEM, false, bar),
      window(40, AccessibilityWindowInfo.TYPE_ACCESSIBILITY_OVERLAY, false, panel),
      window(12, AccessibilityWindowInfo.TYPE_APPLICATION, true, appRoot),
      window(20, AccessibilityWindowInfo.TYPE_INPUT_METHOD, false, null),
    )
  }

  private fun assertPhoneTree(tree: Json.Obj) {
    val longText = "Terms ".repeat(60)
    fun n(index: Int, parent: Int?, depth: Int, window: Int, pkg: String, cls: String, id: String?, text: String?, desc: String?, bounds: String,
      clickable: Boolean = false, focused: Boolean = false, focusable: Boolean = false, selected: Boolean = false, scrollable: Boolean = false,
      editable: Boolean = false, password: Boolean = false, textHash: String? = null,
    ) = """{"index":$index,"parent":${parent ?: "null"},"depth":$depth,"window_id":$window,"package":"$pkg","class":"$cls",""" +
      """"resource_id":${id?.let { "\"$it\"" } ?: "null"},"text":${text?.let { "\"$it\"" } ?: "null"},""" +
      (textHash?.let { """"text_hash":"$it",""" } ?: "") +
      """"content_description":${desc?.let { "\"$it\"" } ?: "null"},"bounds":"$bounds","clickable":$clickable,"focused":$focused,""" +
      """"focusable":$focusable,"selected":$selected,"enabled":true,"scrollable":$scrollable,"editable":$editable,"password":$password}"""
    val ui = "com.android.systemui"
    val expected = listOf(
      n(0, null, 0, 12, app, "android.widget.FrameLayout", null, null, null, "[0,0][1080,2400]"),
      n(1, null, 0, 3, ui, "android.widget.FrameLayout", null, null, null, "[0,0][1080,136]"),
      n(2, 0, 1, 12, app, "android.widget.TextView", "$app:id/title", "Sign in", null, "[42,180][1038,260]", clickable = true, focusable = true),
      n(3, 0, 1, 12, app, "android.widget.EditText", "$app:id/password", null, null, "[42,300][1038,420]", focused = true, focusable = true,
        editable = true, password = true),
      n(4, 0, 1, 12, app, "android.widget.ScrollView", null, null, null, "[0,460][1080,2337]", scrollable = true),
      n(5, 1, 1, 3, ui, "android.widget.TextView", null, "9:41", null, "[40,40][160,100]"),
      n(6, 4, 2, 12, app, "android.widget.TextView", null, longText.substring(0, 256), null, "[42,480][1038,900]", textHash = referenceHash(longText)),
      n(7, 4, 2, 12, app, "android.widget.Button", null, null, "Continue", "[42,950][1038,1090]", clickable = true, selected = true),
    )
    assertEquals(expected.joinToString(",", "[", "]"), JsonWriter.write(tree["nodes"]!!))
    assertEquals(
      """{"status":"complete","backend":"operator","node_count":8,"visited_count":9,"truncated":false,"truncated_by":null,"mode":"full"}""",
      JsonWriter.write(Json.Obj(tree.members.filterKeys { it != "nodes" })),
    )
  }

  @Test
  fun activeWindowsBreadthFirstWithoutInvisibleNodesPasswordTextOrTheOwnPanel() {
    phoneScreen()
    assertPhoneTree(uiTree())
  }

  @Test
  @Config(sdk = [28])
  fun theSameTreeOnApi28WhereNodesAreRecycledAfterTheWalk() {
    phoneScreen()
    assertPhoneTree(uiTree())
    // A second read walks fresh nodes obtained from the same windows.
    assertPhoneTree(uiTree())
  }

  @Test
  fun jsonBudgetTruncatesAPartialTree() {
    val children = (0 until 400).map { node(app, "android.widget.TextView", Rect(0, it, 100, it + 1), text = "row $it") }
    showWindows(window(7, AccessibilityWindowInfo.TYPE_APPLICATION, true, node(app, "android.widget.ListView", Rect(0, 0, 100, 400), children = children)))
    val tree = uiTree()
    val kept = nodes(tree)
    assertEquals(Json.Str("partial"), tree["status"])
    assertEquals(Json.Str("json_bytes"), tree["truncated_by"])
    assertEquals(Json.Bool(true), tree["truncated"])
    assertEquals(Json.Str("partial"), tree["mode"])
    assertEquals(Json.of(kept.size), tree["node_count"])
    // Every kept node fits the 60 KiB budget, and the rows come in order.
    assert(JsonWriter.utf8Size(tree["nodes"]!!) <= 60 * 1024)
    assertEquals((0 until kept.size - 1).map { Json.Str("row $it") }, kept.drop(1).map { it["text"] })
  }

  @Test
  fun visitedCapCountsInvisibleNodes() {
    val children = (0 until 1200).map { node(app, "android.view.View", Rect(0, 0, 0, 0), visible = false) }
    showWindows(window(7, AccessibilityWindowInfo.TYPE_APPLICATION, true, node(app, "android.widget.FrameLayout", Rect(0, 0, 100, 100), children = children)))
    val tree = uiTree()
    assertEquals(Json.Str("visited"), tree["truncated_by"])
    assertEquals(Json.of(1000), tree["visited_count"])
    assertEquals(Json.of(1), tree["node_count"])
  }

  @Test
  fun withoutAWindowListTheActiveWindowsRootIsWalked() {
    showWindows()
    val root = node(app, "android.widget.FrameLayout", Rect(0, 0, 1080, 2400), children = listOf(
      node(app, "android.widget.TextView", Rect(0, 0, 100, 50), text = "Only window"),
    ))
    Shadow.extract<ShadowAccessibilityNodeInfo>(root).setAccessibilityWindowInfo(window(9, AccessibilityWindowInfo.TYPE_APPLICATION, true, null))
    Shadow.extract<ShadowAccessibilityService>(service).setRootInActiveWindow(root)
    val tree = uiTree()
    assertEquals(listOf(Json.Null, Json.Str("Only window")), nodes(tree).map { it["text"] })
    assertEquals(listOf(Json.of(9), Json.of(9)), nodes(tree).map { it["window_id"] })
  }

  @Test
  fun noWindowAtAllIsACompleteEmptyTree() {
    showWindows()
    val tree = uiTree()
    assertEquals(JsonParser.parse("""{"status":"complete","backend":"operator","node_count":0,"visited_count":0,"truncated":false,"truncated_by":null,"mode":"full","nodes":[]}"""), tree)
  }
}
