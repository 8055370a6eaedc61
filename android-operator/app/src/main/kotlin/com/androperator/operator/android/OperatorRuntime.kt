package com.androperator.operator.android

import android.accessibilityservice.AccessibilityService
import android.content.Context
import android.content.res.Resources
import android.os.Build
import android.util.Base64
import android.view.WindowManager
import android.view.accessibility.AccessibilityEvent
import com.androperator.operator.BuildConfigFacts
import com.androperator.operator.core.Outcome
import com.androperator.operator.core.agent.DisplayDescription
import com.androperator.operator.core.agent.ForegroundAppInfo
import com.androperator.operator.core.agent.LeaseKeeper
import com.androperator.operator.core.agent.OperatorDescription
import com.androperator.operator.core.agent.agentSocketName
import com.androperator.operator.core.foreground.ForegroundState
import com.androperator.operator.core.foreground.LiveTemplateSessions
import com.androperator.operator.core.foreground.PanelWindowMatcher
import com.androperator.operator.core.geometry.DisplayMetrics
import com.androperator.operator.core.geometry.TextMeasurer
import com.androperator.operator.core.operator.OperatorAgentBackend
import com.androperator.operator.core.operator.OperatorExecutor
import com.androperator.operator.core.panel.PanelController
import com.androperator.operator.core.panel.PanelEnvironment
import com.androperator.operator.core.template.DeviceMetadata
import java.util.UUID

/**
 * Everything one connected accessibility service runs: the panel controller with its overlay window, live template
 * sessions, the executor and the agent socket. Created in onServiceConnected, closed in onDestroy; nothing persists
 * across a process restart (the panel starts hidden). Main thread only.
 */
