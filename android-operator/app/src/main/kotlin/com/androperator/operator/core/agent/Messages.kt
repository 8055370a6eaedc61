package com.androperator.operator.core.agent

import com.androperator.operator.core.geometry.PxRect
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonObjectBuilder
import com.androperator.operator.core.json.JsonWriter
import com.androperator.operator.core.json.jsonObject
import com.androperator.operator.core.ui.NodeActions
import com.androperator.operator.core.ui.NodeTarget

const val AGENT_PROTOCOL_VERSION = 1

/** The abstract socket the Operator listens on: `<operatorPackage>.agent`. */
fun agentSocketName(operatorPackage: String) = "$operatorPackage.agent"

/** A request the Operator understands. */
sealed interface AgentRequest {
  val id: String

  data class Hello(override val id: String) : AgentRequest

  data class Watch(override val id: String) : AgentRequest

  /** The bounded accessibility tree of the active windows (docs/ui-loop.md). */
  data class GetUiTree(override val id: String) : AgentRequest

  /** ACTION_SET_TEXT on the node [target] names: [text] replaces the field's text, or is appended to it. */
  data class SetText(override val id: String, val target: NodeTarget, val text: String, val replace: Boolean) : AgentRequest

  /** ACTION_CLICK on the node [target] names. */
  data class ClickNode(override val id: String, val target: NodeTarget) : AgentRequest

  data class Execute(override val id: String, val execution: Json, val leaseId: String? = null) : AgentRequest

  data class LeaseAcquire(override val id: String, val leaseId: String, val owner: String, val ttlMs: Long) : AgentRequest

  data class LeaseRenew(override val id: String, val leaseId: String, val ttlMs: Long) : AgentRequest

  data class LeaseRelease(override val id: String, val leaseId: String) : AgentRequest
}

/** A request, or the OPERATOR_PROTOCOL_ERROR message to answer with (and the request id when it had one). */
sealed interface ParsedRequest {
  data class Ok(val request: AgentRequest) : ParsedRequest

  data class Invalid(val id: String?, val message: String) : ParsedRequest
}

object AgentMessages {
  private fun shown(value: Json?): String = if (value == null) "undefined" else JsonWriter.write(value)

  /** Checks a decoded frame is a request (unknown keys are ignored), as the console's parseAgentRequest does. */
  fun parseRequest(message: Json.Obj): ParsedRequest {
    val id = (message["id"] as? Json.Str)?.value?.takeIf { it.length in 1..128 }
    val version = message["v"]
    if (version != Json.Num(AGENT_PROTOCOL_VERSION.toDouble())) {
      return ParsedRequest.Invalid(id, "unsupported protocol version ${shown(version)}; expected 1")
    }
    if (id == null) return ParsedRequest.Invalid(null, "request id must be a string of 1..128 characters")
    return when (message["type"]) {
      Json.Str("hello") -> ParsedRequest.Ok(AgentRequest.Hello(id))
      Json.Str("watch") -> ParsedRequest.Ok(AgentRequest.Watch(id))
      Json.Str("get_ui_tree") -> ParsedRequest.Ok(AgentRequest.GetUiTree(id))
      Json.Str("execute") -> parseExecute(id, message)
      Json.Str("set_text"), Json.Str("click_node") -> parseNodeAction(id, message)
      Json.Str("lease_acquire"), Json.Str("lease_renew"), Json.Str("lease_release") -> parseLease(id, message)
      else -> ParsedRequest.Invalid(id, "unknown request type ${shown(message["type"])}")
    }
  }

  private fun text(value: Json?, max: Int): String? = (value as? Json.Str)?.value?.takeIf { it.length in 1..max }

  private fun parseExecute(id: String, message: Json.Obj): ParsedRequest {
    val execution = message["execution"] ?: return ParsedRequest.Invalid(id, "execute needs an execution")
    val lease = message["lease"] ?: return ParsedRequest.Ok(AgentRequest.Execute(id, execution))
    val leaseId = (lease as? Json.Obj)?.let { text(it["id"], LEASE_ID_MAX_LENGTH) }
      ?: return ParsedRequest.Invalid(id, "lease must be an object {\"id\": string of 1..$LEASE_ID_MAX_LENGTH characters}")
    return ParsedRequest.Ok(AgentRequest.Execute(id, execution, leaseId))
  }

