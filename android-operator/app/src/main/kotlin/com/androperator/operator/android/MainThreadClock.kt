package com.androperator.operator.android

import android.os.Handler
import android.os.Looper
import android.os.SystemClock
import com.androperator.operator.core.panel.Cancellable
import com.androperator.operator.core.panel.PanelClock

/** The controller's clock: elapsedRealtime (monotonic, counts deep sleep) and the main looper's Handler. */
class MainThreadClock(private val handler: Handler = Handler(Looper.getMainLooper())) : PanelClock {
  override fun now(): Long = SystemClock.elapsedRealtime()

  override fun schedule(delayMs: Long, task: () -> Unit): Cancellable {
    val runnable = Runnable { task() }
    handler.postDelayed(runnable, maxOf(0L, delayMs))
    return Cancellable { handler.removeCallbacks(runnable) }
  }

  /** Runs [task] on the main thread (at once when already there). */
  fun post(task: () -> Unit) {
    if (Looper.myLooper() == handler.looper) task() else handler.post(task)
  }
}