class OperatorRuntime(
  private val service: AccessibilityService,
  /** The overlay's WindowManager (tests wrap it to give Robolectric's display system bars and a cutout). */
  private val windowManager: WindowManager = service.getSystemService(Context.WINDOW_SERVICE) as WindowManager,
  /** The framework's resources, read by name below API 30 (tests declare a built-in cutout through it). */
  systemResources: () -> Resources = Resources::getSystem,
) {
  private val clock = MainThreadClock()
  private val icons = AppIcons(service.packageManager)
  private val packages = PackageMetadata(service.packageManager, icons, clock)
  private val locale = SystemLocale(service)
  private val displays = DisplayReader(service, windowManager, systemResources)
  private lateinit var controller: PanelController
  private val host = OverlayWindowHost(service, windowManager, icons) { generation ->
    // Acknowledge after the frame, not inside onDraw.
    clock.schedule(0) { controller.onDrawn(generation) }
  }
  private val ownWindow = PanelWindowMatcher { host.attachedTitle?.toString() }
  private val windows = AccessibilityWindows(service, ownWindow) { overlayDisplayId() }
  private val sessions = LiveTemplateSessions(
    clock,
    device = { DeviceMetadata(Build.MANUFACTURER, Build.MODEL) },
    system = { locale.metadata() },
    readForeground = { windows.foreground() },
    lookup = packages,
  )
  private val environment = object : PanelEnvironment {
    override fun apiLevel() = Build.VERSION.SDK_INT

    override fun serviceConnected() = connected

    override fun displayMetrics(): Outcome<DisplayMetrics> = displays.read().metrics()

    override val measurer: TextMeasurer = AndroidTextMeasurer()
  }
  private val broadcasts = SystemBroadcasts(service, ::onPackageChanged, ::onLocaleChanged)
  private lateinit var backend: OperatorAgentBackend
  private lateinit var server: AgentSocketServer

  /** The agent server: a test hands it connections directly (Robolectric has no LocalServerSocket). */
  internal val agentServer: AgentSocketServer get() = server
  private var connected = false
  private var lastForeground: String? = null

  fun attach() {
    controller = PanelController(environment, host, clock, sessions, UUID.randomUUID().toString())
    controller.addListener { change -> if (!change.visible) ownWindow.reset() }
    val executor = OperatorExecutor(controller, windows, clock)
    // Leases count on elapsedRealtime, like every other deadline of the Operator.
    backend = OperatorAgentBackend(controller, executor, LeaseKeeper(clock::now), AccessibilityTree(service) { connected }, ::describe)
    server = AgentSocketServer(agentSocketName(service.packageName), backend, clock)
    connected = true
    broadcasts.register()
    server.start()
  }

  fun detach() {
    if (!connected) return
    connected = false
    controller.detach()
    server.stop()
    broadcasts.unregister()
  }

  fun onConfigurationChanged() = controller.configurationChanged()

  fun onAccessibilityEvent(event: AccessibilityEvent) {
    if (event.eventType and OBSERVED_EVENTS == 0) return
    sessions.onAccessibilityEvent()
    // Foreground events for watchers: only window changes can change the verified app.
    if (event.eventType and WINDOW_EVENTS == 0) return
    val foreground = (windows.foreground() as? ForegroundState.AppFocused)?.packageName
    if (foreground != lastForeground) {
      lastForeground = foreground
      backend.foregroundChanged(foreground?.let(::foregroundInfo))
    }
  }

  private fun onPackageChanged(packageName: String) {
    icons.invalidate(packageName)
    sessions.onPackageChanged(packageName)
  }

  private fun onLocaleChanged() {
    icons.clear()
    sessions.onLocaleChanged()
  }

  /** The overlay WindowManager's default display (not the service context's display). */
  @Suppress("DEPRECATION")
  private fun overlayDisplayId(): Int = windowManager.defaultDisplay.displayId

  private fun foregroundInfo(packageName: String): ForegroundAppInfo {
    val metadata = packages.read(packageName)
    val icon = icons.load(packageName)
    return ForegroundAppInfo(
      packageName = packageName,
      label = packages.label(packageName),
      versionCode = metadata?.versionCode,
      versionName = metadata?.versionName,
      iconPng = icon?.let { Base64.encodeToString(AppIcons.toPng(it), Base64.NO_WRAP) },
    )
  }

  private fun describe(): OperatorDescription {
    val display = displays.read()
    val self = packages.read(service.packageName)
    val panel = controller.currentPanel
    val visible = controller.visible && panel != null
    val foreground = (windows.foreground() as? ForegroundState.AppFocused)?.packageName
    return OperatorDescription(
      operatorPackage = service.packageName,
      operatorVersionName = self?.versionName ?: BuildConfigFacts.VERSION_NAME,
      operatorVersionCode = self?.versionCode ?: BuildConfigFacts.VERSION_CODE,
      serviceConnected = connected,
      manufacturer = Build.MANUFACTURER,
      model = Build.MODEL,
      sdkInt = Build.VERSION.SDK_INT,
      release = Build.VERSION.RELEASE,
      display = DisplayDescription(
        widthPx = display.widthPx,
        heightPx = display.heightPx,
        densityDpi = display.densityDpi,
        density = display.density,
        fontScale = display.fontScale,
        scaledDensity = display.scaledDensity,
        rotation = display.rotation,
        usable = (display.usable as? Outcome.Ok)?.value,
        usableError = (display.usable as? Outcome.Err)?.error?.message,
      ),
      locale = locale.describe(),
      foregroundApp = foreground?.let(::foregroundInfo),
      panelVisible = visible,
      panelGeneration = if (visible) panel.generation else controller.currentGeneration,
      panelBounds = if (visible) panel.layout.bounds.format() else null,
    )
  }

  companion object {
    /** The events that can change the foreground (reference section 10). */
    const val OBSERVED_EVENTS = AccessibilityEvent.TYPE_WINDOWS_CHANGED or AccessibilityEvent.TYPE_WINDOW_STATE_CHANGED or
      AccessibilityEvent.TYPE_VIEW_FOCUSED or AccessibilityEvent.TYPE_VIEW_CLICKED or AccessibilityEvent.TYPE_VIEW_TEXT_CHANGED or
      AccessibilityEvent.TYPE_WINDOW_CONTENT_CHANGED

    private const val WINDOW_EVENTS = AccessibilityEvent.TYPE_WINDOWS_CHANGED or AccessibilityEvent.TYPE_WINDOW_STATE_CHANGED
  }
}
