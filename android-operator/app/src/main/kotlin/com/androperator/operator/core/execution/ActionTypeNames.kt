package com.androperator.operator.core.execution

/** Action type normalization (reference section 1): exact on-screen-log names, forgiving generic types. */
object ActionTypeNames {
  // Only these exact strings: no trimming or case folding for the on-screen-log pair.
  private val exact = mapOf(
    ActionTypes.SET_ON_SCREEN_LOG to ActionTypes.SET_ON_SCREEN_LOG,
    ActionTypes.CLEAR_ON_SCREEN_LOG to ActionTypes.CLEAR_ON_SCREEN_LOG,
    "on_screen_log_set" to ActionTypes.SET_ON_SCREEN_LOG,
    "on_screen_log_clear" to ActionTypes.CLEAR_ON_SCREEN_LOG,
  )

  // Looked up as is, then after trim + lower-case.
  private val generic = mapOf(
    ActionTypes.SNAPSHOT to ActionTypes.SNAPSHOT,
    "snapshot_ui" to ActionTypes.SNAPSHOT,
    ActionTypes.TAKE_SCREENSHOT to ActionTypes.TAKE_SCREENSHOT,
    "screenshot" to ActionTypes.TAKE_SCREENSHOT,
    "capture_screenshot" to ActionTypes.TAKE_SCREENSHOT,
  )

  /** The canonical type for a raw input type, or null when it is not supported. */
  fun normalize(raw: String): String? =
    exact[raw] ?: generic[raw] ?: generic[TextRules.jsTrim(raw).lowercase(java.util.Locale.ROOT)]
}
