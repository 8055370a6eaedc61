package com.androperator.operator.core.foreground

import com.androperator.operator.core.panel.PanelClock
import com.androperator.operator.core.panel.TemplateSession
import com.androperator.operator.core.panel.TemplateSessionFactory
import com.androperator.operator.core.template.DeviceMetadata
import com.androperator.operator.core.template.ForegroundAppMetadata
import com.androperator.operator.core.template.SystemLanguageMetadata
import com.androperator.operator.core.template.TemplateMetadata
import com.androperator.operator.core.template.TemplateScanner
import com.androperator.operator.core.template.TemplateSegment

/**
 * The metadata of one template panel (reference section 10). Its first state has device and system values and no app
 * context; foreground observation starts with [start] and only when the template reads `foreground_app.*`. A new
 * observation shows cached metadata at once, or the package with unavailable fields while the lookup runs; a lookup
 * result is applied only if no newer observation, invalidation or [close] came in between.
 */
class LiveTemplateSession internal constructor(
  private val segments: List<TemplateSegment>,
  private val device: DeviceMetadata,
  private var system: SystemLanguageMetadata,
  private val observerFactory: (publish: (ForegroundObservation) -> Unit) -> ForegroundObserver,
  private val lookup: MetadataLookup,
  private val onClose: (LiveTemplateSession) -> Unit,
) : TemplateSession {
  private val cache = MetadataCache()
  private var app: ForegroundAppMetadata? = null
  private var observer: ForegroundObserver? = null
  private var onChange: (() -> Unit)? = null
  private var revision = 0
  private var closed = false
  /** The metadata changed before [start] (a locale change while the first frame awaited its draw). */
  private var changedBeforeStart = false

  /** True once [start] subscribed to foreground observation (only templates with app placeholders do). */
  val observing: Boolean get() = observer != null

  override val metadata: TemplateMetadata get() = TemplateMetadata(app, device, system)

  override fun start(onChange: () -> Unit) {
    if (closed || this.onChange != null) return
    this.onChange = onChange
    if (TemplateScanner.usesForegroundApp(segments)) {
      observer = observerFactory(::onObservation).also { it.start() }
    }
    if (changedBeforeStart && !closed) {
      changedBeforeStart = false
      onChange()
    }
  }

  override fun close() {
    if (closed) return
    closed = true
    revision++
    observer?.close()
    onChange = null
    onClose(this)
  }

  /** Forwards an accessibility event to the observer. */
  fun onAccessibilityEvent() {
    observer?.onEvent()
  }

  fun onServiceReconnected() {
    observer?.onServiceReconnected()
  }

  /** PACKAGE_ADDED/REMOVED/REPLACED/CHANGED: drop the package and look it up again if it is shown. */
  fun onPackageChanged(packageName: String) {
    if (closed) return
    cache.invalidate(packageName)
    if (app?.packageName == packageName) resolve(packageName)
  }

  /** LOCALE_CHANGED: new system language values, an empty cache, and a fresh lookup. */
  fun onLocaleChanged(newSystem: SystemLanguageMetadata) {
    if (closed) return
    system = newSystem
    cache.clear()
    val current = app?.packageName
    if (current != null) resolve(current) else notifyChange()
  }

  private fun onObservation(observation: ForegroundObservation) {
    if (closed) return
    val packageName = observation.packageName
    if (packageName == null) {
      revision++
      app = null
      notifyChange()
    } else {
      resolve(packageName)
    }
  }

  private fun resolve(packageName: String) {
    val ticket = ++revision
    val cached = cache[packageName]
    app = cached ?: ForegroundAppMetadata(packageName, null, null)
    notifyChange()
    if (cached != null) return
    lookup.lookup(packageName) { result ->
      if (closed || ticket != revision) return@lookup // stale: a newer observation or invalidation won
      // A known package stays visible when only its metadata is unavailable.
      val metadata = result ?: ForegroundAppMetadata(packageName, null, null)
      if (result != null) cache.put(result)
      app = metadata
      notifyChange()
    }
  }

  private fun notifyChange() {
    if (closed) return
    val listener = onChange
    if (listener == null) changedBeforeStart = true else listener()
  }

  internal val cachedPackages: List<String> get() = cache.packages
}

/**
 * Opens [LiveTemplateSession]s and fans service-wide signals (accessibility events, package and locale broadcasts)
 * out to the open ones.
 */
class LiveTemplateSessions(
  private val clock: PanelClock,
  private val device: () -> DeviceMetadata,
  private val system: () -> SystemLanguageMetadata,
  private val readForeground: () -> ForegroundState?,
  private val lookup: MetadataLookup,
) : TemplateSessionFactory {
  private val open = LinkedHashSet<LiveTemplateSession>()

  override fun open(segments: List<TemplateSegment>): LiveTemplateSession {
    val session = LiveTemplateSession(
      segments, device(), system(),
      observerFactory = { publish -> ForegroundObserver(clock, readForeground, publish) },
      lookup = lookup,
      onClose = { open.remove(it) },
    )
    open.add(session)
    return session
  }

  val openSessions: Int get() = open.size

  fun onAccessibilityEvent() = open.toList().forEach { it.onAccessibilityEvent() }

  fun onServiceReconnected() = open.toList().forEach { it.onServiceReconnected() }

  fun onPackageChanged(packageName: String) = open.toList().forEach { it.onPackageChanged(packageName) }

  fun onLocaleChanged() {
    val language = system()
    open.toList().forEach { it.onLocaleChanged(language) }
  }
}
