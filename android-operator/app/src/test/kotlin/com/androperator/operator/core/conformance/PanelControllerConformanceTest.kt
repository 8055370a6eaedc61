package com.androperator.operator.core.conformance

import com.androperator.operator.core.json.Json
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicContainer
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory

/** Runs every timeline of conformance/panel-controller*.json against the Kotlin core's PanelController. */
class PanelControllerConformanceTest {
  private val files: List<String> =
    Vectors.directory.list()!!.filter { Regex("^panel-controller.*\\.json$").matches(it) }.sorted()

  @Test
  fun `holds at least 40 timelines with names unique across files`() {
    val names = files.flatMap { file -> Vectors.cases(file, KIND, MINIMUM_PER_FILE).map { it.name } }
    assertTrue(names.size >= 40, "${names.size} timelines, at least 40 required")
    assertEquals(names.size, names.toSet().size, "timeline names are unique across files")
  }

  @TestFactory
  fun timelines(): List<DynamicContainer> = files.map { file ->
    val defaults = Vectors.load(file)["environment"] as Json.Obj
    DynamicContainer.dynamicContainer(
      file,
      Vectors.cases(file, KIND, MINIMUM_PER_FILE).map { vector ->
        DynamicTest.dynamicTest(vector.name) {
          val problems = PanelTimeline(defaults, vector.input as Json.Obj, vector.expect).play()
          assertEquals(emptyList<String>(), problems, "$file ${vector.name}")
        }
      },
    )
  }

  private companion object {
    const val KIND = "panel-controller"
    const val MINIMUM_PER_FILE = 5
  }
}
