package com.androperator.operator.textstack

import android.text.Layout
import com.androperator.operator.android.AndroidTextMeasurer
import com.androperator.operator.android.AppIcons
import com.androperator.operator.android.PanelView
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.geometry.DisplayMetrics
import com.androperator.operator.core.geometry.PanelGeometry
import com.androperator.operator.core.geometry.PanelGeometrySpec
import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.panel.DrawnPanel
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * Generates (TEXTSTACK_REGENERATE=1) or checks conformance/text-stack/vectors.json: every case of cases.json laid out
 * the way the Operator lays it out on a device, on Android's own text stack: PanelGeometry with the real
 * [AndroidTextMeasurer] (Paint.measureText through Minikin/Skia), then the real [PanelView] building its one-line
 * StaticLayouts, whose widths and ellipsis counts are what the panel draws.
 */
@RunWith(RobolectricTestRunner::class)
@Config(manifest = Config.NONE, sdk = [34])
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class TextStackVectorsTest {
  @Test
  fun vectorsMatchAndroid() {
    val casesFile = TextStackFiles.read("cases.json")
    val cases = (casesFile["cases"] as Json.Arr).items.map { it as Json.Obj }
    assertTrue("cases.json holds ${cases.size} cases, at least 300 expected", cases.size >= 300)
    val names = cases.map { (it["name"] as Json.Str).value }
    assertTrue("case names are unique", names.toSet().size == names.size)
    val context = RuntimeEnvironment.getApplication()
    val view = PanelView(context, AppIcons(context.packageManager)) {}
    val measurer = AndroidTextMeasurer()
    val out = cases.map { case ->
      val members = LinkedHashMap<String, Json>()
      members["name"] = case["name"]!!
      members["input"] = case["input"]!!
      case["known_difference"]?.let { members["known_difference"] = it }
      members["expect"] = expect(case["input"] as Json.Obj, measurer, view)
      Json.Obj(members)
    }
    val text = AsciiJson.document(
      listOf(
        "kind" to Json.of("text-stack"),
        "description" to Json.of(
          "The panel as the Operator lays it out on Android's text stack (Robolectric API 34, native graphics), " +
            "generated from cases.json by TextStackVectorsTest. expect.lines are PanelGeometry's lines with " +
            "AndroidTextMeasurer (Paint.measureText); expect.drawn is what PanelView's one-line StaticLayouts " +
            "measure and ellipsize for those lines.",
        ),
      ),
      listOf("cases" to out),
    )
    assertNull(TextStackFiles.writeOrCompare("vectors.json", text))
  }

  private fun expect(input: Json.Obj, measurer: AndroidTextMeasurer, view: PanelView): Json {
    fun num(key: String) = (input[key] as Json.Num).value
    fun str(key: String) = (input[key] as Json.Str).value
    val usable = PxRect.parse(str("usable")) ?: error("bad usable ${str("usable")}")
    val density = num("densityDpi") / 160.0
    val metrics = DisplayMetrics(usable.right, usable.bottom, density, density * num("fontScale"), usable)
    val spec = PanelGeometrySpec(
      str("anchor"), str("textAlign"), num("topOffsetDp").toInt(), num("edgeOffsetDp").toInt(),
      num("widthDp").toInt(), num("fontSizeSp").toInt(),
    )
    val layout = when (val result = PanelGeometry.layout(metrics, spec, str("text"), measurer)) {
      is Outcome.Ok -> result.value
      is Outcome.Err -> return Json.obj("error" to Json.of(result.error.code))
    }
    view.show(DrawnPanel(1, "androperator.on_screen_log.textstack.1", layout, "#FFFFFF", "#000000", null))
    @Suppress("UNCHECKED_CAST")
    val drawn = PanelView::class.java.getDeclaredField("lineLayouts").apply { isAccessible = true }.get(view) as List<Layout>
    val b = layout.bounds
    return Json.obj(
      "bounds" to Json.of("[${b.left},${b.top}][${b.right},${b.bottom}]"),
      "fontSizePx" to Json.of(layout.fontSizePx),
      "lineHeightPx" to Json.of(layout.lineHeightPx),
      "maxLines" to Json.of(layout.maxLines),
      "truncated" to Json.of(layout.truncated),
      "lines" to Json.arr(
        layout.lines.map {
          Json.obj("text" to Json.of(it.text), "widthPx" to Json.of(it.widthPx), "ellipsized" to Json.of(it.ellipsized))
        },
      ),
      "drawn" to Json.arr(
        drawn.map {
          Json.obj(
            "widthPx" to Json.of(it.getLineWidth(0).toDouble()),
            "ellipsisCount" to Json.of(it.getEllipsisCount(0)),
            "lineCount" to Json.of(it.lineCount),
          )
        },
      ),
    )
  }
}
