package com.androperator.operator.core.ui

import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonWriter
import com.androperator.operator.core.json.jsonObject
import java.security.MessageDigest

/** The get_ui_tree walk of docs/ui-loop.md, rule for rule as src/shared/ui/operatorTree.ts boundTree(). */
object BoundedTree {
  const val MAX_NODES = 250
  const val MAX_JSON_BYTES = 60 * 1024
  const val MAX_VISITED = 1000
  const val MAX_TEXT_UNITS = 256

  /** SHA-256 of the value's UTF-16 code units, big-endian (lone surrogates as they are), base64url without padding. */
  fun hash(value: String): String {
    val units = ByteArray(value.length * 2)
    for (i in value.indices) {
      val unit = value[i].code
      units[i * 2] = (unit ushr 8).toByte()
      units[i * 2 + 1] = unit.toByte()
    }
    return Base64Url.encode(MessageDigest.getInstance("SHA-256").digest(units))
  }

  private fun empty(value: String?) = if (value.isNullOrEmpty()) null else value

  private fun shorten(value: String?): Pair<String?, String?> {
    if (value == null || value.length <= MAX_TEXT_UNITS) return value to null
    var cut = MAX_TEXT_UNITS
    // Never split a surrogate pair: the shown prefix stays well-formed UTF-16.
    if (Character.isHighSurrogate(value[cut - 1])) cut -= 1
    return value.substring(0, cut) to hash(value)
  }

  /** A place in the queue: a window root, or the [childIndex]th child of a kept node (read when dequeued). */
  private class Pending(val root: TreeNode?, val parentNode: TreeNode?, val childIndex: Int, val window: Int, val depth: Int, val parent: Int?)

  /** Walks the windows breadth-first (window order, then level order) within the limits. */
  fun walk(windows: List<TreeWindow>): Json.Obj {
    val queue = ArrayList<Pending>()
    windows.forEach { w -> w.root?.let { queue.add(Pending(it, null, 0, w.id, 0, null)) } }
    val nodes = ArrayList<Json>()
    var visited = 0
    var bytes = 2 // the enclosing [ ]
    var truncatedBy: String? = null
    var head = 0
    while (head < queue.size) {
      val p = queue[head++]
      if (visited >= MAX_VISITED) { truncatedBy = "visited"; break }
      visited++
      // A child the platform no longer has counts as visited (it was read) and is not shown.
      val n = p.root ?: p.parentNode!!.child(p.childIndex) ?: continue
      if (!n.visible) continue // an invisible node's subtree is not shown either
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
      for (i in 0 until n.childCount) queue.add(Pending(null, n, i, p.window, p.depth + 1, index))
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
