package com.androperator.operator.core.panel

import com.androperator.operator.core.Outcome
import com.androperator.operator.core.execution.Limits
import com.androperator.operator.core.execution.ResolvedPanelSpec
import com.androperator.operator.core.execution.SetOnScreenLogParams
import com.androperator.operator.core.geometry.PanelGeometry
import com.androperator.operator.core.geometry.PanelGeometrySpec
import com.androperator.operator.core.geometry.PanelLayout
import com.androperator.operator.core.template.TemplateExpander
import com.androperator.operator.core.template.TemplateScanner
import com.androperator.operator.core.template.TemplateSegment

/**
 * The on-screen log panel as a state machine (seed "Replacement and Lifetime", reference section 9), the same as the
 * console simulator's PanelController:
 * - every set is a full replacement; a layout rejection leaves the current panel and its expiry untouched;
 * - each set, reflow and removal takes a new generation; only the awaited generation's draw acknowledges a set;
 * - the draw deadline is min(budget, 2000 ms) from the request, attach work and time queued included; a set whose
 *   deadline passed before it ran fails without touching the panel; a timeout or attach failure removes the panel
 *   (the previous one too) and a late draw cannot bring it back; the service detaching during the wait is
 *   SERVICE_UNAVAILABLE;
 * - TTL counts from the acknowledgement; expiry removes its own generation only and keeps its absolute time across
 *   reflows and template refreshes;
 * - configuration changes reflow from the stored dp/sp values (deferred while a set awaits its draw), and remove the
 *   panel when it no longer fits.
 *
 * Not thread-safe: every method, and every [PanelClock] and [PanelWindowHost] callback, runs on one thread.
 */
