package com.androperator.operator.core.agent

import com.androperator.operator.core.Outcome
import com.androperator.operator.core.conformance.Vectors
import com.androperator.operator.core.geometry.FixedAdvanceMeasurer
import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.operator.OperatorAgentBackend
import com.androperator.operator.core.operator.OperatorExecutor
import com.androperator.operator.core.operator.WindowSnapshot
import com.androperator.operator.core.panel.DrawnPanel
import com.androperator.operator.core.panel.FakeClock
import com.androperator.operator.core.panel.FakeEnvironment
import com.androperator.operator.core.panel.PanelController
import com.androperator.operator.core.panel.PanelWindowHost
import com.androperator.operator.core.panel.StaticTemplateSession
import com.androperator.operator.core.template.DeviceMetadata
import com.androperator.operator.core.template.ForegroundAppMetadata
import com.androperator.operator.core.template.SystemLanguageMetadata
import com.androperator.operator.core.template.TemplateMetadata
import com.androperator.operator.core.ui.TreeSource
import com.androperator.operator.core.ui.TreeVectors
import java.io.ByteArrayOutputStream
import java.io.File
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicContainer
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory

/** Replays conformance/agent-protocol: the Kotlin codec must answer exactly what the TypeScript simulator answers. */
class RecordedExchangesTest {
  private val kebab = Regex("^[a-z0-9]+(?:-[a-z0-9]+)*$")

  @TestFactory
  fun recordedExchanges(): List<DynamicContainer> {
    val files = File(Vectors.directory, "agent-protocol").listFiles { f -> f.name.endsWith(".json") }!!.sortedBy { it.name }
    assertTrue(files.size >= 5, "recorded exchange files")
    return files.map { file ->
      val doc = Vectors.load("agent-protocol/${file.name}")
      assertEquals(Json.Str("agent-protocol"), doc["kind"])
      val exchanges = (doc["exchanges"] as Json.Arr).items.map { it as Json.Obj }
      val names = exchanges.map { (it["name"] as Json.Str).value }
      assertEquals(names.size, names.toSet().size, "unique names in ${file.name}")
      assertTrue(names.all { kebab.matches(it) }, "kebab-case names in ${file.name}")
      DynamicContainer.dynamicContainer(
        file.name,
        exchanges.map { exchange ->
          DynamicTest.dynamicTest((exchange["name"] as Json.Str).value) { replay(doc["operator"] as Json.Obj, exchange) }
        },
      )
    }
  }

  /** A fresh Operator set up from the file's `operator` section, talking through one [AgentSession]. */
  private class Harness(setup: Json.Obj) {
    val clock = FakeClock()
    val received = ArrayList<Json.Obj>()
    var closed = false
    private val environment = FakeEnvironment(
      api = Vectors.int(setup["apiLevel"], "apiLevel"),
      connected = setup["serviceConnected"] == Json.Bool(true),
    )
    private val controller: PanelController
    private val host = object : PanelWindowHost {
      override fun show(panel: DrawnPanel) = controller.onDrawn(panel.generation) // "immediate" acknowledgement

      override fun remove() = Unit
    }
    val session: AgentSession

    init {
      check(setup["drawAcknowledgement"] == Json.Str("immediate"))
      val metrics = setup["metrics"] as Json.Obj
      val usable = PxRect.parse((metrics["usable"] as Json.Str).value)!!
      environment.metrics = Outcome.Ok(
        FakeEnvironment.PHONE.copy(
          widthPx = usable.right, heightPx = usable.bottom, usable = usable,
          density = Vectors.double(metrics["density"], "density"), scaledDensity = Vectors.double(metrics["scaledDensity"], "scaledDensity"),
        ),
      )
      val measurer = setup["measurer"] as Json.Obj
      val fixed = FixedAdvanceMeasurer(
        Vectors.double(measurer["advance"], "advance"), Vectors.double(measurer["ascent"], "ascent"), Vectors.double(measurer["descent"], "descent"),
      )
      val env = object : com.androperator.operator.core.panel.PanelEnvironment by environment {
        override val measurer = fixed
      }
      val metadata = metadataOf(setup["metadata"] as Json.Obj)
      controller = PanelController(env, host, clock, { StaticTemplateSession(metadata) }, "recorded")
      val snapshot = setup["snapshot"] as Json.Obj
      val executor = OperatorExecutor(
        controller,
        {
          WindowSnapshot(
            (snapshot["xml"] as Json.Str).value, (snapshot["foregroundPackage"] as? Json.Str)?.value,
            Vectors.int(snapshot["windowCount"], "windowCount"), (snapshot["overlayPackage"] as? Json.Str)?.value,
          )
        },
        clock,
      )
      // Files with an operator.uiWindows input answer get_ui_tree from it (conformance/ui-tree/ raw windows).
      val uiWindows = (setup["uiWindows"] as? Json.Arr)?.let { TreeSource.of(TreeVectors.windows(it)) } ?: TreeSource.DISCONNECTED
      val backend = OperatorAgentBackend(controller, executor, LeaseKeeper(clock::now), uiWindows) {
        describe(setup["description"] as Json.Obj)
      }
      session = AgentSession(backend, send = { received.add(it) }, close = { closed = true })
    }

