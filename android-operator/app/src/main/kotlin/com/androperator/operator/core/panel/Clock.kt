package com.androperator.operator.core.panel

/** A scheduled task that can be cancelled; cancelling twice or after it ran does nothing. */
fun interface Cancellable {
  fun cancel()
}

/**
 * Monotonic time and timers on the controller's thread (the Android main thread: elapsedRealtime and a Handler).
 * Every callback runs on that same thread, so the controller needs no locks.
 */
interface PanelClock {
  fun now(): Long

  fun schedule(delayMs: Long, task: () -> Unit): Cancellable
}