class PanelController(
  private val environment: PanelEnvironment,
  private val host: PanelWindowHost,
  private val clock: PanelClock,
  private val sessions: TemplateSessionFactory,
  /** Unique per controller; window titles are `androperator.on_screen_log.<controllerId>.<generation>`. */
  private val controllerId: String,
) {
  private class ActivePanel(
    val spec: ResolvedPanelSpec,
    val segments: List<TemplateSegment>?,
    val session: TemplateSession?,
    var drawn: DrawnPanel,
  ) {
    var acknowledged = false
    var expiresAt: Long? = null
    var expiry: Cancellable? = null
  }

  private class Prepared(val layout: PanelLayout, val iconPackage: String?)

  private sealed interface DrawOutcome {
    data object Drawn : DrawOutcome
    data object Timeout : DrawOutcome
    data object AttachFailed : DrawOutcome
    /** The panel went away while the set waited (only the service detaching can do that, see [removedFailure]). */
    data class Removed(val reason: PanelChangeReason) : DrawOutcome
  }

  private class PendingDraw(val generation: Int, val onOutcome: (DrawOutcome) -> Unit) {
    var timer: Cancellable? = null
  }

  private var generation = 0
  private var active: ActivePanel? = null
  private var pendingReflow = false
  private var pendingDraw: PendingDraw? = null
  private val queue = ArrayDeque<(done: () -> Unit) -> Unit>()
  private var busy = false
  private val listeners = LinkedHashSet<(PanelChange) -> Unit>()

  /** True while an acknowledged generation is on screen (snapshot's operator_overlay_visible). */
  val visible: Boolean get() = active?.acknowledged == true

  /** The panel the window host shows now, acknowledged or not. */
  val currentPanel: DrawnPanel? get() = active?.drawn

  val currentGeneration: Int get() = generation

  fun titleFor(generation: Int) = "$TITLE_PREFIX$controllerId.$generation"

  fun addListener(listener: (PanelChange) -> Unit): () -> Unit {
    listeners.add(listener)
    return { listeners.remove(listener) }
  }

  /**
   * Shows or fully replaces the panel; [params] must already be canonically validated. [budgetMs] is what remains of
   * the execution's timeout at [requestedAt] (clock time); [done] receives the step result.
   */
  fun set(params: SetOnScreenLogParams, budgetMs: Long, requestedAt: Long = clock.now(), done: (PanelStepResult) -> Unit) {
    val deadline = requestedAt + minOf(budgetMs, Limits.DRAW_ACK_DEADLINE_MS)
    enqueue { finished ->
      runSet(ResolvedPanelSpec.of(params), deadline) { result ->
        done(result)
        finished()
      }
    }
  }

  /** Removes the panel; succeeds also when nothing is visible. */
  fun clear(done: (PanelStepResult) -> Unit) {
    enqueue { finished ->
      removePanel(PanelChangeReason.CLEARED)
      done(PanelStepResult.CLEARED)
      finished()
    }
  }

  /** The display, density or font scale changed: reflow from the stored dp/sp values, or remove when it no longer fits. */
  fun configurationChanged() {
    val current = active
    if (current != null && !current.acknowledged) {
      pendingReflow = true
      return
    }
    enqueue { finished ->
      redraw(PanelChangeReason.REFLOWED, PanelChangeReason.CONFIGURATION_LAYOUT_INVALID)
      finished()
    }
  }

  /** The accessibility service went away: the panel goes with it, and a pending set fails. */
  fun detach() {
    removePanel(PanelChangeReason.DETACHED)
  }

  /** The panel view drew [drawnGeneration]; acknowledges a set awaiting exactly that generation. */
  fun onDrawn(drawnGeneration: Int) {
    val pending = pendingDraw ?: return
    if (pending.generation != drawnGeneration) return
    settle(pending, DrawOutcome.Drawn)
  }

  private fun enqueue(operation: (done: () -> Unit) -> Unit) {
    queue.addLast(operation)
    if (!busy) pump()
  }

  private fun pump() {
    while (!busy) {
      val next = queue.removeFirstOrNull() ?: return
      busy = true
      var completedSynchronously = false
      var inside = true
      next {
        busy = false
        if (inside) completedSynchronously = true else pump()
      }
      inside = false
      if (!completedSynchronously && busy) return
    }
  }

  private fun runSet(spec: ResolvedPanelSpec, deadline: Long, done: (PanelStepResult) -> Unit) {
    // No budget left (or all of it spent in the queue): fail before touching the current panel.
    if (deadline - clock.now() <= 0) {
      return done(PanelStepResult.failure(PanelErrorCodes.RENDER_TIMEOUT, "No execution time remains for the draw acknowledgement."))
    }
    if (!environment.serviceConnected()) {
      return done(PanelStepResult.failure(PanelErrorCodes.SERVICE_UNAVAILABLE, "The Operator accessibility service is not connected."))
    }
    if (environment.apiLevel() < MIN_API_LEVEL) {
      return done(PanelStepResult.failure(PanelErrorCodes.RENDER_FAILED, "Accessibility overlay windows require Android API 22 or later."))
    }
    var segments: List<TemplateSegment>? = null
    if (spec.content.isTemplate) {
      when (val scan = TemplateScanner.scan(spec.content.value)) {
        is TemplateScanner.Result.Invalid -> return done(PanelStepResult.failure(PanelErrorCodes.RENDER_FAILED, scan.message))
        is TemplateScanner.Result.Valid -> segments = scan.segments
      }
    }
    val session = segments?.let { sessions.open(it) }
    val prepared = prepare(spec, segments, session)
    if (prepared is Outcome.Err) {
      // A layout rejection leaves the existing panel and its expiry untouched.
      session?.close()
      return done(PanelStepResult.failure(PanelErrorCodes.LAYOUT_INVALID, prepared.error.message))
    }
    val layout = (prepared as Outcome.Ok).value
    // Commit: the old panel's session and expiry end here. Sets are serialized, so no other set awaits a draw now.
    active?.session?.close()
    cancelExpiry()
    pendingReflow = false
    val panel = ActivePanel(spec, segments, session, drawnPanel(++generation, spec, layout))
    active = panel
    awaitDraw(panel.drawn, deadline) { outcome ->
      if (outcome != DrawOutcome.Drawn) return@awaitDraw done(failCommit(outcome))
      if (active !== panel || panel.drawn.generation != generation) {
        return@awaitDraw done(removedFailure(PanelChangeReason.RENDER_FAILED))
      }
      panel.acknowledged = true
      panel.expiresAt = clock.now() + spec.ttlMs
      replayReflows(panel, deadline) { failure ->
        if (failure != null) return@replayReflows done(failure)
        scheduleExpiry()
        emit(PanelChangeReason.SET)
        done(PanelStepResult(true, successData(spec, panel.drawn.layout)))
        session?.start { refresh(panel) }
      }
    }
  }

  /** Configuration changes that arrived while a set awaited its draw: each reflow needs its own draw by [deadline]. */
  private fun replayReflows(panel: ActivePanel, deadline: Long, done: (PanelStepResult?) -> Unit) {
    if (!pendingReflow) return done(null)
    pendingReflow = false
    val reflow = prepare(panel.spec, panel.segments, panel.session)
    if (reflow is Outcome.Err) {
      removePanel(PanelChangeReason.CONFIGURATION_LAYOUT_INVALID)
      return done(PanelStepResult.failure(PanelErrorCodes.LAYOUT_INVALID, "After a configuration change: ${reflow.error.message}"))
    }
    val layout = (reflow as Outcome.Ok).value
    panel.drawn = panel.drawn.copy(
      generation = ++generation, title = titleFor(generation), layout = layout.layout, iconPackage = layout.iconPackage,
    )
    awaitDraw(panel.drawn, deadline) { outcome ->
      if (outcome != DrawOutcome.Drawn) done(failCommit(outcome)) else replayReflows(panel, deadline, done)
    }
  }

  private fun drawnPanel(generation: Int, spec: ResolvedPanelSpec, prepared: Prepared) = DrawnPanel(
    generation = generation,
    title = titleFor(generation),
    layout = prepared.layout,
    textColor = spec.textColor,
    backgroundColor = spec.backgroundColor,
    iconPackage = prepared.iconPackage,
  )

  private fun prepare(spec: ResolvedPanelSpec, segments: List<TemplateSegment>?, session: TemplateSession?): Outcome<Prepared> {
    val metrics = when (val read = environment.displayMetrics()) {
      is Outcome.Err -> return read
      is Outcome.Ok -> read.value
    }
    var content = spec.content.value
    var iconPackage: String? = null
    var expansionTruncated = false
    if (segments != null && session != null) {
      val metadata = session.metadata
      val expansion = TemplateExpander.expand(segments, metadata)
      content = expansion.text
      expansionTruncated = expansion.truncated
      iconPackage = metadata.foregroundApp?.packageName
    }
    val geometry = PanelGeometrySpec(spec.anchor, spec.textAlign, spec.topOffsetDp, spec.edgeOffsetDp, spec.widthDp, spec.fontSizeSp)
    return when (val layout = PanelGeometry.layout(metrics, geometry, content, environment.measurer)) {
      is Outcome.Err -> layout
      // "truncated" means the text was shortened, by the 256/8192 bounds or by the usable height.
      is Outcome.Ok -> Outcome.Ok(Prepared(layout.value.copy(truncated = layout.value.truncated || expansionTruncated), iconPackage))
    }
  }

  private fun awaitDraw(drawn: DrawnPanel, deadline: Long, onOutcome: (DrawOutcome) -> Unit) {
    if (deadline - clock.now() <= 0) return onOutcome(DrawOutcome.Timeout)
    val pending = PendingDraw(drawn.generation, onOutcome)
    pendingDraw = pending
    try {
      host.show(drawn)
    } catch (e: RuntimeException) {
      return settle(pending, DrawOutcome.AttachFailed)
    }
    if (pendingDraw !== pending) return // acknowledged (or removed) while attaching
    val remaining = deadline - clock.now()
    if (remaining <= 0) return settle(pending, DrawOutcome.Timeout) // attaching used up the deadline
    pending.timer = clock.schedule(remaining) { settle(pending, DrawOutcome.Timeout) }
  }

  private fun settle(pending: PendingDraw, outcome: DrawOutcome) {
    if (pendingDraw !== pending) return
    pendingDraw = null
    pending.timer?.cancel()
    pending.onOutcome(outcome)
  }

  private fun failCommit(outcome: DrawOutcome): PanelStepResult = when (outcome) {
    // A failed replacement removes the previous panel too; a late draw cannot bring it back.
    DrawOutcome.Timeout -> {
      removePanel(PanelChangeReason.RENDER_TIMEOUT)
      PanelStepResult.failure(PanelErrorCodes.RENDER_TIMEOUT, "The panel did not acknowledge a draw within ${Limits.DRAW_ACK_DEADLINE_MS} ms.")
    }
    // Removed while waiting (the panel is already gone): no second removal.
    is DrawOutcome.Removed -> removedFailure(outcome.reason)
    else -> {
      removePanel(PanelChangeReason.RENDER_FAILED)
      PanelStepResult.failure(PanelErrorCodes.RENDER_FAILED, "The panel window could not be attached or updated.")
    }
  }

  /** Template metadata changed: redraw without resetting the TTL, unless the panel is gone or replaced. */
  private fun refresh(panel: ActivePanel) {
    if (active !== panel) return // late results cannot restore or alter a removed panel
    enqueue { finished ->
      if (active === panel) redraw(PanelChangeReason.REFRESHED, PanelChangeReason.RENDER_FAILED)
      finished()
    }
  }

  private fun redraw(reason: PanelChangeReason, removalReason: PanelChangeReason) {
    val panel = active ?: return
    if (!panel.acknowledged) return
    val prepared = when (val result = prepare(panel.spec, panel.segments, panel.session)) {
      is Outcome.Err -> return removePanel(removalReason)
      is Outcome.Ok -> result.value
    }
    panel.drawn = panel.drawn.copy(
      generation = ++generation, title = titleFor(generation), layout = prepared.layout, iconPackage = prepared.iconPackage,
    )
    try {
      host.show(panel.drawn)
    } catch (e: RuntimeException) {
      return removePanel(PanelChangeReason.RENDER_FAILED)
    }
    // The expiry keeps its absolute time; it is re-armed for the new generation.
    scheduleExpiry()
    emit(reason)
  }

  private fun scheduleExpiry() {
    val panel = active ?: return
    val expiresAt = panel.expiresAt ?: return
    panel.expiry?.cancel()
    val ownGeneration = panel.drawn.generation
    fun arm(delay: Long) {
      panel.expiry = clock.schedule(delay) {
        // Expiry removes its own generation only.
        if (active === panel && panel.drawn.generation == ownGeneration) {
          val left = expiresAt - clock.now()
          if (left > 0) arm(left) else removePanel(PanelChangeReason.EXPIRED)
        }
      }
    }
    arm(expiresAt - clock.now())
  }

  private fun cancelExpiry() {
    active?.expiry?.cancel()
    active?.expiry = null
  }

  private fun removePanel(reason: PanelChangeReason) {
    val panel = active ?: return
    cancelExpiry()
    panel.session?.close()
    active = null
    pendingReflow = false
    generation += 1
    host.remove()
    pendingDraw?.let { settle(it, DrawOutcome.Removed(reason)) }
    emit(reason)
  }

  private fun emit(reason: PanelChangeReason) {
    val change = PanelChange(visible, generation, reason, active?.drawn)
    for (listener in listeners.toList()) listener(change)
  }

  /**
   * A set whose panel went away before its draw was acknowledged. Set and clear are serialized, a configuration change
   * waits for the acknowledgement and no expiry is armed yet, so only the service detaching can do that: the seed's
   * SERVICE_UNAVAILABLE ("The Operator accessibility service or its window host is unavailable").
   */
  private fun removedFailure(reason: PanelChangeReason): PanelStepResult =
    if (reason == PanelChangeReason.DETACHED) {
      PanelStepResult.failure(
        PanelErrorCodes.SERVICE_UNAVAILABLE, "The Operator accessibility service detached before the panel draw was acknowledged.",
      )
    } else {
      PanelStepResult.failure(PanelErrorCodes.RENDER_FAILED, "The panel was removed before its draw was acknowledged.")
    }

  private fun successData(spec: ResolvedPanelSpec, layout: PanelLayout): Map<String, String> = linkedMapOf(
    "visible" to "true",
    "rendered" to "true",
    "truncated" to layout.truncated.toString(),
    "anchor" to spec.anchor,
    "text_align" to spec.textAlign,
    "top_offset_dp" to spec.topOffsetDp.toString(),
    "edge_offset_dp" to spec.edgeOffsetDp.toString(),
    "width_dp" to spec.widthDp.toString(),
    "font_size_sp" to spec.fontSizeSp.toString(),
    "text_color" to spec.textColor,
    "background_color" to spec.backgroundColor,
    "ttl_ms" to spec.ttlMs.toString(),
    "bounds" to layout.bounds.format(),
  )

  companion object {
    const val TITLE_PREFIX = "androperator.on_screen_log."
    const val MIN_API_LEVEL = 22
  }
}
