package com.androperator.operator.core.ui

import com.androperator.operator.core.AppError
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.jsonObject

/**
 * The identity fields of a node as get_ui_tree shows it (reference 4.3 step 5); set_text and click_node act only on
 * the one visible node that has all of them. Same rules as src/shared/agent/nodeActions.ts.
 */
data class NodeTarget(
  val packageName: String,
  val className: String?,
  val resourceId: String?,
  val text: String?,
  val textHash: String?,
  val contentDescription: String?,
  val descriptionHash: String?,
  val bounds: String,
) {
  companion object {
    const val RULE = "target must be an object with package (string), class, resource_id, text, content_description " +
      "(string or null), bounds ([l,t][r,b]) and optional text_hash, description_hash"
    private val BOUNDS = Regex("^\\[-?\\d+,-?\\d+\\]\\[-?\\d+,-?\\d+\\]$")

    /** The target of a request (unknown keys ignored), or null when it breaks [RULE]. */
    fun parse(value: Json?): NodeTarget? {
      val o = value as? Json.Obj ?: return null
      fun nullable(key: String): Pair<Boolean, String?> = when (val v = o[key]) {
        is Json.Str -> true to v.value
        Json.Null -> true to null
        else -> false to null
      }
      fun optional(key: String): Pair<Boolean, String?> = when (val v = o[key]) {
        null -> true to null
        is Json.Str -> true to v.value
        else -> false to null
      }
      val pkg = (o["package"] as? Json.Str)?.value?.takeIf { it.isNotEmpty() } ?: return null
      val bounds = (o["bounds"] as? Json.Str)?.value?.takeIf { BOUNDS.matches(it) } ?: return null
      val fields = listOf("class", "resource_id", "text", "content_description").map(::nullable)
      val hashes = listOf("text_hash", "description_hash").map(::optional)
      if (fields.any { !it.first } || hashes.any { !it.first }) return null
      return NodeTarget(pkg, fields[0].second, fields[1].second, fields[2].second, hashes[0].second, fields[3].second, hashes[1].second, bounds)
    }
  }
}

/** set_text and click_node over the windows of one read (docs/operator-protocol.md). */
object NodeActions {
  /** A field holds at most this many UTF-16 units after a set_text (reference 4.4). */
  const val SET_TEXT_MAX_UNITS = 4096

  private fun empty(value: String?) = if (value.isNullOrEmpty()) null else value

  private fun shown(value: String?): Pair<String?, String?> {
    if (value == null || value.length <= BoundedTree.MAX_TEXT_UNITS) return value to null
    var cut = BoundedTree.MAX_TEXT_UNITS
    if (Character.isHighSurrogate(value[cut - 1])) cut -= 1
    return value.substring(0, cut) to BoundedTree.hash(value)
  }

  private fun sameIdentity(n: TreeNode, t: NodeTarget): Boolean {
    val text = shown(if (n.password) null else empty(n.text))
    val description = shown(if (n.password) null else empty(n.contentDescription))
    return empty(n.packageName) == t.packageName && empty(n.className) == t.className &&
      empty(n.resourceId) == t.resourceId && text.first == t.text && text.second == t.textHash &&
      description.first == t.contentDescription && description.second == t.descriptionHash &&
      "[${n.left},${n.top}][${n.right},${n.bottom}]" == t.bounds
  }

  private class Pending(val root: TreeNode?, val parent: TreeNode?, val index: Int)

  /** The one visible node with the target's identity, walked as get_ui_tree walks (at most 1000 visited). */
  fun locate(windows: List<TreeWindow>, target: NodeTarget): Outcome<TreeNode> = when (val located = locateWithAncestors(windows, target)) {
    is Outcome.Err -> located
    is Outcome.Ok -> Outcome.Ok(located.value.first)
  }

