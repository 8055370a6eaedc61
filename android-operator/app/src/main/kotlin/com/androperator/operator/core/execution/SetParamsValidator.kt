package com.androperator.operator.core.execution

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.template.TemplateScanner

/** set_on_screen_log params (reference section 2): the strict 11-key table, checked in a fixed order. */
object SetParamsValidator {
  private const val SUBJECT = "set_on_screen_log"
  private const val TEMPLATE_RULE = "must use only supported placeholders and {{{{ }}}} escapes"
  private const val COLOR_RULE = "must be exactly #RRGGBB or #AARRGGBB"
  private val KNOWN_KEYS = setOf(
    "text", "template", "anchor", "textAlign", "topOffsetDp", "edgeOffsetDp", "widthDp", "fontSizeSp",
    "textColor", "backgroundColor", "ttlMs",
  )

  private fun fieldIssue(field: String, rule: String) =
    ValidationIssue("params.$field", field, "$SUBJECT params.$field $rule", rule)

  private fun exactlyOneIssue(): ValidationIssue {
    val rule = "requires exactly one of params.text or params.template"
    return ValidationIssue("params", "text", "$SUBJECT $rule", rule)
  }

  private fun contentIssue(field: String, value: Json): ValidationIssue? {
    if (value !is Json.Str) return fieldIssue(field, "must be a string")
    val s = value.value
    if (s.isEmpty() || s.length > Limits.MAX_PANEL_TEXT_UNITS) {
      return fieldIssue(field, "must contain 1..${Limits.MAX_PANEL_TEXT_UNITS} UTF-16 code units")
    }
    if (TextRules.isWhitespaceOnly(s)) return fieldIssue(field, "must include a non-whitespace character")
    if (TextRules.findForbiddenControl(s) >= 0) return fieldIssue(field, "contains a control character other than LF or TAB")
    if (field == "template") {
      val scan = TemplateScanner.scan(s)
      if (scan is TemplateScanner.Result.Invalid) return ValidationIssue("params.template", "template", scan.message, TEMPLATE_RULE)
    }
    return null
  }

  private fun sideIssue(field: String, value: Json?): ValidationIssue? =
    if (value == null || value == Json.Str("left") || value == Json.Str("right")) null
    else fieldIssue(field, "must be exactly left or right")

  private fun integerIssue(field: PanelNumberField, value: Json?): ValidationIssue? {
    if (value == null) return null
    if (!isIntegral(value)) return fieldIssue(field.key, "must be an integer")
    val number = (value as Json.Num).value
    return if (number < field.min || number > field.max) fieldIssue(field.key, "must be in [${field.min}, ${field.max}]") else null
  }

  /** null when omitted; "" (never a colour) when invalid; else the canonical #AARRGGBB. */
  private fun colorOf(value: Json?): String? = when (value) {
    null -> null
    is Json.Str -> Colors.normalize(value.value) ?: ""
    else -> ""
  }

  /** The normalized params, or the first issue (its path relative to the action: "params.widthDp"). */
  fun check(params: Json?): Checked<SetOnScreenLogParams> {
    if (params != null && params !is Json.Obj) {
      return Checked.Invalid(ValidationIssue("params", "params", "$SUBJECT params must be a JSON object", "must be a JSON object"))
    }
    val fields = params?.members ?: emptyMap()
    val unknown = fields.keys.filter { it !in KNOWN_KEYS }
    if (unknown.isNotEmpty()) {
      val rule = "contains unknown key(s): ${unknown.joinToString(", ")}"
      return Checked.Invalid(ValidationIssue("params", "params", "$SUBJECT params $rule", rule, unknown))
    }
    val text = fields["text"]
    val template = fields["template"]
    val textColor = colorOf(fields["textColor"])
    val backgroundColor = colorOf(fields["backgroundColor"])
    val issue = (if ((text == null) == (template == null)) exactlyOneIssue() else null)
      ?: text?.let { contentIssue("text", it) }
      ?: template?.let { contentIssue("template", it) }
      ?: sideIssue("anchor", fields["anchor"])
      ?: sideIssue("textAlign", fields["textAlign"])
      ?: integerIssue(PanelNumberField.TOP_OFFSET_DP, fields["topOffsetDp"])
      ?: integerIssue(PanelNumberField.EDGE_OFFSET_DP, fields["edgeOffsetDp"])
      ?: integerIssue(PanelNumberField.WIDTH_DP, fields["widthDp"])
      ?: integerIssue(PanelNumberField.FONT_SIZE_SP, fields["fontSizeSp"])
      ?: (if (textColor == "") fieldIssue("textColor", COLOR_RULE) else null)
      ?: (if (backgroundColor == "") fieldIssue("backgroundColor", COLOR_RULE) else null)
      ?: integerIssue(PanelNumberField.TTL_MS, fields["ttlMs"])
    if (issue != null) return Checked.Invalid(issue)
    // -0 becomes 0 through toInt().
    fun int(key: String): Int? = (fields[key] as Json.Num?)?.value?.toInt()
    return Checked.Valid(
      SetOnScreenLogParams(
        text = (text as Json.Str?)?.value,
        template = (template as Json.Str?)?.value,
        anchor = (fields["anchor"] as Json.Str?)?.value,
        textAlign = (fields["textAlign"] as Json.Str?)?.value,
        topOffsetDp = int("topOffsetDp"),
        edgeOffsetDp = int("edgeOffsetDp"),
        widthDp = int("widthDp"),
        fontSizeSp = int("fontSizeSp"),
        textColor = textColor,
        backgroundColor = backgroundColor,
        ttlMs = int("ttlMs"),
      ),
    )
  }
}

/** A checked value: valid, or the first issue found. */
sealed interface Checked<out T> {
  data class Valid<out T>(val value: T) : Checked<T>

  data class Invalid(val issue: ValidationIssue) : Checked<Nothing>
}
