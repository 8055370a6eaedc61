package com.androperator.operator.core.ui

import com.androperator.operator.core.json.Json

/** Raw windows in the notation of conformance/ui-tree/ (also the `uiWindows` of a recorded agent-protocol file). */
object TreeVectors {
  private fun str(v: Json?) = (v as? Json.Str)?.value
  private fun bool(v: Json?) = (v as Json.Bool).value
  private fun int(v: Json?) = (v as Json.Num).value.toInt()

  fun node(o: Json.Obj): RawTreeNode {
    val b = o["bounds"] as Json.Obj
    return RawTreeNode(
      str(o["package"]), str(o["class"]), str(o["resource_id"]), str(o["text"]), str(o["content_description"]),
      int(b["left"]), int(b["top"]), int(b["right"]), int(b["bottom"]), bool(o["visible"]), bool(o["clickable"]),
      bool(o["focused"]), bool(o["focusable"]), bool(o["selected"]), bool(o["enabled"]), bool(o["scrollable"]),
      bool(o["editable"]), bool(o["password"]), (o["children"] as Json.Arr).items.map { node(it as Json.Obj) },
    )
  }

  fun windows(array: Json.Arr): List<TreeWindow> = array.items.map { w ->
    w as Json.Obj
    TreeWindow(int(w["id"]), (w["root"] as? Json.Obj)?.let { node(it) })
  }
}
