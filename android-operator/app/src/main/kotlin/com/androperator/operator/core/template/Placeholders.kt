package com.androperator.operator.core.template

/** The closed vocabulary of template placeholders, in the order the error message lists them. */
enum class Placeholder(val key: String) {
  APP_ICON("foreground_app.icon"),
  APP_PACKAGE_NAME("foreground_app.package_name"),
  APP_VERSION_CODE("foreground_app.version_code"),
  APP_VERSION_NAME("foreground_app.version_name"),
  DEVICE_MANUFACTURER("device.manufacturer"),
  DEVICE_MODEL("device.model"),
  LANGUAGE_CODE("system.language_code"),
  LANGUAGE_TAG("system.language_tag"),
  LANGUAGE_NAME("system.language_name"),
  ;

  /** True when the placeholder reads the foreground app (and so needs foreground observation). */
  val readsForegroundApp: Boolean get() = key.startsWith("foreground_app.")

  companion object {
    private val byKey = entries.associateBy { it.key }

    fun of(key: String): Placeholder? = byKey[key]

    val INVALID_TEMPLATE_MESSAGE: String =
      "Invalid template placeholder; supported names: ${entries.joinToString(", ") { it.key }}. " +
        "Escape delimiters as {{{{ and }}}}."
  }
}
