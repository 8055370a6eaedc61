package com.androperator.operator.core.execution

/** Limits and defaults of the execution contract (reference sections 1 and 2). */
object Limits {
  const val MAX_ID_LENGTH = 128
  const val MAX_SOURCE_LENGTH = 64
  const val MAX_ACTION_TYPE_LENGTH = 64
  const val MIN_TIMEOUT_MS = 1000
  const val MAX_TIMEOUT_MS = 120000
  const val DEFAULT_TIMEOUT_MS = 30000
  const val MAX_EXECUTION_ACTIONS = 50
  const val MAX_PAYLOAD_BYTES = 64000
  const val MAX_PANEL_TEXT_UNITS = 2048
  const val MAX_EXPANDED_TEMPLATE_UNITS = 8192
  const val MAX_METADATA_VALUE_UNITS = 256
  const val PANEL_PADDING_DP = 8
  const val DRAW_ACK_DEADLINE_MS = 2000L
  val SCREENSHOT_SCALES = listOf(100, 50, 25)
}

/** One integer field of set_on_screen_log with its inclusive range and default. */
enum class PanelNumberField(val key: String, val min: Int, val max: Int, val default: Int) {
  TOP_OFFSET_DP("topOffsetDp", 0, 1000, 8),
  EDGE_OFFSET_DP("edgeOffsetDp", 0, 1000, 8),
  WIDTH_DP("widthDp", 80, 600, 280),
  FONT_SIZE_SP("fontSizeSp", 8, 24, 12),
  TTL_MS("ttlMs", 1000, 3600000, 300000),
}

object PanelDefaults {
  const val ANCHOR = "left"
  const val TEXT_ALIGN = "left"
  const val TEXT_COLOR = "#FFFFFFFF"
  const val BACKGROUND_COLOR = "#B3000000"
}
