package com.androperator.operator.core.conformance

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.template.DeviceMetadata
import com.androperator.operator.core.template.ForegroundAppMetadata
import com.androperator.operator.core.template.Placeholder
import com.androperator.operator.core.template.SystemLanguageMetadata
import com.androperator.operator.core.template.TemplateExpander
import com.androperator.operator.core.template.TemplateMetadata
import com.androperator.operator.core.template.TemplateScanner
import com.androperator.operator.core.template.TemplateSegment
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory

/** Runs conformance/template-parse.json and conformance/template-expand.json. */
class TemplateConformanceTest {
  @Test
  fun statesTheInvalidTemplateMessage() {
    assertEquals(Json.Str(Placeholder.INVALID_TEMPLATE_MESSAGE), Vectors.load("template-parse.json")["invalidMessage"])
  }

  @TestFactory
  fun parseVectors(): List<DynamicTest> = Vectors.cases("template-parse.json", "template-parse", 40).map { vector ->
    DynamicTest.dynamicTest(vector.name) {
      val template = Vectors.text((vector.input as Json.Obj)["template"], "template")
      val want = vector.expect
      val scan = TemplateScanner.scan(template)
      if (want["ok"] == Json.Bool(true)) {
        val segments = (want["segments"] as Json.Arr).items.map { segment ->
          val obj = segment as Json.Obj
          if (obj["literal"] != null) TemplateSegment.Literal(Vectors.text(obj["literal"], "literal"))
          else TemplateSegment.Field(Placeholder.of((obj["placeholder"] as Json.Str).value) ?: error("bad placeholder"))
        }
        assertEquals(TemplateScanner.Result.Valid(segments), scan)
      } else {
        assertEquals(TemplateScanner.Result.Invalid(Vectors.int(want["index"], "index")), scan)
      }
    }
  }

  @TestFactory
  fun expandVectors(): List<DynamicTest> = Vectors.cases("template-expand.json", "template-expand", 40).map { vector ->
    DynamicTest.dynamicTest(vector.name) {
      val input = vector.input as Json.Obj
      val want = vector.expect
      val scan = TemplateScanner.scan(Vectors.text(input["template"], "template"))
      val segments = (scan as? TemplateScanner.Result.Valid)?.segments ?: error("vector template is invalid: $scan")
      val result = TemplateExpander.expand(segments, metadataOf(input["metadata"] as Json.Obj))
      val expectedText = Vectors.text(want["text"], "expect.text")
      assertEquals(expectedText.length, result.text.length, "length")
      want["length"]?.let { assertEquals(Vectors.int(it, "length"), result.text.length) }
      assertEquals(expectedText, result.text)
      assertEquals((want["iconPositions"] as Json.Arr).items.map { Vectors.int(it, "icon") }, result.iconPositions)
      assertEquals(want["truncated"], Json.Bool(result.truncated))
    }
  }

  private fun metadataOf(json: Json.Obj): TemplateMetadata {
    fun group(name: String): Json.Obj? = json[name] as? Json.Obj
    fun field(group: Json.Obj?, key: String): String? = group?.get(key)?.takeIf { it != Json.Null }?.let { Vectors.text(it, key) }
    val app = group("foregroundApp")
    val device = group("device")
    val system = group("system")
    return TemplateMetadata(
      foregroundApp = app?.let {
        ForegroundAppMetadata(field(it, "packageName"), field(it, "versionCode"), field(it, "versionName"))
      },
      device = DeviceMetadata(field(device, "manufacturer"), field(device, "model")),
      system = SystemLanguageMetadata(field(system, "languageCode"), field(system, "languageTag"), field(system, "languageName")),
    )
  }
}
