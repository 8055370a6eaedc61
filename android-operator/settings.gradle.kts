// The Operator APK. Needs the Android SDK (ANDROID_HOME or local.properties sdk.dir) and Google's Maven repository
// for the Android Gradle plugin. Machines without them use the Maven build in pom.xml (compile + JVM tests).
pluginManagement {
  repositories {
    google()
    mavenCentral()
    gradlePluginPortal()
  }
}

dependencyResolutionManagement {
  repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
  repositories {
    google()
    mavenCentral()
  }
}

rootProject.name = "androperator-operator"
include(":app")
