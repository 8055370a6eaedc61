package com.androperator.operator.android

import android.content.res.Resources
import com.androperator.operator.OperatorAccessibilityService
import com.androperator.operator.core.json.Json
import org.junit.Assert.assertEquals
import org.robolectric.Robolectric
import android.view.WindowManager

/**
 * A connected Operator runtime on a Robolectric device, with an agent peer: the runtime is the service's own class,
 * built around the given WindowManager and framework resources (the display facts Robolectric cannot set itself).
 */
class OperatorDevice(
  windowManager: (OperatorAccessibilityService) -> WindowManager = { RoboScreen.windowManager(it) },
  systemResources: () -> Resources = Resources::getSystem,
) : AutoCloseable {
  val service: OperatorAccessibilityService = Robolectric.buildService(OperatorAccessibilityService::class.java).create().get()
  val runtime = OperatorRuntime(service, windowManager(service), systemResources).also { it.attach() }
  val client = AgentClient(runtime.agentServer)
  private var executions = 0

  /** Runs one set_on_screen_log with [params] (JSON members) and returns its step data. */
  fun set(params: String): Map<String, String> {
    val id = "e${++executions}"
    client.send(
      """{"v":1,"type":"execute","id":"$id","execution":{"commandId":"cmd-$id","taskId":"task-$id","source":"agent",
        |"expectedFormat":"android-ui-automator","timeoutMs":30000,
        |"actions":[{"id":"show","type":"set_on_screen_log","params":{$params}}]}}""".trimMargin(),
    )
    val reply = client.reply(id)
    assertEquals(Json.Str("execute_result"), reply["type"])
    val step = ((reply["envelope"] as Json.Obj)["stepResults"] as Json.Arr).items.single() as Json.Obj
    return (step["data"] as Json.Obj).members.mapValues { (_, v) -> (v as Json.Str).value }
  }

  /** The hello_result's display description. */
  fun display(): Json.Obj {
    client.send("""{"v":1,"type":"hello","id":"h${++executions}"}""")
    return client.reply("h$executions")["display"] as Json.Obj
  }

  override fun close() {
    runtime.detach()
    client.close()
  }
}
