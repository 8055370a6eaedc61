package com.androperator.operator

import android.accessibilityservice.AccessibilityService
import android.content.res.Configuration
import android.view.accessibility.AccessibilityEvent
import com.androperator.operator.android.OperatorRuntime

/**
 * The Operator: an accessibility service that owns the on-screen log panel and serves the agent socket while it is
 * connected. Enabling it in Settings (or with `settings put secure enabled_accessibility_services`) connects it.
 */
class OperatorAccessibilityService : AccessibilityService() {
  private var runtime: OperatorRuntime? = null

  /** The runtime of the current connection (null before onServiceConnected and after onDestroy); for tests. */
  internal val operatorRuntime: OperatorRuntime? get() = runtime

  override fun onServiceConnected() {
    super.onServiceConnected()
    // A different service instance (a reconnect) starts from a removed panel.
    runtime?.detach()
    runtime = OperatorRuntime(this).also { it.attach() }
  }

  override fun onAccessibilityEvent(event: AccessibilityEvent) {
    runtime?.onAccessibilityEvent(event)
  }

  override fun onConfigurationChanged(newConfig: Configuration) {
    super.onConfigurationChanged(newConfig)
    runtime?.onConfigurationChanged()
  }

  override fun onInterrupt() = Unit

  override fun onDestroy() {
    runtime?.detach()
    runtime = null
    super.onDestroy()
  }
}
