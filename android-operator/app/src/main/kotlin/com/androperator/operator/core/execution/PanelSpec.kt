package com.androperator.operator.core.execution

/** What the panel shows: literal text, or a template expanded on the device. */
data class PanelContent(val isTemplate: Boolean, val value: String)

/** A set spec with every canonical default applied: what the device draws. Each set is a full replacement. */
data class ResolvedPanelSpec(
  val content: PanelContent,
  val anchor: String,
  val textAlign: String,
  val topOffsetDp: Int,
  val edgeOffsetDp: Int,
  val widthDp: Int,
  val fontSizeSp: Int,
  val textColor: String,
  val backgroundColor: String,
  val ttlMs: Int,
) {
  companion object {
    /** Fills every omitted field of validated params with its default. */
    fun of(params: SetOnScreenLogParams): ResolvedPanelSpec = ResolvedPanelSpec(
      content = if (params.text != null) PanelContent(false, params.text) else PanelContent(true, params.template ?: ""),
      anchor = params.anchor ?: PanelDefaults.ANCHOR,
      textAlign = params.textAlign ?: PanelDefaults.TEXT_ALIGN,
      topOffsetDp = params.topOffsetDp ?: PanelNumberField.TOP_OFFSET_DP.default,
      edgeOffsetDp = params.edgeOffsetDp ?: PanelNumberField.EDGE_OFFSET_DP.default,
      widthDp = params.widthDp ?: PanelNumberField.WIDTH_DP.default,
      fontSizeSp = params.fontSizeSp ?: PanelNumberField.FONT_SIZE_SP.default,
      textColor = params.textColor ?: PanelDefaults.TEXT_COLOR,
      backgroundColor = params.backgroundColor ?: PanelDefaults.BACKGROUND_COLOR,
      ttlMs = params.ttlMs ?: PanelNumberField.TTL_MS.default,
    )
  }
}
