package com.androperator.operator.textstack

import com.androperator.operator.core.json.Json
import java.nio.file.Files
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** The check the generators make: a committed file that no longer matches Android's output fails, naming the line. */
class TextStackFilesTest {
  @Test
  fun aChangedFileIsReportedWithItsFirstDifferingLine() {
    val file = Files.createTempFile("vectors", ".json").toFile()
    try {
      file.writeText("{\n \"a\": 1,\n \"b\": 2\n}\n")
      assertNull(TextStackFiles.writeOrCompare(file, "{\n \"a\": 1,\n \"b\": 2\n}\n", regenerate = false))
      val message = TextStackFiles.writeOrCompare(file, "{\n \"a\": 1,\n \"b\": 3\n}\n", regenerate = false)
      assertTrue(message, message!!.contains("first at line 3"))
      assertTrue(message, message.contains("committed:  \"b\": 2") && message.contains("generated:  \"b\": 3"))
      assertTrue(message, message.contains("npm run conformance:text-stack"))
      assertNull(TextStackFiles.writeOrCompare(file, "{\n \"b\": 3\n}\n", regenerate = true))
      assertEquals("{\n \"b\": 3\n}\n", file.readText())
    } finally {
      file.delete()
    }
  }

  @Test
  fun documentsAreAsciiWithOneItemPerLine() {
    val text = AsciiJson.document(
      listOf("kind" to Json.of("x")),
      listOf("cases" to listOf(Json.arr(listOf(Json.of("\u05e9\u00e9\t"), Json.of(1.5))), Json.of(2))),
    )
    assertEquals("{\n \"kind\": \"x\",\n \"cases\": [\n  [\"\\u05e9\\u00e9\\t\",1.5],\n  2\n ]\n}\n", text)
  }
}
