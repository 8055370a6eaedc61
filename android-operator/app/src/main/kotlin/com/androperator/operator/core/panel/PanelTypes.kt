package com.androperator.operator.core.panel

import com.androperator.operator.core.geometry.DisplayMetrics
import com.androperator.operator.core.geometry.PanelLayout
import com.androperator.operator.core.geometry.TextMeasurer
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.template.TemplateMetadata
import com.androperator.operator.core.template.TemplateSegment

/** What the window host draws for one generation. */
data class DrawnPanel(
  val generation: Int,
  /** The window title: `androperator.on_screen_log.<controller id>.<generation>`. */
  val title: String,
  val layout: PanelLayout,
  val textColor: String,
  val backgroundColor: String,
  /** Package whose icon fills U+FFFC positions (null: the neutral gray icon). */
  val iconPackage: String?,
)

/**
 * The overlay window. [show] adds the window the first time and updates it afterwards, on the controller's thread;
 * it throws when the window cannot be attached or updated. The view then reports each drawn generation through
 * [PanelController.onDrawn].
 */
interface PanelWindowHost {
  fun show(panel: DrawnPanel)

  /** Removes the window immediately; does nothing when none is attached. */
  fun remove()
}

/** The device facts the controller reads at the moment it lays out. */
interface PanelEnvironment {
  fun apiLevel(): Int

  fun serviceConnected(): Boolean

  /** Display metrics with the usable area, or ON_SCREEN_LOG_LAYOUT_INVALID saying why the area is unknown. */
  fun displayMetrics(): Outcome<DisplayMetrics>

  val measurer: TextMeasurer
}

/**
 * The live metadata of one template panel (reference section 10). The controller opens a session for each template
 * set, draws its first frame from [metadata], [start]s it once that frame is acknowledged and [close]s it on
 * replacement, clear, expiry, layout failure and detach; a closed session never calls back.
 */
interface TemplateSession {
  val metadata: TemplateMetadata

  /**
   * Begins observing; [onChange] runs on the controller's thread whenever [metadata] changed, and once at once when
   * it changed between opening and [start] (while the first frame awaited its draw), so no change is lost.
   */
  fun start(onChange: () -> Unit)

  fun close()
}

fun interface TemplateSessionFactory {
  fun open(segments: List<TemplateSegment>): TemplateSession
}

/** A session whose metadata never changes (tests, and device-only templates without observation). */
class StaticTemplateSession(override val metadata: TemplateMetadata) : TemplateSession {
  override fun start(onChange: () -> Unit) = Unit

  override fun close() = Unit
}

/** Why the panel changed, as the agent protocol's `panel` events name it. */
enum class PanelChangeReason(val wire: String) {
  SET("set"),
  CLEARED("cleared"),
  EXPIRED("expired"),
  REFLOWED("reflowed"),
  REFRESHED("refreshed"),
  CONFIGURATION_LAYOUT_INVALID("configuration_layout_invalid"),
  RENDER_FAILED("render_failed"),
  RENDER_TIMEOUT("render_timeout"),
  DETACHED("detached"),
}

/** A change of the visible panel: [panel] is what is shown now (null when nothing is). */
data class PanelChange(val visible: Boolean, val generation: Int, val reason: PanelChangeReason, val panel: DrawnPanel?)

/** A step's outcome: success with the exact string data of the contract, or failure with error/errorCode/message. */
data class PanelStepResult(val success: Boolean, val data: Map<String, String>) {
  companion object {
    fun failure(code: String, message: String) =
      PanelStepResult(false, linkedMapOf("error" to code, "errorCode" to code, "message" to message))

    val CLEARED = PanelStepResult(true, linkedMapOf("visible" to "false"))
  }
}

object PanelErrorCodes {
  const val SERVICE_UNAVAILABLE = "ON_SCREEN_LOG_SERVICE_UNAVAILABLE"
  const val LAYOUT_INVALID = "ON_SCREEN_LOG_LAYOUT_INVALID"
  const val RENDER_FAILED = "ON_SCREEN_LOG_RENDER_FAILED"
  const val RENDER_TIMEOUT = "ON_SCREEN_LOG_RENDER_TIMEOUT"
}
