package com.androperator.operator.android

import android.accessibilityservice.AccessibilityService
import android.app.KeyguardManager
import android.content.Context
import android.os.Build
import android.view.accessibility.AccessibilityNodeInfo
import android.view.accessibility.AccessibilityWindowInfo
import com.androperator.operator.core.foreground.ForegroundResolver
import com.androperator.operator.core.foreground.ForegroundState
import com.androperator.operator.core.foreground.OwnOverlayMatcher
import com.androperator.operator.core.foreground.WindowKind
import com.androperator.operator.core.foreground.WindowSample
import com.androperator.operator.core.foreground.WindowsSample
import com.androperator.operator.core.operator.SnapshotSource
import com.androperator.operator.core.operator.WindowSnapshot

/**
 * Reads the accessibility window list for the foreground rules (API 30+: all displays, else display 0) and dumps
 * the active window's hierarchy for snapshots. Main thread only.
 */
class AccessibilityWindows(
  private val service: AccessibilityService,
  private val ownOverlay: OwnOverlayMatcher,
  /** The display the panel is on: the overlay WindowManager's default display. */
  private val displayId: () -> Int,
) : SnapshotSource {
  private val keyguard = service.getSystemService(Context.KEYGUARD_SERVICE) as KeyguardManager?

  /** The foreground state now, or null when the windows could not be read. */
  fun foreground(): ForegroundState? = try {
    sample()?.let { ForegroundResolver.resolve(it, displayId(), ownOverlay) }
  } catch (e: RuntimeException) {
    null
  }

  private fun windows(): List<AccessibilityWindowInfo> = if (Build.VERSION.SDK_INT >= 30) {
    val all = service.windowsOnAllDisplays
    (0 until all.size()).flatMap { all.valueAt(it) }
  } else {
    service.windows
  }

  private fun sample(): WindowsSample? {
    val windows = windows()
    val samples = windows.map { window ->
      val root = window.root
      val rootPackage = root?.packageName?.toString()
      recycle(root)
      WindowSample(
        id = window.id,
        kind = kindOf(window.type),
        displayId = if (Build.VERSION.SDK_INT >= 30) window.displayId else 0,
        focused = window.isFocused,
        active = window.isActive,
        rootPackage = rootPackage,
        title = if (Build.VERSION.SDK_INT >= 24) window.title?.toString() else null,
      )
    }
    return WindowsSample(keyguard?.isKeyguardLocked == true, samples)
  }

  override fun snapshot(): WindowSnapshot? {
    val root = service.rootInActiveWindow ?: return null
    val foregroundPackage = root.packageName?.toString()
    val xml = StringBuilder("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">\n")
    appendNode(xml, root, 0, 1)
    xml.append("</hierarchy>")
    recycle(root)
    val windows = service.windows
    // Raw metadata (reference section 8): the panel is never filtered out of these fields.
    val overlay = windows.map { it to packageOf(it) }.firstOrNull { (window, pkg) ->
      val idleSystemUi = window.type == AccessibilityWindowInfo.TYPE_SYSTEM && !window.isActive && pkg == "com.android.systemui"
      !idleSystemUi && (pkg != foregroundPackage || window.type != AccessibilityWindowInfo.TYPE_APPLICATION)
    }
    return WindowSnapshot(xml.toString(), foregroundPackage, windows.size, overlay?.let { it.second ?: "" })
  }

  private fun packageOf(window: AccessibilityWindowInfo): String? {
    val root = window.root ?: return null
    return root.packageName?.toString().also { recycle(root) }
  }

  private fun appendNode(out: StringBuilder, node: AccessibilityNodeInfo, index: Int, depth: Int) {
    if (depth > MAX_DEPTH) return
    val bounds = android.graphics.Rect().also { node.getBoundsInScreen(it) }
    out.append("  ".repeat(depth)).append("<node index=\"").append(index).append('"')
    attribute(out, "text", node.text)
    attribute(out, "resource-id", node.viewIdResourceName)
    attribute(out, "class", node.className)
    attribute(out, "package", node.packageName)
    attribute(out, "content-desc", node.contentDescription)
    out.append(" clickable=\"").append(node.isClickable).append("\" enabled=\"").append(node.isEnabled)
      .append("\" focusable=\"").append(node.isFocusable).append("\" scrollable=\"").append(node.isScrollable)
      .append("\" bounds=\"[").append(bounds.left).append(',').append(bounds.top).append("][")
      .append(bounds.right).append(',').append(bounds.bottom).append("]\"")
    if (node.childCount == 0) {
      out.append(" />\n")
      return
    }
    out.append(">\n")
    for (i in 0 until node.childCount) {
      val child = node.getChild(i) ?: continue
      appendNode(out, child, i, depth + 1)
      recycle(child)
    }
    out.append("  ".repeat(depth)).append("</node>\n")
  }

  private fun attribute(out: StringBuilder, name: String, value: CharSequence?) {
    out.append(' ').append(name).append("=\"")
    value?.forEach { c ->
      when (c) {
        '&' -> out.append("&amp;")
        '"' -> out.append("&quot;")
        '<' -> out.append("&lt;")
        '>' -> out.append("&gt;")
        '\n' -> out.append("&#10;")
        else -> if (c >= ' ' || c == '\t') out.append(c)
      }
    }
    out.append('"')
  }

  @Suppress("DEPRECATION")
  private fun recycle(node: AccessibilityNodeInfo?) {
    // API 33+ recycles by itself; recycling there is a no-op.
    if (node != null && Build.VERSION.SDK_INT < 33) node.recycle()
  }

  companion object {
    private const val MAX_DEPTH = 64

    fun kindOf(type: Int): WindowKind = when (type) {
      AccessibilityWindowInfo.TYPE_APPLICATION -> WindowKind.APPLICATION
      AccessibilityWindowInfo.TYPE_INPUT_METHOD -> WindowKind.INPUT_METHOD
      AccessibilityWindowInfo.TYPE_SYSTEM -> WindowKind.SYSTEM
      AccessibilityWindowInfo.TYPE_ACCESSIBILITY_OVERLAY -> WindowKind.ACCESSIBILITY_OVERLAY
      AccessibilityWindowInfo.TYPE_SPLIT_SCREEN_DIVIDER -> WindowKind.SPLIT_SCREEN_DIVIDER
      AccessibilityWindowInfo.TYPE_MAGNIFICATION_OVERLAY -> WindowKind.MAGNIFICATION_OVERLAY
      else -> WindowKind.OTHER
    }
  }
}
