package com.androperator.operator.core.foreground

import com.androperator.operator.core.panel.Cancellable
import com.androperator.operator.core.panel.PanelClock

/** A published observation: [packageName] is the app for AppFocused, the last verified app for SystemPanel, else null. */
data class ForegroundObservation(val state: ForegroundState, val packageName: String?)

/**
 * Event-driven foreground observation of one subscription (reference section 10). Each accessibility event triggers
 * reads at 0, +100 and +200 ms; equal observations are published once; after an established state, unavailable is
 * published only if it persists for [UNAVAILABLE_GRACE_MS]; a system panel keeps the last app this subscription
 * verified (none when it started under a panel). No polling. After [close] nothing is published.
 *
 * [read] returns the current state, or null when the window list could not be read.
 */
class ForegroundObserver(
  private val clock: PanelClock,
  private val read: () -> ForegroundState?,
  private val publish: (ForegroundObservation) -> Unit,
) {
  private var closed = false
  private var started = false
  private var lastVerifiedApp: String? = null
  private var published: ForegroundObservation? = null
  private var burst: List<Cancellable> = emptyList()
  private var grace: Cancellable? = null

  fun start() {
    if (started || closed) return
    started = true
    onEvent()
  }

  /** A window or content change, focus, click or text event: read again now and shortly after. */
  fun onEvent() {
    if (!started || closed) return
    burst.forEach { it.cancel() }
    burst = READ_DELAYS_MS.map { delay -> clock.schedule(delay) { sample() } }
  }

  /** The service reconnected: nothing is known until the next read. */
  fun onServiceReconnected() {
    if (!started || closed) return
    cancelGrace()
    emit(ForegroundObservation(ForegroundState.Unavailable, null))
    onEvent()
  }

  fun close() {
    closed = true
    burst.forEach { it.cancel() }
    cancelGrace()
  }

  private fun sample() {
    if (closed) return
    when (val state = read() ?: ForegroundState.Unavailable) {
      ForegroundState.Unavailable -> {
        val established = published?.let { it.state != ForegroundState.Unavailable } == true
        if (!established) emit(ForegroundObservation(ForegroundState.Unavailable, null))
        else if (grace == null) grace = clock.schedule(UNAVAILABLE_GRACE_MS) {
          grace = null
          if (!closed) emit(ForegroundObservation(ForegroundState.Unavailable, null))
        }
      }
      is ForegroundState.AppFocused -> {
        cancelGrace()
        lastVerifiedApp = state.packageName
        emit(ForegroundObservation(state, state.packageName))
      }
      ForegroundState.SystemPanel -> {
        cancelGrace()
        emit(ForegroundObservation(state, lastVerifiedApp))
      }
      ForegroundState.Locked -> {
        cancelGrace()
        emit(ForegroundObservation(state, null))
      }
    }
  }

  private fun cancelGrace() {
    grace?.cancel()
    grace = null
  }

  private fun emit(observation: ForegroundObservation) {
    if (observation == published) return
    published = observation
    publish(observation)
  }

  companion object {
    val READ_DELAYS_MS = listOf(0L, 100L, 200L)
    const val UNAVAILABLE_GRACE_MS = 350L
  }
}
