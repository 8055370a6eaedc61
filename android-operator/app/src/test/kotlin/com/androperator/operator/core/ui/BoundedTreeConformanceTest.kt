package com.androperator.operator.core.ui

import com.androperator.operator.core.conformance.Vectors
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonWriter
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue

/** Runs conformance/ui-tree/bounded-tree.json, which src/shared/ui/operatorTree.conformance.test.ts also runs. */
class BoundedTreeConformanceTest {
  private fun str(v: Json?) = (v as? Json.Str)?.value
  private fun bool(v: Json?) = (v as Json.Bool).value
  private fun int(v: Json?) = (v as Json.Num).value.toInt()

  private fun node(o: Json.Obj): RawTreeNode {
    val b = o["bounds"] as Json.Obj
    return RawTreeNode(
      str(o["package"]), str(o["class"]), str(o["resource_id"]), str(o["text"]), str(o["content_description"]),
      int(b["left"]), int(b["top"]), int(b["right"]), int(b["bottom"]), bool(o["visible"]), bool(o["clickable"]),
      bool(o["focused"]), bool(o["focusable"]), bool(o["selected"]), bool(o["enabled"]), bool(o["scrollable"]),
      bool(o["editable"]), bool(o["password"]), (o["children"] as Json.Arr).items.map { node(it as Json.Obj) },
    )
  }

  private fun leaf(text: String?, cls: String, visible: Boolean, children: List<RawTreeNode> = emptyList()) =
    RawTreeNode("com.example", cls, null, text, null, 0, 0, 100, 50, visible, false, false, false, false, true, false,
      false, false, children)

  @Test
  fun vectors() {
    val file = Vectors.load("ui-tree/bounded-tree.json")
    val vectors = (file["vectors"] as Json.Arr).items.map { it as Json.Obj }
    assertTrue(vectors.size >= 5)
    for (v in vectors) {
      val name = str(v["name"])
      val windows = (v["windows"] as? Json.Arr)?.items?.map { w ->
        w as Json.Obj
        RawTreeWindow(int(w["id"]), (w["root"] as? Json.Obj)?.let { node(it) })
      } ?: run {
        val g = v["generate"] as Json.Obj
        val invisibleFrom = (g["invisible_from"] as? Json.Num)?.value?.toInt()
        val children = (0 until int(g["children"])).map {
          leaf("a".repeat(int(g["text_units"])), "android.widget.TextView", invisibleFrom == null || it < invisibleFrom)
        }
        listOf(RawTreeWindow(1, leaf(null, "android.widget.FrameLayout", true, children)))
      }
      val tree = BoundedTree.walk(windows)
      (v["expected"] as? Json.Obj)?.let { assertEquals(JsonWriter.write(it), JsonWriter.write(tree), name) }
      (v["expected_summary"] as? Json.Obj)?.let { summary ->
        for ((key, want) in summary.members) {
          if (key == "max_json_bytes") {
            assertTrue(JsonWriter.utf8Size(tree["nodes"]!!) <= int(want), name)
          } else {
            assertEquals(want, tree[key], "$name: $key")
          }
        }
      }
    }
  }
}
