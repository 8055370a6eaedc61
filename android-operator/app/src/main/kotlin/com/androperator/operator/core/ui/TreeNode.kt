package com.androperator.operator.core.ui

import com.androperator.operator.core.json.Json

/**
 * One accessibility node as the get_ui_tree walk reads it. The Android adapter wraps AccessibilityNodeInfo; children
 * are fetched one at a time through [child] and only when the walk reaches them, so the walk's limits bound how many
 * nodes are ever read from the platform.
 */
interface TreeNode {
  val packageName: String?
  val className: String?
  val resourceId: String?
  val text: String?
  val contentDescription: String?
  val left: Int
  val top: Int
  val right: Int
  val bottom: Int
  val visible: Boolean
  val clickable: Boolean
  val focused: Boolean
  val focusable: Boolean
  val selected: Boolean
  val enabled: Boolean
  val scrollable: Boolean
  val editable: Boolean
  val password: Boolean
  val childCount: Int

  /** The child at [index], or null when the platform no longer has it. */
  fun child(index: Int): TreeNode?

  /** The field's own text for set_text's append: "" while it shows its hint (isShowingHintText). */
  val fieldText: String get() = text.orEmpty()

  /** ACTION_SET_TEXT with [value]; false when the app refused it (or the node cannot take it). */
  fun setText(value: String): Boolean = false

  /** ACTION_CLICK; false when the app refused it. */
  fun click(): Boolean = false
}

/** A window of the walk: its id and root node (null when the platform gives no root, e.g. a window being removed). */
data class TreeWindow(val id: Int, val root: TreeNode?)

/** A node held in memory (conformance vectors and tests): its text is its field's text; a click changes nothing. */
data class RawTreeNode(
  override val packageName: String?,
  override val className: String?,
  override val resourceId: String?,
  override var text: String?,
  override val contentDescription: String?,
  override val left: Int,
  override val top: Int,
  override val right: Int,
  override val bottom: Int,
  override val visible: Boolean,
  override val clickable: Boolean,
  override val focused: Boolean,
  override val focusable: Boolean,
  override val selected: Boolean,
  override val enabled: Boolean,
  override val scrollable: Boolean,
  override val editable: Boolean,
  override val password: Boolean,
  val children: List<RawTreeNode>,
) : TreeNode {
  override val childCount: Int get() = children.size

  override fun child(index: Int): TreeNode? = children.getOrNull(index)

  override fun setText(value: String): Boolean {
    text = value
    return true
  }

  override fun click(): Boolean = true
}

/**
 * The active windows for one get_ui_tree walk: [read] hands them to [walk] and releases whatever the platform lent
 * for it afterwards (node recycling). Null when the accessibility service is not connected.
 */
fun interface TreeSource {
  fun read(walk: (List<TreeWindow>) -> Json.Obj): Json.Obj?

  companion object {
    /** Windows held in memory: nothing to release. */
    fun of(windows: List<TreeWindow>) = TreeSource { walk -> walk(windows) }

    val DISCONNECTED = TreeSource { null }
  }
}
