package com.androperator.operator.android

import android.graphics.Rect
import android.text.InputType
import android.view.View
import android.view.accessibility.AccessibilityNodeInfo
import android.view.accessibility.AccessibilityWindowInfo
import android.widget.Button
import android.widget.EditText
import android.widget.LinearLayout
import com.androperator.operator.OperatorAccessibilityService
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonWriter
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
 * set_text and click_node on the real service and runtime over the agent socket: the Operator finds the node again
 * among framework AccessibilityNodeInfo objects and performs ACTION_SET_TEXT / ACTION_CLICK on it. Each node's
 * performAction reaches a real framework view (EditText, Button) the way the platform's accessibility interaction
 * controller does (View.performAccessibilityAction), so the assertions read the views' own text and click listeners.
 */
@RunWith(RobolectricTestRunner::class)
@Config(manifest = Config.NONE, sdk = [34])
@Suppress("DEPRECATION") // AccessibilityNodeInfo.obtain(): the public constructor only exists from API 30, and API 28 runs here too
class NodeActionsTest {
  private lateinit var controller: ServiceController<OperatorAccessibilityService>
  private lateinit var service: OperatorAccessibilityService
  private lateinit var client: AgentClient
  private var requests = 0
  private val app = "com.example.shop"

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

  /** The node the platform would report for [view] at [bounds]; its actions go to the view. */
  private fun nodeOf(view: View?, cls: String, bounds: Rect, id: String, setUp: AccessibilityNodeInfo.() -> Unit): AccessibilityNodeInfo =
    AccessibilityNodeInfo.obtain().apply {
      packageName = app
      className = cls
      setBoundsInScreen(bounds)
      viewIdResourceName = id
      isVisibleToUser = true
      isEnabled = true
      setUp()
      Shadow.extract<ShadowAccessibilityNodeInfo>(this).setOnPerformActionListener { action, arguments ->
        view?.performAccessibilityAction(action, arguments) ?: false
      }
    }

  private lateinit var name: EditText
  private lateinit var password: EditText
  private lateinit var order: Button
  private var clicks = 0
  private var rowClicks = 0
  private lateinit var labelNode: AccessibilityNodeInfo
  private lateinit var nameNode: AccessibilityNodeInfo

  /** A sign-in form: a name field (focused, text "Ada"), a password field, an Order button and a label. */
  private fun form(nameText: String = "Ada", showingHint: Boolean = false, refusingField: Boolean = false) {
    name = EditText(service).apply { setText(if (showingHint) "" else nameText); hint = "Your name" }
    password = EditText(service).apply {
      inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_VARIATION_PASSWORD
      setText("hunter2")
    }
    order = Button(service).apply { setOnClickListener { clicks++ } }
    nameNode = nodeOf(if (refusingField) null else name, "android.widget.EditText", Rect(42, 180, 1038, 300), "$app:id/name") {
      text = nameText
      isEditable = true
      isFocusable = true
      isFocused = true
      isClickable = true
      if (showingHint) isShowingHintText = true
    }
    val root = AccessibilityNodeInfo.obtain().apply {
      packageName = app
      className = "android.widget.FrameLayout"
      setBoundsInScreen(Rect(0, 0, 1080, 2400))
      isVisibleToUser = true
      isEnabled = true
    }
    val shadow = Shadow.extract<ShadowAccessibilityNodeInfo>(root)
    shadow.addChild(nameNode)
    shadow.addChild(
      nodeOf(password, "android.widget.EditText", Rect(42, 320, 1038, 440), "$app:id/password") {
        text = "hunter2"
        isEditable = true
        isPassword = true
        isFocusable = true
      },
    )
    shadow.addChild(
      nodeOf(order, "android.widget.Button", Rect(42, 460, 1038, 580), "$app:id/order") {
        text = "Order"
        isClickable = true
      },
    )
    shadow.addChild(nodeOf(null, "android.widget.TextView", Rect(42, 600, 1038, 680), "$app:id/label") { text = "Welcome" })
    // A settings-style row: the LinearLayout takes the click; its title label is not clickable itself.
    val row = LinearLayout(service).apply { setOnClickListener { rowClicks++ } }
    val rowNode = nodeOf(row, "android.widget.LinearLayout", Rect(0, 700, 1080, 900), "$app:id/battery_row") { isClickable = true }
    labelNode = nodeOf(null, "android.widget.TextView", Rect(221, 740, 700, 800), "$app:id/battery_title") { text = "Battery" }
    Shadow.extract<ShadowAccessibilityNodeInfo>(rowNode).addChild(labelNode)
    shadow.addChild(rowNode)
    val window = AccessibilityWindowInfo.obtain().also {
      Shadow.extract<ShadowAccessibilityWindowInfo>(it).apply {
        setId(5)
        setType(AccessibilityWindowInfo.TYPE_APPLICATION)
        setActive(true)
        setRoot(root)
      }
    }
    Shadow.extract<ShadowAccessibilityService>(service).setWindows(listOf(window))
  }

  private fun target(cls: String, id: String, text: String?, bounds: String) =
    """{"package":"$app","class":"$cls","resource_id":"$app:id/$id","text":${text?.let { "\"$it\"" } ?: "null"},""" +
      """"content_description":null,"bounds":"$bounds"}"""

  private fun nameTarget(text: String? = "Ada") = target("android.widget.EditText", "name", text, "[42,180][1038,300]")

  private fun request(type: String, body: String): Json.Obj {
    val id = "r${++requests}"
    client.send("""{"v":1,"type":"$type","id":"$id",$body}""")
    return client.reply(id)
  }

  private fun setText(target: String, text: String, replace: Boolean) =
    request("set_text", """"target":$target,"text":"$text","replace":$replace""")

