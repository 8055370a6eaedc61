package com.androperator.operator.core.conformance

import com.androperator.operator.core.Outcome
import com.androperator.operator.core.execution.NumericToken
import com.androperator.operator.core.execution.PanelNumberField
import com.androperator.operator.core.geometry.DisplayMetrics
import com.androperator.operator.core.geometry.FixedAdvanceMeasurer
import com.androperator.operator.core.geometry.PanelGeometry
import com.androperator.operator.core.geometry.PanelGeometrySpec
import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.geometry.UsableArea
import com.androperator.operator.core.geometry.UsableAreaInput
import com.androperator.operator.core.json.Json
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory

/** Runs conformance/geometry.json, usable-area.json and cli-numeric.json. */
class GeometryConformanceTest {
  @TestFactory
  fun geometryVectors(): List<DynamicTest> = Vectors.cases("geometry.json", "panel-geometry", 50).map { vector ->
    DynamicTest.dynamicTest(vector.name) { checkGeometry(vector) }
  }

  private fun checkGeometry(vector: VectorCase) {
    val input = vector.input as Json.Obj
    val want = vector.expect
    val metricsJson = input["metrics"] as Json.Obj
    val usable = PxRect.parse((metricsJson["usable"] as Json.Str).value) ?: error("bad usable")
    val metrics = DisplayMetrics(
      usable.right, usable.bottom,
      Vectors.double(metricsJson["density"], "density"), Vectors.double(metricsJson["scaledDensity"], "scaledDensity"),
      usable,
    )
    val spec = input["spec"] as Json.Obj
    fun side(key: String) = (spec[key] as Json.Str?)?.value ?: "left"
    fun dimension(field: PanelNumberField) = spec[field.key]?.let { Vectors.int(it, field.key) } ?: field.default
    val geometrySpec = PanelGeometrySpec(
      side("anchor"), side("textAlign"),
      dimension(PanelNumberField.TOP_OFFSET_DP), dimension(PanelNumberField.EDGE_OFFSET_DP),
      dimension(PanelNumberField.WIDTH_DP), dimension(PanelNumberField.FONT_SIZE_SP),
    )
    val measurer = input["measurer"] as Json.Obj
    val result = PanelGeometry.layout(
      metrics, geometrySpec, Vectors.text(input["content"], "content"),
      FixedAdvanceMeasurer(
        Vectors.double(measurer["advance"], "advance"), Vectors.double(measurer["ascent"], "ascent"),
        Vectors.double(measurer["descent"], "descent"),
      ),
    )
    if (want["error"] != null) {
      val error = (result as? Outcome.Err)?.error ?: fail("expected ${want["error"]}, got $result")
      assertEquals(want["error"], Json.Str(error.code))
      (want["details"] as Json.Obj?)?.members?.forEach { (key, value) ->
        assertEquals(value, error.details?.get(key), "details.$key")
      }
      return
    }
    val layout = (result as? Outcome.Ok)?.value ?: fail("expected a layout, got $result")
    assertEquals(want["bounds"], Json.Str(layout.bounds.format()), "bounds")
    assertEquals(want["truncated"], Json.Bool(layout.truncated), "truncated")
    val texts = layout.lines.map { it.text }
    val lines = want["lines"] as Json.Arr?
    if (lines != null) {
      assertEquals(lines.items.mapIndexed { i, line -> Vectors.text(line, "lines[$i]") }, texts, "lines")
    } else {
      assertEquals(Vectors.int(want["lineCount"], "lineCount"), texts.size, "lineCount")
      assertEquals(Vectors.text(want["lastLine"], "lastLine"), texts.last(), "lastLine")
    }
    assertEquals(texts.indices.map { layout.truncated && it == texts.size - 1 }, layout.lines.map { it.ellipsized })
    (want["lineWidths"] as Json.Arr?)?.let { widths ->
      assertEquals(widths.items.map { Vectors.double(it, "width") }, layout.lines.map { it.widthPx }, "lineWidths")
    }
    want["textAlign"]?.let { assertEquals(it, Json.Str(layout.textAlign)) }
    val numbers = mapOf(
      "paddingPx" to layout.paddingPx.toDouble(),
      "fontSizePx" to layout.fontSizePx,
      "lineHeightPx" to layout.lineHeightPx.toDouble(),
      "baselineOffsetPx" to layout.baselineOffsetPx,
      "iconSizePx" to layout.iconSizePx.toDouble(),
      "maxLines" to layout.maxLines.toDouble(),
    )
    numbers.forEach { (key, actual) -> want[key]?.let { assertEquals(Vectors.double(it, key), actual, key) } }
  }

  @TestFactory
  fun usableAreaVectors(): List<DynamicTest> = Vectors.cases("usable-area.json", "usable-area", 15).map { vector ->
    DynamicTest.dynamicTest(vector.name) {
      val input = vector.input as Json.Obj
      val cutout = input["cutoutInsets"] as Json.Obj?
      fun inset(edge: String) = cutout?.get(edge)?.let { Vectors.int(it, edge) } ?: 0
      val canMove = when (val value = input["navBarCanMove"]) {
        Json.Bool(true) -> true
        Json.Bool(false) -> false
        Json.Null -> null
        else -> error("bad navBarCanMove $value")
      }
      val result = UsableArea.compute(
        UsableAreaInput(
          apiLevel = Vectors.int(input["apiLevel"], "apiLevel"),
          widthPx = Vectors.int(input["widthPx"], "widthPx"),
          heightPx = Vectors.int(input["heightPx"], "heightPx"),
          rotation = Vectors.int(input["rotation"], "rotation"),
          statusBarPx = Vectors.int(input["statusBarPx"], "statusBarPx"),
          navBarPx = Vectors.int(input["navBarPx"], "navBarPx"),
          navBarCanMove = canMove,
          cutoutInsets = PxRect(inset("left"), inset("top"), inset("right"), inset("bottom")),
          declaresBuiltInCutout = input["declaresBuiltInCutout"] == Json.Bool(true),
        ),
      )
      val want = vector.expect
      if (want["error"] != null) {
        assertEquals(want["error"], Json.Str((result as? Outcome.Err)?.error?.code ?: "ok"))
      } else {
        assertEquals(want["usable"], Json.Str((result as? Outcome.Ok)?.value?.format() ?: result.toString()))
      }
    }
  }

  @TestFactory
  fun cliNumericVectors(): List<DynamicTest> =
    Vectors.cases("cli-numeric.json", "cli-numeric", 40, kebabNames = false).map { vector ->
      DynamicTest.dynamicTest(vector.name) {
        val parsed = NumericToken.parse((vector.input as Json.Str).value)
        if (vector.expect["ok"] == Json.Bool(true)) {
          assertEquals(Vectors.double(vector.expect["value"], "value"), parsed)
        } else {
          assertNull(parsed)
        }
      }
    }
}
