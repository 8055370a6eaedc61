package com.androperator.operator.android

import android.content.Context
import android.graphics.PixelFormat
import android.os.Build
import android.view.Gravity
import android.view.WindowManager
import com.androperator.operator.core.panel.DrawnPanel
import com.androperator.operator.core.panel.PanelWindowHost

/**
 * The panel's one window: TYPE_ACCESSIBILITY_OVERLAY (API 22+), not touchable (input reaches the app below), not
 * focusable, laid out in screen coordinates, translucent, no FLAG_SECURE. Added once, then updated in place; removed
 * with removeViewImmediate. Runs on the main thread.
 */
class OverlayWindowHost(
  private val context: Context,
  private val windowManager: WindowManager,
  private val icons: AppIcons,
  private val onDrawn: (generation: Int) -> Unit,
) : PanelWindowHost {
  private var view: PanelView? = null

  /** Window title of the attached panel (for the snapshot's ownership check), null when none. */
  var attachedTitle: CharSequence? = null
    private set

  override fun show(panel: DrawnPanel) {
    val params = layoutParams(panel)
    val current = view
    if (current == null) {
      val created = PanelView(context, icons, onDrawn)
      created.show(panel)
      windowManager.addView(created, params)
      view = created
    } else {
      current.show(panel)
      windowManager.updateViewLayout(current, params)
    }
    attachedTitle = panel.title
  }

  override fun remove() {
    val current = view ?: return
    view = null
    attachedTitle = null
    try {
      windowManager.removeViewImmediate(current)
    } catch (e: IllegalArgumentException) {
      // Already detached (the service's window token went away first).
    }
  }

  private fun layoutParams(panel: DrawnPanel): WindowManager.LayoutParams {
    val bounds = panel.layout.bounds
    return WindowManager.LayoutParams(
      bounds.width,
      bounds.height,
      WindowManager.LayoutParams.TYPE_ACCESSIBILITY_OVERLAY,
      WindowManager.LayoutParams.FLAG_NOT_TOUCHABLE or WindowManager.LayoutParams.FLAG_NOT_FOCUSABLE or
        WindowManager.LayoutParams.FLAG_LAYOUT_IN_SCREEN or WindowManager.LayoutParams.FLAG_LAYOUT_NO_LIMITS,
      PixelFormat.TRANSLUCENT,
    ).apply {
      gravity = Gravity.TOP or Gravity.LEFT
      x = bounds.left
      y = bounds.top
      title = panel.title
      if (Build.VERSION.SDK_INT >= 28) {
        // Bounds are display coordinates already clear of cutouts: never let the window manager shift them.
        layoutInDisplayCutoutMode = WindowManager.LayoutParams.LAYOUT_IN_DISPLAY_CUTOUT_MODE_SHORT_EDGES
      }
      if (Build.VERSION.SDK_INT >= 30) {
        fitInsetsTypes = 0
        layoutInDisplayCutoutMode = WindowManager.LayoutParams.LAYOUT_IN_DISPLAY_CUTOUT_MODE_ALWAYS
      }
    }
  }
}
