package com.androperator.operator.core.panel

import com.androperator.operator.core.Outcome
import com.androperator.operator.core.geometry.DisplayMetrics
import com.androperator.operator.core.geometry.FixedAdvanceMeasurer
import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.geometry.TextMeasurer
import com.androperator.operator.core.AppError
import com.androperator.operator.core.template.TemplateMetadata
import com.androperator.operator.core.template.TemplateSegment
import java.util.TreeMap

/** A manual clock: time moves only through [advance], which runs due tasks in time order. */
class FakeClock : PanelClock {
  private var time = 0L
  private var sequence = 0L
  private val tasks = TreeMap<Pair<Long, Long>, () -> Unit>(compareBy<Pair<Long, Long>> { it.first }.thenBy { it.second })

  override fun now(): Long = time

  override fun schedule(delayMs: Long, task: () -> Unit): Cancellable {
    val key = (time + maxOf(0L, delayMs)) to sequence++
    tasks[key] = task
    return Cancellable { tasks.remove(key) }
  }

  fun advance(ms: Long) {
    val target = time + ms
    while (true) {
      val next = tasks.firstEntry() ?: break
      if (next.key.first > target) break
      tasks.remove(next.key)
      time = next.key.first
      next.value()
    }
    time = target
  }

  val pendingTasks: Int get() = tasks.size
}

/** Window host double: records add/update/remove like WindowManager and acknowledges draws after [ackDelayMs]. */
class FakeWindowHost(private val clock: FakeClock) : PanelWindowHost {
  enum class Mode { ACK, WITHHOLD, FAIL }

  lateinit var controller: PanelController
  var mode = Mode.ACK
  var ackDelayMs = 16L
  /** Simulated time attaching takes (the fake clock moves during show). */
  var attachTakesMs = 0L
  val shown = ArrayList<DrawnPanel>()
  var adds = 0
  var updates = 0
  var removals = 0
  private var attached = false
  private val withheld = ArrayList<Int>()

  override fun show(panel: DrawnPanel) {
    if (mode == Mode.FAIL) throw IllegalStateException("attach failed")
    if (attachTakesMs > 0) clock.advance(attachTakesMs)
    if (attached) updates++ else adds++
    attached = true
    shown.add(panel)
    when (mode) {
      Mode.ACK -> clock.schedule(ackDelayMs) { if (attached) controller.onDrawn(panel.generation) }
      Mode.WITHHOLD -> withheld.add(panel.generation)
      Mode.FAIL -> Unit
    }
  }

  override fun remove() {
    if (attached) removals++
    attached = false
  }

  /** Late draws: the view finally draws every withheld generation. */
  fun releaseWithheld() {
    withheld.forEach { controller.onDrawn(it) }
    withheld.clear()
  }

  val isAttached: Boolean get() = attached
}

class FakeEnvironment(var api: Int = 35, var connected: Boolean = true) : PanelEnvironment {
  var metrics: Outcome<DisplayMetrics> = Outcome.Ok(PHONE)
  override val measurer: TextMeasurer = FixedAdvanceMeasurer.ROBOTO_LIKE

  override fun apiLevel() = api

  override fun serviceConnected() = connected

  override fun displayMetrics() = metrics

  fun usable(rect: PxRect, width: Int = rect.right, height: Int = rect.bottom) {
    metrics = Outcome.Ok(PHONE.copy(widthPx = width, heightPx = height, usable = rect))
  }

  fun unusable(message: String) {
    metrics = Outcome.Err(AppError("ON_SCREEN_LOG_LAYOUT_INVALID", message))
  }

  companion object {
    val PHONE = DisplayMetrics(1080, 2400, 2.625, 2.625, PxRect(0, 136, 1080, 2337))
  }
}

/** Template sessions whose metadata the test changes by hand. */
class FakeSessions(var metadata: TemplateMetadata) : TemplateSessionFactory {
  inner class Session(val segments: List<TemplateSegment>) : TemplateSession {
    override val metadata: TemplateMetadata get() = this@FakeSessions.metadata
    var onChange: (() -> Unit)? = null
    var closed = false

    override fun start(onChange: () -> Unit) {
      this.onChange = onChange
    }

    override fun close() {
      closed = true
      onChange = null
    }
  }

  val opened = ArrayList<Session>()

  override fun open(segments: List<TemplateSegment>) = Session(segments).also { opened.add(it) }

  /** Changes the metadata and tells every started, open session. */
  fun change(metadata: TemplateMetadata) {
    this.metadata = metadata
    opened.filter { !it.closed }.forEach { it.onChange?.invoke() }
  }
}
