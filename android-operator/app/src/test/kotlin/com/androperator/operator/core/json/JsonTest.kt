package com.androperator.operator.core.json

import com.androperator.operator.core.agent.DecodedFrame
import com.androperator.operator.core.agent.FrameDecoder
import com.androperator.operator.core.agent.Frames
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class JsonTest {
  @Test
  fun `numbers print as JavaScript prints them`() {
    val cases = mapOf(
      0.0 to "0", -0.0 to "0", 1.0 to "1", 30000.0 to "30000", 2.625 to "2.625", 0.1 to "0.1", 1000.5 to "1000.5",
      1e21 to "1e+21", 1e20 to "100000000000000000000", 1.5e-7 to "1.5e-7", 0.000001 to "0.000001", -12.25 to "-12.25",
      123456789.123 to "123456789.123", 4294967297.0 to "4294967297", Double.POSITIVE_INFINITY to "null",
      29.2236328125 to "29.2236328125", 1.0 / 3 to "0.3333333333333333",
    )
    cases.forEach { (value, text) -> assertEquals(text, JsNumber.format(value), "format($value)") }
  }

  @Test
  fun `parsing follows JSON parse`() {
    val obj = JsonParser.parse("""{"a":1,"b":2,"a":3,"__proto__":{}}""") as Json.Obj
    assertEquals(listOf("a", "b", "__proto__"), obj.keys.toList())
    assertEquals(Json.Num(3.0), obj["a"])
    assertEquals(Json.Num(Double.POSITIVE_INFINITY), JsonParser.parse("1e999"))
    // Object.keys order: array-index keys first, ascending.
    val indexed = JsonParser.parse("""{"b":1,"10":2,"a":3,"2":4,"01":5,"4294967295":6}""") as Json.Obj
    assertEquals(listOf("2", "10", "b", "a", "01", "4294967295"), indexed.keys.toList())
    assertEquals(Json.Str("\uD83D"), JsonParser.parse("\"\\ud83d\""))
    listOf("01", "1.", "+1", "[1,]", "{\"a\" 1}", "\"\t\"", "nul", "1 2", "").forEach { text ->
      assertThrows(JsonSyntaxException::class.java) { JsonParser.parse(text) }
    }
  }

  @Test
  fun `strings are written with JSON stringify escapes`() {
    assertEquals("\"a\\\"b\\\\c\\n\\t\\u0001\\ud83d\u00e9\uD83D\uDE00\"", JsonWriter.write(Json.Str("a\"b\\c\n\t\u0001\uD83D\u00e9\uD83D\uDE00")))
    assertEquals(4 + 2, JsonWriter.utf8Size(Json.Str("\uD83D\uDE00")))
  }

  @Test
  fun `frames round-trip when split at every byte`() {
    val message = jsonObject {
      put("v", 1)
      put("text", "Gr\u00fc\u00dfe \uD83D\uDE00")
    }
    val frame = Frames.encode(message)
    for (split in 0..frame.size) {
      val decoder = FrameDecoder()
      val frames = decoder.push(frame.copyOfRange(0, split)) + decoder.push(frame.copyOfRange(split, frame.size))
      assertEquals(listOf(DecodedFrame.Message(message)), frames)
      assertEquals(0, decoder.pendingBytes)
    }
  }

  @Test
  fun `a leading byte order mark is ignored as TextDecoder does`() {
    val body = "\uFEFF{\"v\":1}".toByteArray(Charsets.UTF_8)
    val frame = java.nio.ByteBuffer.allocate(4 + body.size).putInt(body.size).put(body).array()
    assertEquals(listOf(DecodedFrame.Message(jsonObject { put("v", 1) })), FrameDecoder().push(frame))
  }

  @Test
  fun `oversized lengths, invalid UTF-8 and non-objects are malformed`() {
    assertTrue(FrameDecoder().push(bytes(0, 0x40, 0, 1)).single() is DecodedFrame.Malformed)
    assertTrue(FrameDecoder().push(bytes(0, 0, 0, 2, 0xff, 0xfe)).single() is DecodedFrame.Malformed)
    assertTrue(FrameDecoder().push(bytes(0, 0, 0, 3, '[', '1', ']')).single() is DecodedFrame.Malformed)
  }
}

private fun bytes(vararg values: Any): ByteArray = values.map { (it as? Char)?.code?.toByte() ?: (it as Number).toByte() }.toByteArray()