  /** set_text / click_node, checked in the console's order: target, then text, then replace. */
  private fun parseNodeAction(id: String, message: Json.Obj): ParsedRequest {
    val type = (message["type"] as Json.Str).value
    val target = NodeTarget.parse(message["target"]) ?: return ParsedRequest.Invalid(id, "$type: ${NodeTarget.RULE}")
    if (type == "click_node") return ParsedRequest.Ok(AgentRequest.ClickNode(id, target))
    val text = (message["text"] as? Json.Str)?.value?.takeIf { it.length <= NodeActions.SET_TEXT_MAX_UNITS }
      ?: return ParsedRequest.Invalid(id, "$type: text must be a string of at most ${NodeActions.SET_TEXT_MAX_UNITS} UTF-16 units")
    val replace = (message["replace"] as? Json.Bool)?.value
      ?: return ParsedRequest.Invalid(id, "$type: replace must be true or false")
    return ParsedRequest.Ok(AgentRequest.SetText(id, target, text, replace))
  }

  /** The lease requests, checked in the console's order: leaseId, then ttlMs, then owner. */
  private fun parseLease(id: String, message: Json.Obj): ParsedRequest {
    val type = (message["type"] as Json.Str).value
    fun invalid(rule: String) = ParsedRequest.Invalid(id, "$type: $rule")
    val leaseId = text(message["leaseId"], LEASE_ID_MAX_LENGTH)
      ?: return invalid("leaseId must be a string of 1..$LEASE_ID_MAX_LENGTH characters")
    if (type == "lease_release") return ParsedRequest.Ok(AgentRequest.LeaseRelease(id, leaseId))
    val ttl = (message["ttlMs"] as? Json.Num)?.value
      ?.takeIf { it == Math.floor(it) && it >= LEASE_TTL_MIN_MS && it <= LEASE_TTL_MAX_MS }?.toLong()
      ?: return invalid("ttlMs must be an integer from $LEASE_TTL_MIN_MS to $LEASE_TTL_MAX_MS")
    if (type == "lease_renew") return ParsedRequest.Ok(AgentRequest.LeaseRenew(id, leaseId, ttl))
    val owner = text(message["owner"], LEASE_OWNER_MAX_LENGTH)
      ?: return invalid("owner must be a string of 1..$LEASE_OWNER_MAX_LENGTH characters")
    return ParsedRequest.Ok(AgentRequest.LeaseAcquire(id, leaseId, owner, ttl))
  }

  private fun frame(type: String, id: String?) = JsonObjectBuilder().put("v", AGENT_PROTOCOL_VERSION).put("type", type).apply {
    if (id != null) put("id", id)
  }

  fun helloResult(id: String, description: OperatorDescription): Json.Obj =
    frame("hello_result", id).also { builder -> description.toJson().members.forEach { (k, v) -> builder.put(k, v) } }
      .put("capabilities", Json.arr(OPERATOR_CAPABILITIES.map { Json.Str(it) }))
      .build()

  /** execute_result: the envelope, and the panel generation when the execution started and when it ended. */
  fun executeResult(id: String, envelope: Json.Obj, before: PanelGeneration, after: PanelGeneration): Json.Obj =
    frame("execute_result", id).put("envelope", envelope)
      .put("panel", jsonObject {
        put("before", before.toJson())
        put("after", after.toJson())
      })
      .build()

  fun leaseResult(id: String, lease: GrantedLease): Json.Obj = frame("lease_result", id).put("lease", lease.toJson()).build()

  fun leaseReleased(id: String, released: Boolean): Json.Obj = frame("lease_released", id).put("released", released).build()

  fun watchStarted(id: String): Json.Obj = frame("watch_started", id).build()

  /** set_text_result / click_node_result: what core/ui/NodeActions did. */
  fun nodeActionResult(type: String, id: String, result: Json.Obj): Json.Obj = frame(type, id).put("result", result).build()

