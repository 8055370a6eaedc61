package com.androperator.operator.core.conformance

import com.androperator.operator.core.AppError
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.execution.Checked
import com.androperator.operator.core.execution.SetParamsValidator
import com.androperator.operator.core.geometry.DisplayMetrics
import com.androperator.operator.core.geometry.FixedAdvanceMeasurer
import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.geometry.TextMeasurer
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.panel.DrawnPanel
import com.androperator.operator.core.panel.FakeClock
import com.androperator.operator.core.panel.PanelClock
import com.androperator.operator.core.panel.PanelController
import com.androperator.operator.core.panel.PanelEnvironment
import com.androperator.operator.core.panel.PanelStepResult
import com.androperator.operator.core.panel.PanelWindowHost
import com.androperator.operator.core.panel.TemplateSession
import com.androperator.operator.core.panel.TemplateSessionFactory
import com.androperator.operator.core.template.DeviceMetadata
import com.androperator.operator.core.template.ForegroundAppMetadata
import com.androperator.operator.core.template.SystemLanguageMetadata
import com.androperator.operator.core.template.TemplateMetadata
import com.androperator.operator.core.template.TemplateScanner
import com.androperator.operator.core.template.TemplateSegment

/**
 * Plays one conformance/panel-controller*.json timeline against the Kotlin [PanelController] on a fake clock, a
 * scripted window host and vector-driven template sessions, and returns every difference from the expectations.
 * The TypeScript simulator plays the same files (src/simulator/operator/testing/panelTimeline.ts); the format is in
 * conformance/README.md.
 */
