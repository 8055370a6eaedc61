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
  private fun int(v: Json?) = (v as Json.Num).value.toInt()

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
      val windows = (v["windows"] as? Json.Arr)?.let(TreeVectors::windows) ?: run {
        val g = v["generate"] as Json.Obj
        val invisibleFrom = (g["invisible_from"] as? Json.Num)?.value?.toInt()
        val children = (0 until int(g["children"])).map {
          leaf("a".repeat(int(g["text_units"])), "android.widget.TextView", invisibleFrom == null || it < invisibleFrom)
        }
        listOf(TreeWindow(1, leaf(null, "android.widget.FrameLayout", true, children)))
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