  /** ui_tree_result: the bounded tree of core/ui/BoundedTree. */
  fun uiTreeResult(id: String, tree: Json.Obj): Json.Obj = frame("ui_tree_result", id).put("tree", tree).build()

  /** `{"v":1,"type":"error","id":<id or null>,"code",...,"message",...,"details"?}`. */
  fun error(id: String?, code: String, message: String, details: Json.Obj? = null): Json.Obj =
    JsonObjectBuilder().put("v", AGENT_PROTOCOL_VERSION).put("type", "error").put("id", id)
      .put("code", code).put("message", message)
      .apply { details?.let { put("details", it) } }
      .build()

  /** A `panel` event: visible, generation, reason, and bounds while visible. */
  fun panelEvent(visible: Boolean, generation: Int, reason: String, bounds: String?): Json.Obj =
    frame("event", null).put("event", "panel").put(
      "panel",
      jsonObject {
        put("visible", visible)
        put("generation", generation)
        put("reason", reason)
        if (visible && bounds != null) put("bounds", bounds)
      },
    ).build()

  fun foregroundEvent(app: ForegroundAppInfo?): Json.Obj =
    frame("event", null).put("event", "foreground").put("foregroundApp", app?.toJson() ?: Json.Null).build()
}

/** The foreground app as hello and foreground events describe it; [iconPng] is base64 and omitted when missing. */
data class ForegroundAppInfo(
  val packageName: String?,
  val label: String?,
  val versionCode: String?,
  val versionName: String?,
  val iconPng: String? = null,
) {
  fun toJson(): Json.Obj = jsonObject {
    put("packageName", packageName)
    put("label", label)
    put("versionCode", versionCode)
    put("versionName", versionName)
    iconPng?.let { put("iconPng", it) }
  }
}

/** Everything hello_result reports besides v/type/id (docs/operator-protocol.md). */
data class OperatorDescription(
  val operatorPackage: String,
  val operatorVersionName: String,
  val operatorVersionCode: String,
  val serviceConnected: Boolean,
  val manufacturer: String,
  val model: String,
  val sdkInt: Int,
  val release: String,
  val display: DisplayDescription,
  val locale: LocaleDescription,
  val foregroundApp: ForegroundAppInfo?,
  val panelVisible: Boolean,
  val panelGeneration: Int,
  val panelBounds: String?,
) {
  fun toJson(): Json.Obj = jsonObject {
    put("protocolVersion", AGENT_PROTOCOL_VERSION)
    put("operator", jsonObject {
      put("packageName", operatorPackage)
      put("versionName", operatorVersionName)
      put("versionCode", operatorVersionCode)
    })
    put("service", jsonObject { put("connected", serviceConnected) })
    put("device", jsonObject {
      put("manufacturer", manufacturer)
      put("model", model)
      put("sdkInt", sdkInt)
      put("release", release)
    })
    put("display", display.toJson())
    put("locale", jsonObject {
      put("tag", locale.tag)
      put("code", locale.code)
      put("name", locale.name)
    })
    put("foregroundApp", foregroundApp?.toJson() ?: Json.Null)
    put("panel", jsonObject {
      put("visible", panelVisible)
      put("generation", panelGeneration)
      if (panelVisible && panelBounds != null) put("bounds", panelBounds)
    })
  }
}

data class DisplayDescription(
  val widthPx: Int,
  val heightPx: Int,
  val densityDpi: Int,
  val density: Double,
  val fontScale: Double,
  val scaledDensity: Double,
  val rotation: Int,
  val usable: PxRect?,
  val usableError: String?,
) {
  fun toJson(): Json.Obj = jsonObject {
    put("widthPx", widthPx)
    put("heightPx", heightPx)
    put("densityDpi", densityDpi)
    put("density", density)
    put("fontScale", fontScale)
    put("scaledDensity", scaledDensity)
    put("rotation", rotation)
    put("usable", usable?.let { rect ->
      jsonObject {
        put("left", rect.left)
        put("top", rect.top)
        put("right", rect.right)
        put("bottom", rect.bottom)
      }
    } ?: Json.Null)
    put("usableError", usableError)
  }
}

data class LocaleDescription(val tag: String, val code: String, val name: String)