class PanelTimeline(
  defaults: Json.Obj,
  private val input: Json.Obj,
  private val expect: Json.Obj,
  private val rig: TimelineRig = FakeRig(),
) {
  private val environment: Map<String, Json> = defaults.members + ((input["environment"] as Json.Obj?)?.members ?: emptyMap())
  private val clock = rig.clock
  private var apiLevel = Vectors.int(environment["apiLevel"], "apiLevel")
  private var connected = environment["serviceConnected"] == Json.Bool(true)
  private var display = displayOf(environment["display"])
  private var metadata = metadataOf(environment["metadata"] as Json.Obj)
  private val host: TimelineHost = rig.host { controller.onDrawn(it) }
  private val sessions = Sessions()
  private val controller: PanelController
  private val events = ArrayList<String>()
  private val completed = ArrayList<String>()
  private val results = LinkedHashMap<String, PanelStepResult>()

  init {
    val draws = environment["draws"] as Json.Obj
    host.mode = (draws["mode"] as Json.Str).value
    draws["ackMs"]?.let { host.ackMs = Vectors.int(it, "ackMs").toLong() }
    val measurer = environment["measurer"] as Json.Obj
    val panelEnvironment = object : PanelEnvironment {
      override fun apiLevel() = apiLevel

      override fun serviceConnected() = connected

      override fun displayMetrics() = display

      override val measurer: TextMeasurer = FixedAdvanceMeasurer(
        Vectors.double(measurer["advance"], "advance"), Vectors.double(measurer["ascent"], "ascent"),
        Vectors.double(measurer["descent"], "descent"),
      )
    }
    controller = PanelController(panelEnvironment, host, clock, sessions, "conformance")
    controller.addListener { events.add(it.reason.wire) }
  }

  /**
   * Template sessions showing the timeline's metadata, keeping the [TemplateSession] contract as LiveTemplateSession
   * does: foreground changes reach only templates that read the app, a change before start is reported at start, a
   * closed session never calls back.
   */
  private inner class Sessions : TemplateSessionFactory {
    private val open = ArrayList<Session>()

    inner class Session(val segments: List<TemplateSegment>) : TemplateSession {
      override val metadata: TemplateMetadata get() = this@PanelTimeline.metadata
      var onChange: (() -> Unit)? = null
      var changedBeforeStart = false

      override fun start(onChange: () -> Unit) {
        this.onChange = onChange
        if (changedBeforeStart) onChange()
      }

      fun changed() {
        val listener = onChange
        if (listener == null) changedBeforeStart = true else listener()
      }

      override fun close() {
        onChange = null
        open.remove(this)
      }
    }

    override fun open(segments: List<TemplateSegment>): TemplateSession = Session(segments).also { open.add(it) }

    fun changed(foreground: Boolean) = open.toList()
      .filter { !foreground || TemplateScanner.usesForegroundApp(it.segments) }
      .forEach { it.changed() }
  }

  fun play(): List<String> {
    val timeline = (input["timeline"] as Json.Arr).items
    check(timeline.isNotEmpty()) { "timeline is empty" }
    val problems = ArrayList<String>()
    val startedAt = clock.now()
    timeline.forEachIndexed { index, entry ->
      val step = entry as Json.Obj
      completed.clear()
      events.clear()
      run(step)
      rig.advance(0)
      val where = "step $index (${(step["do"] as Json.Str).value}), after it t=${clock.now() - startedAt}"
      problems.addAll(checkStep(where, step["expect"] as Json.Obj))
      rig.windowProblem(controller.currentPanel)?.let { problems.add("$where: $it") }
    }
    problems.addAll(checkResults(expect["results"] as Json.Obj))
    return problems
  }

  private fun finish(id: String): (PanelStepResult) -> Unit = { result ->
    completed.add(id)
    results[id] = result
  }

  private fun run(step: Json.Obj) {
    fun id() = (step["id"] as Json.Str).value
    when ((step["do"] as Json.Str).value) {
      "set" -> when (val checked = SetParamsValidator.check(step["params"])) {
        is Checked.Invalid -> finish(id())(PanelStepResult.failure("EXECUTION_VALIDATION_FAILED", checked.issue.message))
        is Checked.Valid -> controller.set(checked.value, step["budgetMs"]?.let { Vectors.int(it, "budgetMs").toLong() } ?: 30000L, done = finish(id()))
      }
      "clear" -> controller.clear(finish(id()))
      "tick" -> rig.advance(Vectors.int(step["ms"], "ms").toLong())
      "draws" -> {
        host.mode = (step["mode"] as Json.Str).value
        step["ackMs"]?.let { host.ackMs = Vectors.int(it, "ackMs").toLong() }
      }
      "releaseDraws" -> host.releaseDraws()
      "configuration" -> {
        display = displayOf(step["display"])
        controller.configurationChanged()
      }
      "display" -> display = displayOf(step["display"])
      "foreground" -> {
        metadata = metadata.copy(foregroundApp = appOf(step["app"]))
        sessions.changed(foreground = true)
      }
      "locale" -> {
        metadata = metadata.copy(system = systemOf(step["system"] as Json.Obj?))
        sessions.changed(foreground = false)
      }
      "detach" -> {
        connected = false
        controller.detach()
      }
      "attach" -> connected = true
      else -> error("unknown step ${step["do"]}")
    }
  }

  private fun checkStep(where: String, want: Json.Obj): List<String> {
    val problems = ArrayList<String>()
    val wantCompleted = (want["completed"] as Json.Arr?)?.items?.map { (it as Json.Str).value } ?: emptyList()
    if (completed != wantCompleted) problems.add("$where: completed $completed, expected $wantCompleted")
    val wantEvents = (want["events"] as Json.Arr?)?.items?.map { (it as Json.Str).value } ?: emptyList()
    if (events != wantEvents) problems.add("$where: events $events, expected $wantEvents")
    val wantPanel = want["panel"] as Json.Obj
    val actual = panelState(wantPanel)
    if (actual != wantPanel) problems.add("$where: panel $actual, expected $wantPanel")
    return problems
  }

  /** The controller's state in the vectors' shape (iconPackage only where the vector states it). */
  private fun panelState(want: Json.Obj): Json.Obj {
    val panel = controller.currentPanel
    val window = if (panel == null) {
      Json.Null
    } else {
      val members = linkedMapOf<String, Json>(
        "text" to Json.Str(panel.layout.lines.joinToString("\n") { it.text }),
        "bounds" to Json.Str(panel.layout.bounds.format()),
      )
      if ((want["window"] as? Json.Obj)?.keys?.contains("iconPackage") == true) members["iconPackage"] = Json.of(panel.iconPackage)
      Json.Obj(members)
    }
    return Json.obj(
      "visible" to Json.Bool(controller.visible),
      "generation" to Json.of(controller.currentGeneration),
      "window" to window,
    )
  }

  private fun checkResults(want: Json.Obj): List<String> {
    val problems = ArrayList<String>()
    results.keys.filter { it !in want.keys }.forEach { problems.add("result $it is not in expect.results") }
    for ((id, value) in want.members) {
      val result = results[id]
      if (result == null) problems.add("request $id never completed") else problems.addAll(checkResult(id, value as Json.Obj, result))
    }
    return problems
  }

  private fun checkResult(id: String, want: Json.Obj, result: PanelStepResult): List<String> {
    if (want["ok"] != Json.Bool(result.success)) return listOf("$id: success ${result.success}, expected ${want["ok"]} (${result.data})")
    val keys = result.data.keys.toList()
    val problems = ArrayList<String>()
    if (!result.success) {
      if (keys != FAILURE_KEYS) problems.add("$id: failure keys $keys")
      val code = (want["code"] as Json.Str).value
      if (result.data["error"] != code || result.data["errorCode"] != code) problems.add("$id: code ${result.data["error"]}, expected $code")
      want["message"]?.let { if (Json.Str(result.data["message"] ?: "") != it) problems.add("$id: message ${result.data["message"]}, expected $it") }
      return problems
    }
    val data = want["data"] as Json.Obj
    val contract = if (data["visible"] == Json.Str("false")) listOf("visible") else SET_KEYS
    if (keys != contract) problems.add("$id: data keys $keys")
    for ((key, value) in data.members) {
      if (result.data[key]?.let { Json.Str(it) } != value) problems.add("$id: data.$key ${result.data[key]}, expected $value")
    }
    return problems
  }

  private companion object {
    val SET_KEYS = listOf(
      "visible", "rendered", "truncated", "anchor", "text_align", "top_offset_dp", "edge_offset_dp", "width_dp",
      "font_size_sp", "text_color", "background_color", "ttl_ms", "bounds",
    )
    val FAILURE_KEYS = listOf("error", "errorCode", "message")

    fun displayOf(value: Json?): Outcome<DisplayMetrics> {
      val display = value as Json.Obj
      display["unusable"]?.let { return Outcome.Err(AppError("ON_SCREEN_LOG_LAYOUT_INVALID", (it as Json.Str).value)) }
      val usable = PxRect.parse((display["usable"] as Json.Str).value) ?: error("display.usable is not [l,t][r,b]")
      return Outcome.Ok(
        DisplayMetrics(
          Vectors.int(display["widthPx"], "widthPx"), Vectors.int(display["heightPx"], "heightPx"),
          Vectors.double(display["density"], "density"), Vectors.double(display["scaledDensity"], "scaledDensity"), usable,
        ),
      )
    }

    fun field(group: Json.Obj?, key: String): String? = group?.get(key)?.takeIf { it != Json.Null }?.let { Vectors.text(it, key) }

    fun appOf(value: Json?): ForegroundAppMetadata? = (value as? Json.Obj)?.let {
      ForegroundAppMetadata(field(it, "packageName"), field(it, "versionCode"), field(it, "versionName"))
    }

    fun systemOf(group: Json.Obj?) =
      SystemLanguageMetadata(field(group, "languageCode"), field(group, "languageTag"), field(group, "languageName"))

    fun metadataOf(json: Json.Obj): TemplateMetadata {
      val device = json["device"] as Json.Obj?
      return TemplateMetadata(
        foregroundApp = appOf(json["foregroundApp"]),
        device = DeviceMetadata(field(device, "manufacturer"), field(device, "model")),
        system = systemOf(json["system"] as Json.Obj?),
      )
    }
  }
}

