package com.androperator.operator.android

import android.content.Context
import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Color
import android.os.Looper
import android.os.SystemClock
import android.view.View
import android.view.WindowManager
import android.view.WindowManagerImpl
import com.androperator.operator.core.geometry.PxRect
import java.io.File
import org.robolectric.RuntimeEnvironment
import org.robolectric.shadow.api.Shadow
import org.robolectric.shadows.ShadowLooper
import org.robolectric.shadows.ShadowWindowManagerImpl
import java.time.Duration

/**
 * The screen of a Robolectric device. Robolectric's ViewRootImpl never draws, so [frame] does what Choreographer
 * would: every attached window whose view asked for a layout or a redraw is measured at its LayoutParams size, laid
 * out and drawn into a bitmap (software canvas, native Skia with @GraphicsMode(NATIVE)). A panel's draw
 * acknowledgement therefore comes from PanelView.onDraw, as on a device.
 */
object RoboScreen {
  fun windowManager(context: Context = RuntimeEnvironment.getApplication()): WindowManager =
    context.getSystemService(Context.WINDOW_SERVICE) as WindowManager

  /** The windows the app's WindowManager holds now, in the order they were added. */
  fun windows(): List<View> =
    Shadow.extract<ShadowWindowManagerImpl>(windowManager() as WindowManagerImpl).views.toList()

  fun params(view: View): WindowManager.LayoutParams = view.layoutParams as WindowManager.LayoutParams

  /** One frame: draws each attached window that is dirty or needs layout; returns the bitmaps drawn. */
  fun frame(): Map<View, Bitmap> {
    val drawn = LinkedHashMap<View, Bitmap>()
    for (view in windows()) {
      if (!view.isLayoutRequested && !view.isDirty && view.width > 0) continue
      drawn[view] = draw(view)
    }
    return drawn
  }

  /** Measures, lays out and draws [view] at its window size into a new bitmap. */
  fun draw(view: View): Bitmap {
    val params = params(view)
    view.measure(
      View.MeasureSpec.makeMeasureSpec(params.width, View.MeasureSpec.EXACTLY),
      View.MeasureSpec.makeMeasureSpec(params.height, View.MeasureSpec.EXACTLY),
    )
    view.layout(0, 0, params.width, params.height)
    val bitmap = Bitmap.createBitmap(params.width, params.height, Bitmap.Config.ARGB_8888)
    view.draw(Canvas(bitmap))
    return bitmap
  }

  /** Composites every attached window at its LayoutParams position onto a transparent screen of [width]×[height]. */
  fun screenshot(width: Int, height: Int): Bitmap {
    val screen = Bitmap.createBitmap(width, height, Bitmap.Config.ARGB_8888)
    val canvas = Canvas(screen)
    for (view in windows()) {
      val params = params(view)
      canvas.drawBitmap(draw(view), params.x.toFloat(), params.y.toFloat(), null)
    }
    return screen
  }

  /** The smallest rectangle holding every pixel that is not fully transparent, null when none is. */
  fun paintedBounds(bitmap: Bitmap): PxRect? {
    var left = Int.MAX_VALUE
    var top = Int.MAX_VALUE
    var right = -1
    var bottom = -1
    val row = IntArray(bitmap.width)
    for (y in 0 until bitmap.height) {
      bitmap.getPixels(row, 0, bitmap.width, 0, y, bitmap.width, 1)
      for (x in row.indices) {
        if (Color.alpha(row[x]) == 0) continue
        if (x < left) left = x
        if (x > right) right = x
        if (y < top) top = y
        if (y > bottom) bottom = y
      }
    }
    return if (right < 0) null else PxRect(left, top, right + 1, bottom + 1)
  }

  /** Saves [bitmap] as a PNG test artefact under target/robolectric-artefacts and returns the file. */
  fun saveArtefact(name: String, bitmap: Bitmap): File {
    val dir = File(System.getProperty("robolectric.artefacts.dir") ?: "target/robolectric-artefacts")
    dir.mkdirs()
    val file = File(dir, name)
    file.outputStream().use { bitmap.compress(Bitmap.CompressFormat.PNG, 100, it) }
    return file
  }

  /** Runs the main looper's due tasks (what the main thread would do next), without moving the clock. */
  fun idle() = ShadowLooper.shadowMainLooper().idle()

  /**
   * Moves the device clock (SystemClock) by [ms], running each main-looper task at its own due time, as a device
   * would. (ShadowLooper.idleFor alone jumps to the end first and then runs everything due, so a task that schedules
   * another, e.g. a draw acknowledgement arming a TTL, would see the later time.)
   */
  fun advance(ms: Long) {
    val looper = ShadowLooper.shadowMainLooper()
    val target = SystemClock.uptimeMillis() + ms
    looper.idle()
    while (true) {
      val next = looper.nextScheduledTaskTime.toMillis()
      if (next == 0L || next > target) break
      val now = SystemClock.uptimeMillis()
      if (next > now) looper.idleFor(Duration.ofMillis(next - now)) else looper.idle()
    }
    val now = SystemClock.uptimeMillis()
    if (target > now) looper.idleFor(Duration.ofMillis(target - now))
  }

  /**
   * Main-thread turns with a frame between them until [condition] holds. Between turns [pause] lets other threads
   * (the agent connection's reader and writer) make progress: pass a blocking poll on what they produce. Fails after
   * [limitMs] of wall time (a safety net, not a timing assertion).
   */
  fun <T : Any> until(what: String, limitMs: Long = 20_000, pause: () -> Unit = { Thread.yield() }, condition: () -> T?): T {
    check(Looper.myLooper() == Looper.getMainLooper()) { "RoboScreen.until runs on the test's main thread" }
    val giveUp = System.nanoTime() + limitMs * 1_000_000
    while (System.nanoTime() < giveUp) {
      idle()
      frame()
      idle()
      condition()?.let { return it }
      pause()
    }
    throw AssertionError("gave up waiting for $what")
  }
}
