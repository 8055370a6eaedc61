package com.androperator.operator.core.agent

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonParser
import com.androperator.operator.core.json.JsonSyntaxException
import com.androperator.operator.core.json.JsonWriter
import java.io.ByteArrayOutputStream
import java.nio.ByteBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction
import java.nio.charset.StandardCharsets

/** Agent protocol framing (docs/operator-protocol.md): a 4-byte big-endian length, then UTF-8 JSON of one object. */
object Frames {
  const val MAX_FRAME_BYTES = 4 * 1024 * 1024

  fun encode(message: Json.Obj): ByteArray {
    val body = JsonWriter.write(message).toByteArray(StandardCharsets.UTF_8)
    return ByteBuffer.allocate(4 + body.size).putInt(body.size).put(body).array()
  }
}

/** A decoded frame: a JSON object, or why the stream must be closed. */
sealed interface DecodedFrame {
  data class Message(val message: Json.Obj) : DecodedFrame

  data class Malformed(val detail: String) : DecodedFrame
}

/** Incremental decoder: push bytes as they arrive, take whole frames out. A malformed frame ends decoding. */
class FrameDecoder {
  private val buffer = ByteArrayOutputStream()
  private var failed = false

  val pendingBytes: Int get() = buffer.size()

  fun push(chunk: ByteArray, length: Int = chunk.size): List<DecodedFrame> {
    if (failed) return emptyList()
    buffer.write(chunk, 0, length)
    val frames = ArrayList<DecodedFrame>()
    var bytes = buffer.toByteArray()
    var offset = 0
    while (bytes.size - offset >= 4) {
      val frameLength = ByteBuffer.wrap(bytes, offset, 4).int.toLong() and 0xffffffffL
      if (frameLength > Frames.MAX_FRAME_BYTES) {
        return fail(frames, "frame of $frameLength bytes exceeds 4 MiB")
      }
      if (bytes.size - offset - 4 < frameLength) break
      val decoded = decodeBody(bytes, offset + 4, frameLength.toInt())
      offset += 4 + frameLength.toInt()
      frames.add(decoded)
      if (decoded is DecodedFrame.Malformed) {
        failed = true
        buffer.reset()
        return frames
      }
    }
    buffer.reset()
    buffer.write(bytes, offset, bytes.size - offset)
    bytes = ByteArray(0)
    return frames
  }

  private fun fail(frames: MutableList<DecodedFrame>, detail: String): List<DecodedFrame> {
    failed = true
    buffer.reset()
    frames.add(DecodedFrame.Malformed(detail))
    return frames
  }

  private fun decodeBody(bytes: ByteArray, offset: Int, length: Int): DecodedFrame {
    val text = try {
      StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes, offset, length))
        .toString()
    } catch (e: CharacterCodingException) {
      return DecodedFrame.Malformed("frame is not valid UTF-8")
    }
    val value = try {
      // Like TextDecoder (the console's decoder), one leading byte order mark is dropped.
      JsonParser.parse(text.removePrefix("\uFEFF"))
    } catch (e: JsonSyntaxException) {
      return DecodedFrame.Malformed(e.message ?: "invalid JSON")
    }
    return when (value) {
      is Json.Obj -> DecodedFrame.Message(value)
      is Json.Arr -> DecodedFrame.Malformed("frame holds an array")
      else -> DecodedFrame.Malformed("frame holds a ${kindOf(value)}")
    }
  }

  private fun kindOf(value: Json): String = when (value) {
    is Json.Str -> "string"
    is Json.Num -> "number"
    is Json.Bool -> "boolean"
    else -> "null"
  }
}
