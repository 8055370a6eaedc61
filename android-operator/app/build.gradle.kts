import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
  id("com.android.application")
  id("org.jetbrains.kotlin.android")
}

android {
  namespace = "com.androperator.operator"
  compileSdk = 35

  defaultConfig {
    applicationId = "com.androperator.operator"
    minSdk = 22
    targetSdk = 35
    // Keep in step with BuildConfigFacts.kt.
    versionCode = 1
    versionName = "0.1.0"
  }

  buildTypes {
    debug {
      // Debug builds install beside a release build: com.androperator.operator.dev, socket @com.androperator.operator.dev.agent.
      applicationIdSuffix = ".dev"
    }
    release {
      isMinifyEnabled = false
    }
  }

  compileOptions {
    sourceCompatibility = JavaVersion.VERSION_17
    targetCompatibility = JavaVersion.VERSION_17
  }

  sourceSets {
    getByName("main").java.srcDirs("src/main/kotlin")
    getByName("test").java.srcDirs("src/test/kotlin")
  }

  testOptions {
    unitTests.all {
      it.useJUnitPlatform()
      it.systemProperty("conformance.dir", rootProject.file("../conformance").absolutePath)
    }
  }

  buildFeatures {
    buildConfig = false
  }
}

kotlin {
  compilerOptions {
    jvmTarget.set(JvmTarget.JVM_17)
  }
}

dependencies {
  // Only Maven Central artifacts: the platform-free core needs nothing beyond the Kotlin standard library.
  testImplementation("org.junit.jupiter:junit-jupiter:5.14.4")
  testRuntimeOnly("org.junit.platform:junit-platform-launcher")
}
