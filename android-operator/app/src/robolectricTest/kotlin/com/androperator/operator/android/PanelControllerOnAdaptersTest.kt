package com.androperator.operator.android

import android.content.Context
import java.time.Duration
import android.view.View
import android.view.ViewGroup
import android.view.WindowManager
import com.androperator.operator.core.conformance.PanelTimeline
import com.androperator.operator.core.conformance.TimelineHost
import com.androperator.operator.core.conformance.TimelineRig
import com.androperator.operator.core.conformance.Vectors
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.panel.Cancellable
import com.androperator.operator.core.panel.DrawnPanel
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode
import org.robolectric.shadows.ShadowChoreographer

/**
 * Every conformance/panel-controller*.json timeline, played on the Operator's real adapters: the overlay window host
 * adding and updating a PanelView in Robolectric's WindowManager, the view's onDraw producing each draw acknowledgement
 * (a frame drawn into a bitmap after the vector's ackMs), and the main-thread clock on the main looper. The vectors'
 * display and fixed-advance measurer stay (their expected bounds are computed with them); "fail" makes the window
 * manager refuse the window as a device does when the token is gone (BadTokenException). After each step the window
 * on screen must be exactly the panel the controller reports: same bounds and title, or none.
 */
@RunWith(RobolectricTestRunner::class)
@Config(manifest = Config.NONE, sdk = [34])
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class PanelControllerOnAdaptersTest {
  private class RoboRig(private val context: Context) : TimelineRig {
    override val clock = MainThreadClock()
    private var refuse = false
    private var overlay: OverlayWindowHost? = null
    private val frames = ArrayList<Cancellable>()
    private val real: WindowManager = RoboScreen.windowManager(context)
    private val windowManager: WindowManager = object : WindowManager by real {
      override fun addView(view: View, params: ViewGroup.LayoutParams) {
        if (refuse) throw WindowManager.BadTokenException("Unable to add window -- token null is not valid")
        real.addView(view, params)
      }

      override fun updateViewLayout(view: View, params: ViewGroup.LayoutParams) {
        if (refuse) throw IllegalArgumentException("View not attached to window manager")
        real.updateViewLayout(view, params)
      }
    }

    override fun advance(ms: Long) = RoboScreen.advance(ms)

    /** A frame of the panel window, when one is attached: PanelView.onDraw reports its generation. */
    private fun frame() = RoboScreen.windows().forEach { RoboScreen.draw(it) }

    override fun host(drawn: (Int) -> Unit): TimelineHost {
      val host = OverlayWindowHost(context, windowManager, AppIcons(context.packageManager)) { generation ->
        clock.schedule(0) { drawn(generation) }
      }
      overlay = host
      return object : TimelineHost {
        override var mode = "ack"
        override var ackMs = 16L

        private val withheld = ArrayList<String>()

        override fun show(panel: DrawnPanel) {
          refuse = mode == "fail"
          host.show(panel)
          if (mode == "ack") frames.add(clock.schedule(ackMs) { frame() })
          if (mode == "withhold") withheld.add(panel.title)
        }

        override fun remove() = host.remove()

        /**
         * The withheld frames, late. A view draws what it holds now, so a withheld generation is drawn only while its
         * window still shows it (its title names the generation); one removed or updated since has no frame left to
         * draw, where the scripted double of the plain-JVM run delivers the stale generation number itself.
         */
        override fun releaseDraws() {
          val titles = withheld.toSet()
          withheld.clear()
          RoboScreen.windows().filter { RoboScreen.params(it).title.toString() in titles }.forEach { RoboScreen.draw(it) }
        }
      }
    }

    override fun windowProblem(panel: DrawnPanel?): String? {
      val windows = RoboScreen.windows()
      if (panel == null) return if (windows.isEmpty()) null else "${windows.size} window(s) on screen, the controller shows none"
      val window = windows.singleOrNull() ?: return "${windows.size} windows on screen for generation ${panel.generation}"
      val params = RoboScreen.params(window)
      val bounds = "[${params.x},${params.y}][${params.x + params.width},${params.y + params.height}]"
      return when {
        bounds != panel.layout.bounds.format() -> "window at $bounds, panel at ${panel.layout.bounds.format()}"
        params.title.toString() != panel.title -> "window title ${params.title}, panel ${panel.title}"
        else -> null
      }
    }

    /** Ends the timeline: its window goes, and its frames still scheduled cannot draw the next timeline's window. */
    fun close() {
      overlay?.remove()
      frames.forEach { it.cancel() }
    }
  }

  @Before
  fun framesTakeNoTime() {
    // Robolectric runs ViewRootImpl's Choreographer frames itself and moves SystemClock by a frame delay for each
    // (about 31 ms for adding and updating one window), which would shift every deadline the vectors time exactly.
    // Pausing the Choreographer instead would leave ViewRootImpl's sync barrier in the main queue, blocking the clock's
    // Handler. With no frame delay, those frames still run and take no time; the panel's own frames are the rig's.
    ShadowChoreographer.setFrameDelay(Duration.ZERO)
  }

  private fun play(file: String) {
    val defaults = Vectors.load(file)["environment"] as Json.Obj
    val problems = ArrayList<String>()
    val cases = Vectors.cases(file, "panel-controller", 5)
    for (vector in cases) {
      val rig = RoboRig(RuntimeEnvironment.getApplication())
      try {
        PanelTimeline(defaults, vector.input as Json.Obj, vector.expect, rig).play().forEach { problems.add("${vector.name}: $it") }
      } finally {
        rig.close()
      }
      assertEquals("${vector.name} left a window", emptyList<View>(), RoboScreen.windows())
    }
    assertTrue(cases.size >= 5)
    assertEquals("$file on the real adapters", emptyList<String>(), problems)
  }

  @Test
  fun everyPanelControllerTimeline() {
    val files = Vectors.directory.list()!!.filter { Regex("^panel-controller.*\\.json$").matches(it) }.sorted()
    assertTrue("panel-controller files: $files", files.size >= 4)
    files.forEach(::play)
  }
}
