package com.androperator.operator.core.template

/** The foreground app of one observation; null fields are metadata the lookup has not (or cannot) provide. */
data class ForegroundAppMetadata(
  val packageName: String?,
  /** Full long version code as decimal text, e.g. "4294967297". */
  val versionCode: String?,
  val versionName: String?,
)

data class DeviceMetadata(val manufacturer: String?, val model: String?)

data class SystemLanguageMetadata(val languageCode: String?, val languageTag: String?, val languageName: String?)

/** Everything a template can show; [foregroundApp] null is "no app context" (locked, unavailable, pending). */
data class TemplateMetadata(
  val foregroundApp: ForegroundAppMetadata? = null,
  val device: DeviceMetadata = DeviceMetadata(null, null),
  val system: SystemLanguageMetadata = SystemLanguageMetadata(null, null, null),
) {
  /** The raw value behind a text placeholder, before sanitizing and bounding (null for the icon). */
  fun valueOf(placeholder: Placeholder): String? = when (placeholder) {
    Placeholder.APP_ICON -> null
    Placeholder.APP_PACKAGE_NAME -> foregroundApp?.packageName
    Placeholder.APP_VERSION_CODE -> foregroundApp?.versionCode
    Placeholder.APP_VERSION_NAME -> foregroundApp?.versionName
    Placeholder.DEVICE_MANUFACTURER -> device.manufacturer
    Placeholder.DEVICE_MODEL -> device.model
    Placeholder.LANGUAGE_CODE -> system.languageCode
    Placeholder.LANGUAGE_TAG -> system.languageTag
    Placeholder.LANGUAGE_NAME -> system.languageName
  }

  companion object {
    /** The text shown for a missing or blank value. */
    const val UNAVAILABLE = "Unavailable"
  }
}