  private fun result(reply: Json.Obj): String {
    assertEquals(JsonWriter.write(reply), false, reply["type"] == Json.Str("error"))
    return JsonWriter.write(reply["result"]!!)
  }

  private fun errorCode(reply: Json.Obj): String {
    assertEquals(JsonWriter.write(reply), Json.Str("error"), reply["type"])
    return (reply["code"] as Json.Str).value
  }

  private fun performed(node: AccessibilityNodeInfo) =
    Shadow.extract<ShadowAccessibilityNodeInfo>(node).performedActionsWithArgs.map { it.first to it.second?.getCharSequence(AccessibilityNodeInfo.ACTION_ARGUMENT_SET_TEXT_CHARSEQUENCE)?.toString() }

  @Test
  fun setTextReplacesTheFieldsTextWithUnicode() {
    form()
    val reply = setText(nameTarget(), "Grüße 日本 😀", replace = true)
    assertEquals(Json.Str("set_text_result"), reply["type"])
    assertEquals("""{"performed":true,"mode":"replace","length":11}""", result(reply))
    assertEquals("Grüße 日本 😀", name.text.toString())
    assertEquals(listOf(AccessibilityNodeInfo.ACTION_SET_TEXT to "Grüße 日本 😀"), performed(nameNode))
  }

  @Test
  fun setTextAppendsToTheFieldsTextButNotToItsHint() {
    form()
    assertEquals("""{"performed":true,"mode":"append","length":9}""", result(setText(nameTarget(), " Byron", replace = false)))
    assertEquals("Ada Byron", name.text.toString())
  }

  @Test
  fun anEmptyFieldShowingItsHintIsAppendedToFromNothing() {
    form(nameText = "Your name", showingHint = true)
    assertEquals("""{"performed":true,"mode":"append","length":3}""", result(setText(nameTarget("Your name"), "Ada", replace = false)))
    assertEquals("Ada", name.text.toString())
  }

  @Test
  fun passwordAndNonEditableNodesAreRefusedAndNothingIsPerformed() {
    form()
    val passwordTarget = target("android.widget.EditText", "password", null, "[42,320][1038,440]")
    assertEquals("UI_TARGET_PASSWORD", errorCode(setText(passwordTarget, "x", replace = true)))
    assertEquals("hunter2", password.text.toString())
    val label = target("android.widget.TextView", "label", "Welcome", "[42,600][1038,680]")
    assertEquals("UI_TARGET_NOT_EDITABLE", errorCode(setText(label, "x", replace = true)))
    // A changed identity (the field's text is no longer what the host approved) names no node.
    assertEquals("UI_TARGET_NOT_FOUND", errorCode(setText(nameTarget("Bob"), "x", replace = true)))
    assertEquals("Ada", name.text.toString())
    assertEquals(emptyList<Pair<Int, String?>>(), performed(nameNode))
  }

  @Test
  fun aFieldThatRefusesTheActionIsReportedAsFailed() {
    form(refusingField = true)
    val reply = setText(nameTarget(), "x", replace = true)
    assertEquals("UI_NODE_ACTION_FAILED", errorCode(reply))
    assertEquals(listOf(AccessibilityNodeInfo.ACTION_SET_TEXT to "x"), performed(nameNode))
  }

  @Test
  fun clickNodeRunsTheButtonsClickListener() {
    form()
    val reply = request("click_node", """"target":${target("android.widget.Button", "order", "Order", "[42,460][1038,580]")}""")
    assertEquals(Json.Str("click_node_result"), reply["type"])
    assertEquals(
      """{"performed":true,"levels_up":0,"clicked":{"class":"android.widget.Button","resource_id":"$app:id/order","bounds":"[42,460][1038,580]"}}""",
      result(reply),
    )
    assertEquals(1, clicks)
    val label = target("android.widget.TextView", "label", "Welcome", "[42,600][1038,680]")
    assertEquals("UI_TARGET_NOT_CLICKABLE", errorCode(request("click_node", """"target":$label""")))
    assertEquals(1, clicks)
  }

  @Test
  fun clickNodeOnALabelClicksItsFirstClickableAncestor() {
    form()
    val reply = request("click_node", """"target":${target("android.widget.TextView", "battery_title", "Battery", "[221,740][700,800]")}""")
    assertEquals(
      """{"performed":true,"levels_up":1,"clicked":{"class":"android.widget.LinearLayout","resource_id":"$app:id/battery_row","bounds":"[0,700][1080,900]"}}""",
      result(reply),
    )
    // The row's own click listener ran; nothing was performed on the label.
    assertEquals(1, rowClicks)
    assertEquals(0, clicks)
    assertEquals(emptyList<Pair<Int, String?>>(), performed(labelNode))
    // A changed label (the approved identity no longer matches) clicks nothing.
    val changed = target("android.widget.TextView", "battery_title", "Storage", "[221,740][700,800]")
    assertEquals("UI_TARGET_NOT_FOUND", errorCode(request("click_node", """"target":$changed""")))
    assertEquals(1, rowClicks)
  }

  @Test
  @Config(sdk = [28])
  fun clickNodeWalksUpOnApi28() {
    form()
    val reply = request("click_node", """"target":${target("android.widget.TextView", "battery_title", "Battery", "[221,740][700,800]")}""")
    assertEquals(Json.Str("click_node_result"), reply["type"])
    assertEquals(1, rowClicks)
  }

  @Test
  @Config(sdk = [28])
  fun setTextOnApi28WhereNodesAreRecycledAfterTheAction() {
    form()
    assertEquals("""{"performed":true,"mode":"replace","length":4}""", result(setText(nameTarget(), "Zoë!", replace = true)))
    assertEquals("Zoë!", name.text.toString())
  }
}
