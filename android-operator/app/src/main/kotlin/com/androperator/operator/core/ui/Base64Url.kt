package com.androperator.operator.core.ui

/**
 * Base64url without padding (RFC 4648 section 5). Written out because java.util.Base64 only exists from API 26 and
 * the Operator runs from API 22; the core stays free of android.util.Base64.
 */
object Base64Url {
  private const val ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

  fun encode(bytes: ByteArray): String {
    val out = StringBuilder((bytes.size * 4 + 2) / 3)
    var i = 0
    while (i + 2 < bytes.size) {
      val n = (bytes[i].toInt() and 0xff shl 16) or (bytes[i + 1].toInt() and 0xff shl 8) or (bytes[i + 2].toInt() and 0xff)
      out.append(ALPHABET[n ushr 18]).append(ALPHABET[n ushr 12 and 63]).append(ALPHABET[n ushr 6 and 63]).append(ALPHABET[n and 63])
      i += 3
    }
    when (bytes.size - i) {
      1 -> {
        val n = bytes[i].toInt() and 0xff
        out.append(ALPHABET[n ushr 2]).append(ALPHABET[n shl 4 and 63])
      }
      2 -> {
        val n = (bytes[i].toInt() and 0xff shl 8) or (bytes[i + 1].toInt() and 0xff)
        out.append(ALPHABET[n ushr 10]).append(ALPHABET[n ushr 4 and 63]).append(ALPHABET[n shl 2 and 63])
      }
    }
    return out.toString()
  }
}