    private fun describe(json: Json.Obj): OperatorDescription {
      fun obj(o: Json.Obj, key: String) = o[key] as Json.Obj
      fun str(o: Json.Obj, key: String) = (o[key] as Json.Str).value
      fun strOrNull(o: Json.Obj, key: String) = (o[key] as? Json.Str)?.value
      val operator = obj(json, "operator")
      val device = obj(json, "device")
      val display = obj(json, "display")
      val locale = obj(json, "locale")
      val app = json["foregroundApp"] as? Json.Obj
      val usable = display["usable"] as? Json.Obj
      val panel = controller.currentPanel
      val visible = controller.visible && panel != null
      return OperatorDescription(
        operatorPackage = str(operator, "packageName"), operatorVersionName = str(operator, "versionName"),
        operatorVersionCode = str(operator, "versionCode"),
        serviceConnected = obj(json, "service")["connected"] == Json.Bool(true),
        manufacturer = str(device, "manufacturer"), model = str(device, "model"),
        sdkInt = Vectors.int(device["sdkInt"], "sdkInt"), release = str(device, "release"),
        display = DisplayDescription(
          widthPx = Vectors.int(display["widthPx"], "widthPx"), heightPx = Vectors.int(display["heightPx"], "heightPx"),
          densityDpi = Vectors.int(display["densityDpi"], "densityDpi"), density = Vectors.double(display["density"], "density"),
          fontScale = Vectors.double(display["fontScale"], "fontScale"),
          scaledDensity = Vectors.double(display["scaledDensity"], "scaledDensity"),
          rotation = Vectors.int(display["rotation"], "rotation"),
          usable = usable?.let {
            PxRect(Vectors.int(it["left"], "l"), Vectors.int(it["top"], "t"), Vectors.int(it["right"], "r"), Vectors.int(it["bottom"], "b"))
          },
          usableError = strOrNull(display, "usableError"),
        ),
        locale = LocaleDescription(str(locale, "tag"), str(locale, "code"), str(locale, "name")),
        foregroundApp = app?.let {
          ForegroundAppInfo(strOrNull(it, "packageName"), strOrNull(it, "label"), strOrNull(it, "versionCode"), strOrNull(it, "versionName"), strOrNull(it, "iconPng"))
        },
        panelVisible = visible,
        panelGeneration = if (visible) panel.generation else controller.currentGeneration,
        panelBounds = if (visible) panel.layout.bounds.format() else null,
      )
    }

    private fun metadataOf(json: Json.Obj): TemplateMetadata {
      fun field(group: Json?, key: String) = ((group as? Json.Obj)?.get(key) as? Json.Str)?.value
      val app = json["foregroundApp"] as? Json.Obj
      val device = json["device"]
      val system = json["system"]
      return TemplateMetadata(
        app?.let { ForegroundAppMetadata(field(it, "packageName"), field(it, "versionCode"), field(it, "versionName")) },
        DeviceMetadata(field(device, "manufacturer"), field(device, "model")),
        SystemLanguageMetadata(field(system, "languageCode"), field(system, "languageTag"), field(system, "languageName")),
      )
    }
  }

  private fun replay(setup: Json.Obj, exchange: Json.Obj) {
    val harness = Harness(setup)
    var next = 0
    for ((index, step) in (exchange["steps"] as Json.Arr).items.withIndex()) {
      val s = step as Json.Obj
      val where = "step $index"
      when {
        s["send"] != null -> {
          val frames = when (val send = s["send"]!!) {
            is Json.Arr -> send.items
            else -> listOf(send)
          }
          val bytes = ByteArrayOutputStream().also { out ->
            frames.forEach { out.write(Frames.encode(Vectors.expand(it) as Json.Obj)) }
          }.toByteArray()
          val chunk = s["chunkBytes"]?.let { Vectors.int(it, "chunkBytes") } ?: bytes.size
          bytes.toList().chunked(chunk).forEach { harness.session.receive(it.toByteArray()) }
        }
        s["sendHex"] != null -> harness.session.receive(hex((s["sendHex"] as Json.Str).value))
        s["expect"] != null -> {
          harness.clock.advance(0)
          assertTrue(next < harness.received.size, "$where: expected a frame, none was sent")
          val mismatch = JsonPattern.mismatch(s["expect"]!!, harness.received[next++])
          assertEquals(null, mismatch, where)
        }
        s["advanceMs"] != null -> harness.clock.advance(Vectors.int(s["advanceMs"], "advanceMs").toLong())
        s["expectClosed"] == Json.Bool(true) -> assertTrue(harness.closed, "$where: the stream is still open")
        else -> error("$where: unknown step $s")
      }
    }
    assertEquals(next, harness.received.size, "unread frames after the last step: ${harness.received.drop(next)}")
  }

  private fun hex(text: String): ByteArray = ByteArray(text.length / 2) { text.substring(it * 2, it * 2 + 2).toInt(16).toByte() }
}
