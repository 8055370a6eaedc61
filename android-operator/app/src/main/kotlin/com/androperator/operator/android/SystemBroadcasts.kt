package com.androperator.operator.android

import android.content.BroadcastReceiver
import android.content.Context
import android.content.Intent
import android.content.IntentFilter
import android.os.Build

/**
 * PACKAGE_ADDED/REMOVED/REPLACED/CHANGED (package scheme) invalidate that package's metadata; LOCALE_CHANGED clears
 * every cache and refreshes the panel. Delivered on the main thread.
 */
class SystemBroadcasts(
  private val context: Context,
  private val onPackageChanged: (String) -> Unit,
  private val onLocaleChanged: () -> Unit,
) {
  private val receiver = object : BroadcastReceiver() {
    override fun onReceive(context: Context, intent: Intent) {
      when (intent.action) {
        Intent.ACTION_LOCALE_CHANGED -> onLocaleChanged()
        else -> intent.data?.schemeSpecificPart?.let(onPackageChanged)
      }
    }
  }
  private var registered = false

  fun register() {
    if (registered) return
    val packages = IntentFilter().apply {
      addAction(Intent.ACTION_PACKAGE_ADDED)
      addAction(Intent.ACTION_PACKAGE_REMOVED)
      addAction(Intent.ACTION_PACKAGE_REPLACED)
      addAction(Intent.ACTION_PACKAGE_CHANGED)
      addDataScheme("package")
    }
    val locale = IntentFilter(Intent.ACTION_LOCALE_CHANGED)
    listOf(packages, locale).forEach { filter ->
      // System broadcasts still arrive at a receiver that is not exported.
      if (Build.VERSION.SDK_INT >= 33) context.registerReceiver(receiver, filter, Context.RECEIVER_NOT_EXPORTED)
      else context.registerReceiver(receiver, filter)
    }
    registered = true
  }

  fun unregister() {
    if (!registered) return
    context.unregisterReceiver(receiver)
    registered = false
  }
}
