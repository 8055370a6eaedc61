package com.androperator.operator.core.ui

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonWriter
import com.androperator.operator.core.json.jsonObject
import java.security.MessageDigest
import java.util.Base64

/** One accessibility node as the walker reads it (the Android adapter fills it from AccessibilityNodeInfo). */
data class RawTreeNode(
  val packageName: String?, val className: String?, val resourceId: String?, val text: String?,
  val contentDescription: String?, val left: Int, val top: Int, val right: Int, val bottom: Int,
  val visible: Boolean, val clickable: Boolean, val focused: Boolean, val focusable: Boolean, val selected: Boolean,
  val enabled: Boolean, val scrollable: Boolean, val editable: Boolean, val password: Boolean,
  val children: List<RawTreeNode>,
)

data class RawTreeWindow(val id: Int, val root: RawTreeNode?)

/** The get_ui_tree walk of docs/ui-loop.md, rule for rule as src/shared/ui/operatorTree.ts boundTree(). */
object BoundedTree {
  const val MAX_NODES = 250
  const val MAX_JSON_BYTES = 60 * 1024
  const val MAX_VISITED = 1000
  const val MAX_TEXT_UNITS = 256

  fun hash(value: String): String {
    val digest = MessageDigest.getInstance("SHA-256").digest(value.toByteArray(Charsets.UTF_16BE))
    return Base64.getUrlEncoder().withoutPadding().encodeToString(digest)
  }

  private fun empty(value: String?) = if (value.isNullOrEmpty()) null else value

  private fun shorten(value: String?): Pair<String?, String?> {
    if (value == null || value.length <= MAX_TEXT_UNITS) return value to null
    var cut = MAX_TEXT_UNITS
    if (Character.isHighSurrogate(value[cut - 1])) cut -= 1
    return value.substring(0, cut) to hash(value)
  }

  private class Pending(val node: RawTreeNode, val window: Int, val depth: Int, val parent: Int?)

  fun walk(windows: List<RawTreeWindow>): Json.Obj {
    val queue = ArrayList<Pending>()
    windows.forEach { w -> w.root?.let { queue.add(Pending(it, w.id, 0, null)) } }
    val nodes = ArrayList<Json>()
    var visited = 0
    var bytes = 2
    var truncatedBy: String? = null
    var head = 0
    while (head < queue.size) {
      val p = queue[head++]
      if (visited >= MAX_VISITED) { truncatedBy = "visited"; break }
      visited++
      val n = p.node
      if (!n.visible) continue
      if (nodes.size >= MAX_NODES) { truncatedBy = "nodes"; break }
      val (text, textHash) = shorten(if (n.password) null else empty(n.text))
      val (description, descriptionHash) = shorten(if (n.password) null else empty(n.contentDescription))
      val index = nodes.size
      val out = jsonObject {
        put("index", index)
        put("parent", p.parent?.let { Json.of(it) } ?: Json.Null)
        put("depth", p.depth)
        put("window_id", p.window)
        put("package", empty(n.packageName))
        put("class", empty(n.className))
        put("resource_id", empty(n.resourceId))
        put("text", text)
        textHash?.let { put("text_hash", it) }
        put("content_description", description)
        descriptionHash?.let { put("description_hash", it) }
        put("bounds", "[${n.left},${n.top}][${n.right},${n.bottom}]")
        put("clickable", n.clickable)
        put("focused", n.focused)
        put("focusable", n.focusable)
        put("selected", n.selected)
        put("enabled", n.enabled)
        put("scrollable", n.scrollable)
        put("editable", n.editable)
        put("password", n.password)
      }
      val size = JsonWriter.utf8Size(out) + if (index == 0) 0 else 1
      if (bytes + size > MAX_JSON_BYTES) { truncatedBy = "json_bytes"; break }
      bytes += size
      nodes.add(out)
      n.children.forEach { queue.add(Pending(it, p.window, p.depth + 1, index)) }
    }
    val truncated = truncatedBy != null
    return jsonObject {
      put("status", if (truncated) "partial" else "complete")
      put("backend", "operator")
      put("node_count", nodes.size)
      put("visited_count", visited)
      put("truncated", truncated)
      put("truncated_by", truncatedBy)
      put("mode", if (truncated) "partial" else "full")
      put("nodes", Json.arr(nodes))
    }
  }
}
