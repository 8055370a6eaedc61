package com.androperator.operator.core.agent

import com.androperator.operator.core.AppError
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.jsonObject

/** What hello_result lists in `capabilities` (docs/operator-protocol.md): leases, panel generations, the node actions. */
val OPERATOR_CAPABILITIES = listOf("lease", "panel_generation", "set_text", "click_node")

const val LEASE_TTL_MIN_MS = 1000L
const val LEASE_TTL_MAX_MS = 120000L
const val LEASE_ID_MAX_LENGTH = 128
const val LEASE_OWNER_MAX_LENGTH = 200

/** A granted or renewed lease as lease_result reports it. */
data class GrantedLease(val id: String, val owner: String, val ttlMs: Long, val expiresInMs: Long) {
  fun toJson(): Json.Obj = jsonObject {
    put("id", id)
    put("owner", owner)
    put("ttlMs", ttlMs)
    put("expiresInMs", expiresInMs)
  }
}

/** The panel's generation and visibility, as execute_result reports them before and after an execution. */
data class PanelGeneration(val generation: Int, val visible: Boolean) {
  fun toJson(): Json.Obj = jsonObject {
    put("generation", generation)
    put("visible", visible)
  }
}

/** A lease answer: granted, or refused with the error frame to send (the holder named, or the lease lost). */
sealed interface LeaseAnswer {
  data class Granted(val lease: GrantedLease) : LeaseAnswer

  data class Refused(val error: AppError) : LeaseAnswer
}

/**
 * The device's lease, shared by every agent connection: one holder at a time, its expiry counted on the Operator's
 * clock from its acquire or last renew. A lease-carrying execute whose lease is gone is refused too (DEVICE_LEASE_LOST),
 * so a run never acts on a device it no longer holds. Main thread only.
 */
class LeaseKeeper(private val now: () -> Long) {
  private data class Held(val id: String, val owner: String, var ttlMs: Long, var expiresAt: Long)

  private var held: Held? = null

  fun acquire(leaseId: String, owner: String, ttlMs: Long): LeaseAnswer {
    val holder = current()
    if (holder != null && holder.id != leaseId) return LeaseAnswer.Refused(conflict(holder))
    val next = Held(leaseId, owner, ttlMs, now() + ttlMs)
    held = next
    return LeaseAnswer.Granted(granted(next))
  }

  fun renew(leaseId: String, ttlMs: Long): LeaseAnswer {
    val holder = current() ?: return LeaseAnswer.Refused(lost(leaseId))
    if (holder.id != leaseId) return LeaseAnswer.Refused(conflict(holder))
    holder.ttlMs = ttlMs
    holder.expiresAt = now() + ttlMs
    return LeaseAnswer.Granted(granted(holder))
  }

  /** True when [leaseId] held the lease and now no longer does. */
  fun release(leaseId: String): Boolean {
    if (current()?.id != leaseId) return false
    held = null
    return true
  }

  /** Null when an execute under [leaseId] (null: none) may run now, else the refusal. */
  fun admit(leaseId: String?): AppError? {
    val holder = current() ?: return if (leaseId == null) null else lost(leaseId)
    return if (holder.id == leaseId) null else conflict(holder)
  }

  private fun current(): Held? {
    val holder = held
    if (holder != null && now() >= holder.expiresAt) held = null
    return held
  }

  private fun granted(holder: Held) = GrantedLease(holder.id, holder.owner, holder.ttlMs, holder.expiresAt - now())

  private fun conflict(holder: Held): AppError {
    val left = holder.expiresAt - now()
    return AppError(
      "EXECUTION_CONFLICT_IN_FLIGHT",
      "The device is leased by ${holder.owner} (the lease expires in $left ms unless renewed); wait for its sequence to end, then retry.",
      jsonObject {
        put("holder", jsonObject {
          put("owner", holder.owner)
          put("expiresInMs", left)
        })
      },
    )
  }

  private fun lost(leaseId: String) = AppError(
    "DEVICE_LEASE_LOST",
    "Lease $leaseId is no longer held (it expired or was released); nothing was run.",
    jsonObject { put("leaseId", leaseId) },
  )
}
