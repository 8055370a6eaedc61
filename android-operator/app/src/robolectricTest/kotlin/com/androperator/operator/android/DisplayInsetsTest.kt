package com.androperator.operator.android

import android.graphics.Insets
import android.view.WindowInsets
import android.view.WindowManager
import android.view.WindowMetrics
import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.json.Json
import org.junit.Assert.assertEquals
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * The API 30+ usable area and the panel's placement in it, at several densities and display sizes. Robolectric's
 * window manager reports no insets, so the overlay's WindowManager is wrapped to answer the window metrics a phone
 * with a status bar, a navigation bar and a display cutout reports (framework WindowInsets, built by the framework's
 * own Builder); everything else (adding and updating the window) is Robolectric's.
 */
@RunWith(RobolectricTestRunner::class)
@Config(manifest = Config.NONE, sdk = [34])
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class DisplayInsetsTest {
  private class Bars(val status: Int, val navigation: Int, val cutout: Insets, val navigationRight: Int = 0)

  @Suppress("DEPRECATION")
  private fun insetWindowManager(real: WindowManager, bars: Bars): WindowManager = object : WindowManager by real {
    private fun metrics(): WindowMetrics {
      val bounds = real.maximumWindowMetrics.bounds
      val insets = WindowInsets.Builder()
        .setInsetsIgnoringVisibility(WindowInsets.Type.statusBars(), Insets.of(0, bars.status, 0, 0))
        .setInsetsIgnoringVisibility(WindowInsets.Type.navigationBars(), Insets.of(0, 0, bars.navigationRight, bars.navigation))
        .setInsetsIgnoringVisibility(WindowInsets.Type.displayCutout(), bars.cutout)
        .build()
      return WindowMetrics(bounds, insets)
    }

    override fun getCurrentWindowMetrics(): WindowMetrics = metrics()

    override fun getMaximumWindowMetrics(): WindowMetrics = real.maximumWindowMetrics
  }

  private fun px(dp: Int, density: Double) = Math.round(dp * density).toInt()

  private fun bounds(text: String) = PxRect.parse(text)!!

  private fun check(qualifiers: String, bars: Bars) {
    RuntimeEnvironment.setQualifiers(qualifiers)
    OperatorDevice(windowManager = { insetWindowManager(RoboScreen.windowManager(it), bars) }).use { device ->
      val metrics = device.service.resources.displayMetrics
      val density = metrics.density.toDouble()
      val top = maxOf(bars.status, bars.cutout.top)
      val bottom = metrics.heightPixels - maxOf(bars.navigation, bars.cutout.bottom)
      val right = metrics.widthPixels - maxOf(bars.navigationRight, bars.cutout.right)
      val left = bars.cutout.left
      val usable = device.display()["usable"] as Json.Obj
      assertEquals(qualifiers, Json.obj("left" to Json.of(left), "top" to Json.of(top), "right" to Json.of(right), "bottom" to Json.of(bottom)), usable)

      val leftPanel = bounds(device.set(""""text":"left","topOffsetDp":4,"edgeOffsetDp":12,"widthDp":200""")["bounds"]!!)
      val params = RoboScreen.params(RoboScreen.windows().single())
      assertEquals(qualifiers, leftPanel, PxRect(params.x, params.y, params.x + params.width, params.y + params.height))
      assertEquals(qualifiers, left + px(12, density), params.x)
      assertEquals(qualifiers, top + px(4, density), params.y)

      val rightPanel = bounds(device.set(""""text":"right","anchor":"right","edgeOffsetDp":0,"widthDp":150""")["bounds"]!!)
      assertEquals(qualifiers, right, rightPanel.right)
      assertEquals(qualifiers, right - px(150, density), RoboScreen.params(RoboScreen.windows().single()).x)

      // A top offset that reaches the bottom bar (or the cutout) leaves no room for a line.
      val tooLow = device.set(""""text":"low","topOffsetDp":${Math.ceil((bottom - top) / density).toInt()}""")
      assertEquals(qualifiers, "ON_SCREEN_LOG_LAYOUT_INVALID", tooLow["errorCode"])
    }
  }

  @Test
  fun aPortraitPhoneWithATopCutoutTallerThanTheStatusBar() =
    check("w411dp-h914dp-port-420dpi", Bars(status = 63, navigation = 126, cutout = Insets.of(0, 110, 0, 0)))

  @Test
  fun anXhdpiPhoneWithGestureNavigation() =
    check("w360dp-h780dp-port-xhdpi", Bars(status = 48, navigation = 32, cutout = Insets.of(0, 0, 0, 0)))

  @Test
  fun aLandscapePhoneWithTheCutoutOnTheLeftAndTheNavigationBarOnTheRight() =
    check("w891dp-h411dp-land-xxhdpi", Bars(status = 72, navigation = 0, cutout = Insets.of(96, 0, 0, 0), navigationRight = 144))

  @Test
  fun anMdpiTablet() =
    check("w1280dp-h800dp-land-mdpi", Bars(status = 24, navigation = 48, cutout = Insets.of(0, 0, 0, 0)))
}
