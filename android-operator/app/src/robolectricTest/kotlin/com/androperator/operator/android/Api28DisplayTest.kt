package com.androperator.operator.android

import android.content.res.Resources
import android.os.Build
import com.androperator.operator.core.json.Json
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * API 28 (Robolectric's instrumented Android 9): below API 30 the usable area comes from the framework's own
 * dimensions (status_bar_height, navigation_bar_height, read by name), and API 28 has no public cutout insets, so a
 * device whose framework declares a built-in cutout (config_mainBuiltInDisplayCutout) cannot place the panel.
 * Robolectric's framework declares none; the declaring device answers that one string through [DeclaredCutout].
 */
@RunWith(RobolectricTestRunner::class)
@Config(manifest = Config.NONE, sdk = [28], qualifiers = "w411dp-h914dp-port-420dpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class Api28DisplayTest {
  /** The framework's resources, except that config_mainBuiltInDisplayCutout is a Pixel 3 XL-like notch path. */
  @Suppress("DEPRECATION")
  private class DeclaredCutout(private val base: Resources) : Resources(base.assets, base.displayMetrics, base.configuration) {
    override fun getIdentifier(name: String, defType: String, defPackage: String): Int =
      if (name == CUTOUT && defType == "string") CUTOUT_ID else base.getIdentifier(name, defType, defPackage)

    override fun getString(id: Int): String = if (id == CUTOUT_ID) "M 0,0 L -260,0 L -210,171 L 210,171 L 260,0 Z" else base.getString(id)

    override fun getDimensionPixelSize(id: Int): Int = base.getDimensionPixelSize(id)

    override fun getBoolean(id: Int): Boolean = base.getBoolean(id)

    companion object {
      const val CUTOUT = "config_mainBuiltInDisplayCutout"
      const val CUTOUT_ID = 0x0104ffff
    }
  }

  private fun dimension(name: String): Int {
    val system = Resources.getSystem()
    val id = system.getIdentifier(name, "dimen", "android")
    return if (id == 0) 0 else system.getDimensionPixelSize(id)
  }

  @Test
  fun theUsableAreaIsTheDisplayBelowTheStatusBarAndAboveTheNavigationBar() {
    assertEquals(28, Build.VERSION.SDK_INT)
    OperatorDevice().use { device ->
      val metrics = device.service.resources.displayMetrics
      val status = dimension("status_bar_height")
      // AOSP's framework (Robolectric's) sets config_showNavigationBar false; devices overlay it to true.
      val showsNavigation = Resources.getSystem().let { it.getBoolean(it.getIdentifier("config_showNavigationBar", "bool", "android")) }
      val navigation = if (showsNavigation) dimension("navigation_bar_height") else 0
      assertTrue("the framework has a status bar height ($status)", status > 0)
      val usable = device.display()["usable"] as Json.Obj
      assertEquals(Json.of(status), usable["top"])
      assertEquals(Json.of(metrics.heightPixels - navigation), usable["bottom"])
      val data = device.set(""""text":"API 28"""")
      assertEquals("true", data["visible"])
      val params = RoboScreen.params(RoboScreen.windows().single())
      assertEquals(status + Math.round(8 * metrics.density), params.y)
      assertEquals(android.view.WindowManager.LayoutParams.TYPE_ACCESSIBILITY_OVERLAY, params.type)
      // API 28 has the cutout mode but not fitInsetsTypes: the window never shifts for a cutout.
      assertEquals(android.view.WindowManager.LayoutParams.LAYOUT_IN_DISPLAY_CUTOUT_MODE_SHORT_EDGES, params.layoutInDisplayCutoutMode)
    }
  }

  @Test
  fun aDeclaredBuiltInCutoutFailsWithLayoutInvalidAndShowsNothing() {
    val declared = DeclaredCutout(Resources.getSystem())
    OperatorDevice(systemResources = { declared }).use { device ->
      val display = device.display()
      assertEquals(Json.Null, display["usable"])
      assertTrue((display["usableError"] as Json.Str).value.isNotBlank())
      val data = device.set(""""text":"notched"""")
      assertEquals("ON_SCREEN_LOG_LAYOUT_INVALID", data["errorCode"])
      assertEquals(emptyList<Any>(), RoboScreen.windows())
    }
  }
}
