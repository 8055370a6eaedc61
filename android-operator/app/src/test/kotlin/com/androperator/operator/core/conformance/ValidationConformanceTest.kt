package com.androperator.operator.core.conformance

import com.androperator.operator.core.Outcome
import com.androperator.operator.core.execution.ExecutionValidator
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonParser
import com.androperator.operator.core.json.JsonWriter
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory

/** Runs conformance/validation.json: the Kotlin validator must give the console's results on every case. */
class ValidationConformanceTest {
  @TestFactory
  fun validationVectors(): List<DynamicTest> =
    Vectors.cases("validation.json", "validation", minimum = 220).map { vector ->
      DynamicTest.dynamicTest(vector.name) { check(vector) }
    }

  private fun check(vector: VectorCase) {
    val inputJson = vector.raw["inputJson"]
    val input = if (inputJson != null) JsonParser.parse((inputJson as Json.Str).value) else Vectors.expand(vector.input!!)
    (vector.raw["inputBytes"] as? Json.Num)?.let { assertEquals(it.value.toInt(), JsonWriter.utf8Size(input), "inputBytes") }
    val expected = vector.expect
    val result = ExecutionValidator.validate(input)
    if (expected["ok"] == Json.Bool(true)) {
      if (result is Outcome.Err) fail<Unit>("expected a valid payload, got ${result.error}")
      val canonical = (result as Outcome.Ok).value.toJson()
      // Compared as text, as the TypeScript runner does, so key order and number formatting are checked too.
      assertEquals(JsonWriter.write(Vectors.expand(expected["execution"]!!)), JsonWriter.write(canonical))
      return
    }
    assertTrue(result is Outcome.Err, "expected a failure, got $result")
    val error = (result as Outcome.Err).error
    assertEquals(expected["code"], Json.Str(error.code), "code")
    assertEquals(expected["path"], error.details?.get("path"), "details.path")
    expected["message"]?.let { assertEquals(it, Json.Str(error.message), "message") }
    expected["invalidKeys"]?.let { assertEquals(it, error.details?.get("invalidKeys"), "invalidKeys") }
  }
}