/** A timeline's draw script over a window host: acknowledge each draw after ackMs, withhold until released, or fail. */
interface TimelineHost : PanelWindowHost {
  var mode: String
  var ackMs: Long

  fun releaseDraws()
}

/**
 * Where a timeline runs: its clock and the window host behind the controller. [FakeRig] is the plain-JVM one; the
 * Robolectric tests run the same files on the Operator's real window host, panel view and main-thread clock.
 */
interface TimelineRig {
  val clock: PanelClock

  /** Moves the clock by [ms], running what falls due. */
  fun advance(ms: Long)

  /** The host; a draw of generation g reaches the controller through [drawn]. */
  fun host(drawn: (Int) -> Unit): TimelineHost

  /** After each step: a difference between the window on screen and [panel] (what the controller shows), or null. */
  fun windowProblem(panel: DrawnPanel?): String? = null
}

/** The fake clock and a scripted host double that acknowledges by generation number. */
class FakeRig : TimelineRig {
  override val clock = FakeClock()

  override fun advance(ms: Long) = clock.advance(ms)

  override fun host(drawn: (Int) -> Unit): TimelineHost = object : TimelineHost {
    override var mode = "ack"
    override var ackMs = 16L
    private val withheld = ArrayList<Int>()

    override fun show(panel: DrawnPanel) {
      when (mode) {
        "fail" -> throw IllegalStateException("the window manager refused the panel window")
        "withhold" -> withheld.add(panel.generation)
        "ack" -> clock.schedule(ackMs) { drawn(panel.generation) }
        else -> error("unknown draw mode $mode")
      }
    }

    override fun remove() = Unit

    override fun releaseDraws() {
      val late = withheld.toList()
      withheld.clear()
      late.forEach(drawn)
    }
  }
}
