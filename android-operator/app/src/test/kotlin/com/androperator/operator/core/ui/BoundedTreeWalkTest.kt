package com.androperator.operator.core.ui

import com.androperator.operator.core.json.Json
import java.util.Base64
import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** What the vectors cannot show: the walk reads children lazily, and the hash encoding matches the JDK's. */
class BoundedTreeWalkTest {
  /** A platform-like node: counts every child read; [missing] children are gone when read (null). */
  private class CountingNode(
    val visibleNode: Boolean,
    val kids: List<CountingNode> = emptyList(),
    val missing: Set<Int> = emptySet(),
    val label: String? = null,
  ) : TreeNode {
    var reads = 0
    override val packageName = "com.example"
    override val className = "android.view.View"
    override val resourceId: String? = null
    override val text = label
    override val contentDescription: String? = null
    override val left = 0
    override val top = 0
    override val right = 10
    override val bottom = 10
    override val visible = visibleNode
    override val clickable = false
    override val focused = false
    override val focusable = false
    override val selected = false
    override val enabled = true
    override val scrollable = false
    override val editable = false
    override val password = false
    override val childCount get() = kids.size

    override fun child(index: Int): TreeNode? {
      reads++
      return if (index in missing) null else kids[index]
    }
  }

  private fun texts(tree: Json.Obj) = (tree["nodes"] as Json.Arr).items.map { ((it as Json.Obj)["text"] as? Json.Str)?.value }

  @Test
  fun readsNoChildBeyondTheVisitedCap() {
    val root = CountingNode(true, List(5000) { CountingNode(false) })
    val tree = BoundedTree.walk(listOf(TreeWindow(1, root)))
    assertEquals(Json.Str("visited"), tree["truncated_by"])
    assertEquals(Json.of(BoundedTree.MAX_VISITED), tree["visited_count"])
    // The root was handed over; every other visit is exactly one child read.
    assertEquals(BoundedTree.MAX_VISITED - 1, root.reads)
  }

  @Test
  fun neverReadsTheChildrenOfAnInvisibleNode() {
    val hidden = CountingNode(false, List(3) { CountingNode(true, label = "under") })
    val root = CountingNode(true, listOf(CountingNode(true, label = "a"), hidden, CountingNode(true, label = "b")))
    val tree = BoundedTree.walk(listOf(TreeWindow(1, root)))
    assertEquals(0, hidden.reads)
    assertEquals(listOf(null, "a", "b"), texts(tree))
  }

  @Test
  fun aChildGoneWhenReadCountsAsVisitedAndIsNotShown() {
    val root = CountingNode(true, List(3) { CountingNode(true, label = "c$it") }, missing = setOf(1))
    val tree = BoundedTree.walk(listOf(TreeWindow(1, root)))
    assertEquals(listOf(null, "c0", "c2"), texts(tree))
    assertEquals(Json.of(4), tree["visited_count"])
    assertEquals(Json.Str("complete"), tree["status"])
  }

  @Test
  fun base64UrlMatchesTheJdkEncoderForEveryLength() {
    val random = Random(18)
    for (size in 0..70) {
      val bytes = random.nextBytes(size)
      assertEquals(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), Base64Url.encode(bytes), "size $size")
    }
  }

  @Test
  fun hashIsOverUtf16CodeUnitsBigEndian() {
    // "A" is 00 41; a lone surrogate is its own two bytes, not a replacement character.
    val digest = java.security.MessageDigest.getInstance("SHA-256")
    assertEquals(Base64Url.encode(digest.digest(byteArrayOf(0, 0x41, 0xd8.toByte(), 0))), BoundedTree.hash("A\ud800"))
    assertTrue(BoundedTree.hash("A\ud800") != BoundedTree.hash("A\ufffd"))
  }
}
