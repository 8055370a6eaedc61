package com.androperator.operator.core.foreground

/** Window types as AccessibilityWindowInfo reports them. */
enum class WindowKind { APPLICATION, INPUT_METHOD, SYSTEM, ACCESSIBILITY_OVERLAY, SPLIT_SCREEN_DIVIDER, MAGNIFICATION_OVERLAY, OTHER }

/** One window of the accessibility window list, reduced to what the foreground rules read. */
data class WindowSample(
  val id: Int,
  val kind: WindowKind,
  val displayId: Int,
  /** Has input focus. */
  val focused: Boolean,
  val active: Boolean,
  /** The package of the window's root node; null when it could not be read. */
  val rootPackage: String?,
  val title: String? = null,
)

/** One read of the device: keyguard state and the windows of every display the service can see. */
data class WindowsSample(val keyguardLocked: Boolean, val windows: List<WindowSample>)

/** What the foreground is, by the rules of reference section 10. */
sealed interface ForegroundState {
  /** A verified application window is in front. */
  data class AppFocused(val packageName: String) : ForegroundState

  /** A system panel (notification shade, quick settings) covers the app. */
  data object SystemPanel : ForegroundState

  data object Locked : ForegroundState

  /** No app can be verified: ambiguity, another overlay in front, or a read failure. */
  data object Unavailable : ForegroundState
}

/** Identifies the Operator's own panel window so it is never taken for the foreground (exact window, not package). */
fun interface OwnOverlayMatcher {
  fun isOwnOverlay(window: WindowSample): Boolean
}

/**
 * The foreground resolution rules (reference section 10): keyguard locked → locked; only windows of [displayId];
 * input-method windows and the Operator's own overlay are ignored; focused or active non-application windows that are
 * all system windows → system panel, any other such blocker → unavailable; else the unique input-focused application
 * window, or the unique active one, names the package of its root. Anything ambiguous is unavailable.
 */
object ForegroundResolver {
  fun resolve(sample: WindowsSample, displayId: Int, ownOverlay: OwnOverlayMatcher): ForegroundState {
    if (sample.keyguardLocked) return ForegroundState.Locked
    val windows = sample.windows.filter {
      it.displayId == displayId && it.kind != WindowKind.INPUT_METHOD && !ownOverlay.isOwnOverlay(it)
    }
    val blockers = windows.filter { (it.focused || it.active) && it.kind != WindowKind.APPLICATION }
    if (blockers.isNotEmpty()) {
      return if (blockers.all { it.kind == WindowKind.SYSTEM }) ForegroundState.SystemPanel else ForegroundState.Unavailable
    }
    val applications = windows.filter { it.kind == WindowKind.APPLICATION }
    val chosen = applications.filter { it.focused }.singleOrNull()
      ?: applications.filter { it.active }.singleOrNull()
      ?: return ForegroundState.Unavailable
    val packageName = chosen.rootPackage?.takeIf { it.isNotBlank() } ?: return ForegroundState.Unavailable
    return ForegroundState.AppFocused(packageName)
  }
}

/**
 * Matches the panel window: it must be an accessibility overlay; once its window id is known (latched from the first
 * window whose title is exactly the panel's current title) only that id matches, even if a later read has no title.
 */
class PanelWindowMatcher(private val currentTitle: () -> String?) : OwnOverlayMatcher {
  private var latchedId: Int? = null

  override fun isOwnOverlay(window: WindowSample): Boolean {
    if (window.kind != WindowKind.ACCESSIBILITY_OVERLAY) return false
    latchedId?.let { return it == window.id }
    val title = currentTitle() ?: return false
    if (window.title != title) return false
    latchedId = window.id
    return true
  }

  /** The panel window went away: forget its id. */
  fun reset() {
    latchedId = null
  }
}
