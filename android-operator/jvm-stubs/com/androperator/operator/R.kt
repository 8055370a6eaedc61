package com.androperator.operator

/**
 * Maven-only stand-in for the R class that the Android Gradle build generates from app/src/main/res, so the JVM
 * build type-checks the same sources. Never part of an APK. Keep it in step with res/values/strings.xml.
 */
@Suppress("ClassName")
object R {
  object string {
    const val app_name = 0x7f010000
    const val accessibility_service_description = 0x7f010001
    const val setup_explanation = 0x7f010002
    const val setup_open_settings = 0x7f010003
  }

  object xml {
    const val accessibility_service_config = 0x7f020000
  }
}
