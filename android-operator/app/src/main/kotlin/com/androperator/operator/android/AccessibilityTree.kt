package com.androperator.operator.android

import android.accessibilityservice.AccessibilityService
import android.graphics.Rect
import android.os.Build
import android.os.Bundle
import android.view.accessibility.AccessibilityNodeInfo
import android.view.accessibility.AccessibilityWindowInfo
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.ui.TreeNode
import com.androperator.operator.core.ui.TreeSource
import com.androperator.operator.core.ui.TreeWindow

/**
 * The get_ui_tree windows of the connected service: the interactive windows of the default display
 * (AccessibilityService.getWindows(), flagRetrieveInteractiveWindows), the active window first and the others in
 * the platform's order, without the Operator's own panel (an accessibility overlay window of its package); when
 * the platform reports no windows, the active window's root alone. Nodes are read lazily as the walk reaches them and every node obtained
 * for one walk is recycled after it (below API 33). Main thread only.
 */
class AccessibilityTree(
  private val service: AccessibilityService,
  /** False while the service is not connected: the request is then answered OPERATOR_NOT_ENABLED. */
  private val connected: () -> Boolean,
) : TreeSource {
  override fun read(walk: (List<TreeWindow>) -> Json.Obj): Json.Obj? {
    if (!connected()) return null
    val obtained = ArrayList<AccessibilityNodeInfo>()
    try {
      return walk(windows(obtained))
    } finally {
      obtained.forEach(::recycle)
    }
  }

  private fun windows(obtained: MutableList<AccessibilityNodeInfo>): List<TreeWindow> {
    val platform: List<AccessibilityWindowInfo> = service.windows.orEmpty()
    if (platform.isEmpty()) {
      val root = service.rootInActiveWindow ?: return emptyList()
      obtained.add(root)
      return listOf(TreeWindow(root.windowId, AccessibilityTreeNode(root, obtained)))
    }
    return platform.sortedByDescending { it.isActive }.mapNotNull { window ->
      val root = window.root?.also { obtained.add(it) }
      val ownPanel = window.type == AccessibilityWindowInfo.TYPE_ACCESSIBILITY_OVERLAY && root?.packageName?.toString() == service.packageName
      if (ownPanel) null else TreeWindow(window.id, root?.let { AccessibilityTreeNode(it, obtained) })
    }
  }

  @Suppress("DEPRECATION")
  private fun recycle(node: AccessibilityNodeInfo) {
    // API 33+ recycles by itself; recycling there is a no-op.
    if (Build.VERSION.SDK_INT < 33) node.recycle()
  }
}

/** One AccessibilityNodeInfo as the walk reads it; children are obtained only through [child]. */
class AccessibilityTreeNode(
  private val info: AccessibilityNodeInfo,
  private val obtained: MutableList<AccessibilityNodeInfo>,
) : TreeNode {
  private val bounds = Rect().also { info.getBoundsInScreen(it) }
  override val packageName: String? = info.packageName?.toString()
  override val className: String? = info.className?.toString()
  override val resourceId: String? = info.viewIdResourceName
  override val text: String? = info.text?.toString()
  override val contentDescription: String? = info.contentDescription?.toString()
  override val left get() = bounds.left
  override val top get() = bounds.top
  override val right get() = bounds.right
  override val bottom get() = bounds.bottom
  override val visible = info.isVisibleToUser
  override val clickable = info.isClickable
  override val focused = info.isFocused
  override val focusable = info.isFocusable
  override val selected = info.isSelected
  override val enabled = info.isEnabled
  override val scrollable = info.isScrollable
  override val editable = info.isEditable
  override val password = info.isPassword
  override val childCount get() = info.childCount

  override fun child(index: Int): TreeNode? {
    val child = info.getChild(index) ?: return null
    obtained.add(child)
    return AccessibilityTreeNode(child, obtained)
  }

  /** An empty EditText reports its hint as its text; isShowingHintText (API 26+) tells them apart. */
  override val fieldText: String
    get() = if (Build.VERSION.SDK_INT >= 26 && info.isShowingHintText) "" else text.orEmpty()

  override fun setText(value: String): Boolean {
    val arguments = Bundle().apply {
      putCharSequence(AccessibilityNodeInfo.ACTION_ARGUMENT_SET_TEXT_CHARSEQUENCE, value)
    }
    return info.performAction(AccessibilityNodeInfo.ACTION_SET_TEXT, arguments)
  }

  override fun click(): Boolean = info.performAction(AccessibilityNodeInfo.ACTION_CLICK)
}