  /** [locate], with the node's ancestors as the walk read them (parent first, up to its window root). */
  private fun locateWithAncestors(windows: List<TreeWindow>, target: NodeTarget): Outcome<Pair<TreeNode, List<TreeNode>>> {
    val parentOf = java.util.IdentityHashMap<TreeNode, TreeNode>()
    val queue = ArrayList<Pending>()
    windows.forEach { w -> w.root?.let { queue.add(Pending(it, null, 0)) } }
    val found = ArrayList<TreeNode>()
    var visited = 0
    var head = 0
    while (head < queue.size) {
      val p = queue[head++]
      if (visited >= BoundedTree.MAX_VISITED) {
        return Outcome.Err(
          AppError(
            "UI_TREE_INCOMPLETE",
            "The Operator visited ${BoundedTree.MAX_VISITED} nodes without reaching the end of the windows, so the target cannot be proven unique; nothing was done.",
            jsonObject { put("visited", visited) },
          ),
        )
      }
      visited++
      val n = p.root ?: p.parent!!.child(p.index) ?: continue
      p.parent?.let { parentOf[n] = it }
      if (!n.visible) continue
      if (sameIdentity(n, target)) found.add(n)
      for (i in 0 until n.childCount) queue.add(Pending(null, n, i))
    }
    return when (found.size) {
      0 -> Outcome.Err(
        AppError(
          "UI_TARGET_NOT_FOUND",
          "No node on screen has the target's identity (${target.className ?: "node"} ${target.resourceId ?: ""} at ${target.bounds}); nothing was done: read the screen again.",
          jsonObject { put("bounds", target.bounds) },
        ),
      )
      1 -> Outcome.Ok(found[0] to generateSequence(parentOf[found[0]]) { parentOf[it] }.toList())
      else -> Outcome.Err(
        AppError("UI_TARGET_AMBIGUOUS", "${found.size} nodes on screen have the target's identity; nothing was done.", jsonObject { put("matches", found.size) }),
      )
    }
  }

  private fun refuse(code: String, message: String, target: NodeTarget) =
    Outcome.Err(AppError(code, message, jsonObject { put("bounds", target.bounds) }))

  /**
   * ACTION_CLICK on the first clickable node from the target up to its window root (reference 4.2: "walks up to the
   * first clickable ancestor"): the click_node_result's `result` (levels_up and the clicked node), or the refusal.
   */
  fun click(windows: List<TreeWindow>, target: NodeTarget): Outcome<Json.Obj> {
    val (node, ancestors) = when (val located = locateWithAncestors(windows, target)) {
      is Outcome.Err -> return located
      is Outcome.Ok -> located.value
    }
    val chain = listOf(node) + ancestors
    val levels = chain.indexOfFirst { it.clickable }
    if (levels < 0) {
      return refuse(
        "UI_TARGET_NOT_CLICKABLE",
        "Neither the target node nor any of its ancestors is clickable (ACTION_CLICK is not offered); nothing was done.",
        target,
      )
    }
    val clicked = chain[levels]
    if (!clicked.enabled) {
      val message = if (levels == 0) "The target node is disabled; nothing was done." else "The target's first clickable ancestor is disabled; nothing was done."
      return refuse("UI_TARGET_NOT_CLICKABLE", message, target)
    }
    if (!clicked.click()) return refuse("UI_NODE_ACTION_FAILED", "The app refused ACTION_CLICK on the target node.", target)
    return Outcome.Ok(
      jsonObject {
        put("performed", true)
        put("levels_up", levels)
        put(
          "clicked",
          jsonObject {
            put("class", empty(clicked.className))
            put("resource_id", empty(clicked.resourceId))
            put("bounds", "[${clicked.left},${clicked.top}][${clicked.right},${clicked.bottom}]")
          },
        )
      },
    )
  }

  /** ACTION_SET_TEXT on the target (replacing, or appending to its text): set_text_result's `result`, or the refusal. */
  fun setText(windows: List<TreeWindow>, target: NodeTarget, text: String, replace: Boolean): Outcome<Json.Obj> {
    val node = when (val located = locate(windows, target)) {
      is Outcome.Err -> return located
      is Outcome.Ok -> located.value
    }
    if (node.password) {
      return refuse("UI_TARGET_PASSWORD", "The target is a password field: the Operator never types into password fields; nothing was done.", target)
    }
    if (!node.enabled) return refuse("UI_TARGET_NOT_EDITABLE", "The target field is disabled; nothing was done.", target)
    if (!node.editable) {
      return refuse(
        "UI_TARGET_NOT_EDITABLE",
        "The target node is not editable (ACTION_SET_TEXT needs an editable field); nothing was done: focus a text field first.",
        target,
      )
    }
    val next = if (replace) text else node.fieldText + text
    if (next.length > SET_TEXT_MAX_UNITS) {
      return Outcome.Err(
        AppError(
          "INVALID_ARGUMENTS",
          "The field would hold ${next.length} UTF-16 units; at most $SET_TEXT_MAX_UNITS: shorten the text or replace instead of appending. Nothing was done.",
          jsonObject {
            put("length", next.length)
            put("max", SET_TEXT_MAX_UNITS)
          },
        ),
      )
    }
    if (!node.setText(next)) return refuse("UI_NODE_ACTION_FAILED", "The app refused ACTION_SET_TEXT on the target field.", target)
    return Outcome.Ok(
      jsonObject {
        put("performed", true)
        put("mode", if (replace) "replace" else "append")
        put("length", next.length)
      },
    )
  }
}
