package com.androperator.operator

/**
 * Version facts the Operator reports when PackageManager cannot read its own package. Kept in source (not Gradle's
 * BuildConfig) so the JVM build compiles the same code; app/build.gradle.kts uses the same values.
 */
object BuildConfigFacts {
  const val VERSION_NAME = "0.1.0"
  const val VERSION_CODE = "1"
}
