package com.androperator.operator.android

import android.annotation.SuppressLint
import android.content.Context
import android.content.res.Resources
import android.graphics.Point
import android.os.Build
import android.view.Display
import android.view.Surface
import android.view.WindowInsets
import android.view.WindowManager
import com.androperator.operator.core.AppError
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.geometry.DisplayMetrics
import com.androperator.operator.core.geometry.PanelGeometry
import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.geometry.UsableArea
import com.androperator.operator.core.geometry.UsableAreaInput

/** The display as the panel sees it now: size, densities, rotation and the usable area per API level. */
data class DisplayState(
  val widthPx: Int,
  val heightPx: Int,
  val densityDpi: Int,
  val density: Double,
  val fontScale: Double,
  val rotation: Int,
  val usable: Outcome<PxRect>,
) {
  val scaledDensity: Double get() = density * fontScale

  fun metrics(): Outcome<DisplayMetrics> = when (usable) {
    is Outcome.Err -> usable
    is Outcome.Ok -> Outcome.Ok(DisplayMetrics(widthPx, heightPx, density, density * fontScale, usable.value))
  }
}

/**
 * Reads the usable area (reference section 9): from API 30 the current window metrics minus the system-bar and
 * display-cutout insets, ignoring visibility; below API 30 the real display size minus the status bar, the navigation
 * bar on the side the framework puts it, and the display cutout (API 29 public safe insets; API 28 with a declared
 * built-in cutout is unusable), combined per edge by max through the core's [UsableArea] rules.
 */
class DisplayReader(
  private val context: Context,
  private val windowManager: WindowManager,
  private val systemResources: () -> Resources = Resources::getSystem,
) {
  fun read(): DisplayState {
    val resources = context.resources
    val configuration = resources.configuration
    val density = resources.displayMetrics.density.toDouble()
    val display = defaultDisplay()
    val rotation = when (display.rotation) {
      Surface.ROTATION_90 -> 90
      Surface.ROTATION_180 -> 180
      Surface.ROTATION_270 -> 270
      else -> 0
    }
    val size = realSize(display)
    val usable = try {
      if (Build.VERSION.SDK_INT >= 30) modernUsableArea() else legacyUsableArea(display, size, rotation)
    } catch (e: RuntimeException) {
      Outcome.Err(AppError(PanelGeometry.LAYOUT_INVALID, "The usable display area could not be read: ${e.message}"))
    }
    return DisplayState(size.x, size.y, resources.displayMetrics.densityDpi, density, configuration.fontScale.toDouble(), rotation, usable)
  }

  @Suppress("DEPRECATION")
  private fun defaultDisplay(): Display = windowManager.defaultDisplay

  @Suppress("DEPRECATION")
  private fun realSize(display: Display): Point = if (Build.VERSION.SDK_INT >= 30) {
    val bounds = windowManager.maximumWindowMetrics.bounds
    Point(bounds.width(), bounds.height())
  } else {
    Point().also { display.getRealSize(it) }
  }

  private fun modernUsableArea(): Outcome<PxRect> {
    val metrics = windowManager.currentWindowMetrics
    val insets = metrics.windowInsets.getInsetsIgnoringVisibility(WindowInsets.Type.systemBars() or WindowInsets.Type.displayCutout())
    val bounds = metrics.bounds
    val area = PxRect(bounds.left + insets.left, bounds.top + insets.top, bounds.right - insets.right, bounds.bottom - insets.bottom)
    return if (area.right > area.left && area.bottom > area.top) Outcome.Ok(area)
    else Outcome.Err(AppError(PanelGeometry.LAYOUT_INVALID, "The system bars and display cutout leave no usable area."))
  }

  private fun legacyUsableArea(display: Display, size: Point, rotation: Int): Outcome<PxRect> {
    val system = systemResources()
    val landscape = size.x > size.y
    val canMove = systemBoolean(system, "config_navBarCanMove")
    val showsNavigationBar = systemBoolean(system, "config_showNavigationBar") ?: true
    val navBarPx = when {
      !showsNavigationBar -> 0
      !landscape -> systemDimension(system, "navigation_bar_height")
      canMove == false -> systemDimension(system, "navigation_bar_height_landscape")
      else -> systemDimension(system, "navigation_bar_width")
    }
    val cutout = if (Build.VERSION.SDK_INT >= 29) {
      display.cutout?.let { PxRect(it.safeInsetLeft, it.safeInsetTop, it.safeInsetRight, it.safeInsetBottom) }
    } else {
      null
    }
    val declaresCutout = Build.VERSION.SDK_INT == 28 && systemString(system, "config_mainBuiltInDisplayCutout").isNotBlank()
    return UsableArea.compute(
      UsableAreaInput(
        apiLevel = Build.VERSION.SDK_INT,
        widthPx = size.x,
        heightPx = size.y,
        rotation = rotation,
        statusBarPx = systemDimension(system, "status_bar_height"),
        navBarPx = navBarPx,
        navBarCanMove = canMove,
        cutoutInsets = cutout ?: PxRect(0, 0, 0, 0),
        declaresBuiltInCutout = declaresCutout,
      ),
    )
  }

  // Framework-internal resources, read by name: they are absent on some builds, which the rules treat as unknown.
  @SuppressLint("DiscouragedApi", "InternalInsetResource")
  private fun systemDimension(resources: Resources, name: String): Int {
    val id = resources.getIdentifier(name, "dimen", "android")
    return if (id == 0) 0 else resources.getDimensionPixelSize(id)
  }

  @SuppressLint("DiscouragedApi")
  private fun systemBoolean(resources: Resources, name: String): Boolean? {
    val id = resources.getIdentifier(name, "bool", "android")
    return if (id == 0) null else resources.getBoolean(id)
  }

  @SuppressLint("DiscouragedApi")
  private fun systemString(resources: Resources, name: String): String {
    val id = resources.getIdentifier(name, "string", "android")
    return if (id == 0) "" else resources.getString(id)
  }
}

