package com.androperator.operator.core.foreground

import com.androperator.operator.core.panel.FakeClock
import com.androperator.operator.core.template.DeviceMetadata
import com.androperator.operator.core.template.ForegroundAppMetadata
import com.androperator.operator.core.template.SystemLanguageMetadata
import com.androperator.operator.core.template.TemplateExpander
import com.androperator.operator.core.template.TemplateScanner
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class ForegroundResolverTest {
  private val noOverlay = OwnOverlayMatcher { false }

  private fun app(id: Int, pkg: String?, focused: Boolean = false, active: Boolean = false, display: Int = 0) =
    WindowSample(id, WindowKind.APPLICATION, display, focused, active, pkg)

  private fun resolve(vararg windows: WindowSample, locked: Boolean = false, matcher: OwnOverlayMatcher = noOverlay) =
    ForegroundResolver.resolve(WindowsSample(locked, windows.toList()), 0, matcher)

  @Test
  fun `the input-focused application wins, else the unique active one`() {
    assertEquals(ForegroundState.AppFocused("a"), resolve(app(1, "a", focused = true), app(2, "b", active = true)))
    assertEquals(ForegroundState.AppFocused("b"), resolve(app(1, "a"), app(2, "b", active = true)))
  }

  @Test
  fun `locked, ambiguous, blank and other-display windows`() {
    assertEquals(ForegroundState.Locked, resolve(app(1, "a", focused = true), locked = true))
    assertEquals(ForegroundState.Unavailable, resolve(app(1, "a", active = true), app(2, "b", active = true)))
    assertEquals(ForegroundState.Unavailable, resolve(app(1, " ", focused = true)))
    assertEquals(ForegroundState.Unavailable, resolve(app(1, "a", focused = true, display = 1)))
  }

  @Test
  fun `the keyboard and the own overlay are ignored, not the whole Operator package`() {
    val ime = WindowSample(5, WindowKind.INPUT_METHOD, 0, true, true, "com.ime")
    val panel = WindowSample(9, WindowKind.ACCESSIBILITY_OVERLAY, 0, false, true, "com.androperator.operator", "androperator.on_screen_log.x.1")
    val matcher = PanelWindowMatcher { "androperator.on_screen_log.x.1" }
    assertEquals(ForegroundState.AppFocused("a"), resolve(app(1, "a", focused = true), ime, panel, matcher = matcher))
    val otherOverlay = panel.copy(id = 10, title = "someone else")
    assertEquals(ForegroundState.Unavailable, resolve(app(1, "a", focused = true), otherOverlay, matcher = matcher))
  }

  @Test
  fun `system panels in front are system_panel, other blockers unavailable`() {
    val shade = WindowSample(3, WindowKind.SYSTEM, 0, true, true, "com.android.systemui")
    assertEquals(ForegroundState.SystemPanel, resolve(app(1, "a", active = true), shade))
    val divider = WindowSample(4, WindowKind.SPLIT_SCREEN_DIVIDER, 0, true, false, null)
    assertEquals(ForegroundState.Unavailable, resolve(app(1, "a"), shade, divider))
  }

  @Test
  fun `the panel window id latches from its exact title`() {
    var title: String? = "androperator.on_screen_log.x.1"
    val matcher = PanelWindowMatcher { title }
    val panel = WindowSample(91, WindowKind.ACCESSIBILITY_OVERLAY, 0, false, false, null, "androperator.on_screen_log.x.1")
    assertTrue(matcher.isOwnOverlay(panel))
    title = null
    assertTrue(matcher.isOwnOverlay(panel.copy(title = null)))
    assertFalse(matcher.isOwnOverlay(panel.copy(id = 92)))
    assertFalse(matcher.isOwnOverlay(panel.copy(kind = WindowKind.APPLICATION)))
  }
}

class ForegroundObserverTest {
  private val clock = FakeClock()
  private var state: ForegroundState? = ForegroundState.AppFocused("a")
  private val published = ArrayList<ForegroundObservation>()
  private val observer = ForegroundObserver(clock, { state }, { published.add(it) })

  @Test
  fun `reads at 0, 100 and 200 ms after an event and publishes equal states once`() {
    var reads = 0
    val counting = ForegroundObserver(clock, { reads++; state }, { published.add(it) })
    counting.start()
    clock.advance(0)
    assertEquals(1, reads)
    clock.advance(200)
    assertEquals(3, reads)
    assertEquals(listOf(ForegroundObservation(ForegroundState.AppFocused("a"), "a")), published)
  }

  @Test
  fun `unavailable after an established state waits 350 ms of grace`() {
    observer.start()
    clock.advance(200)
    state = ForegroundState.Unavailable
    observer.onEvent()
    clock.advance(349)
    assertEquals(1, published.size)
    clock.advance(200)
    assertEquals(ForegroundState.Unavailable, published.last().state)
  }

  @Test
  fun `a brief unavailable read inside the grace is never published`() {
    observer.start()
    clock.advance(200)
    state = null // read failure
    observer.onEvent()
    clock.advance(100)
    state = ForegroundState.AppFocused("b")
    observer.onEvent()
    clock.advance(1000)
    assertEquals(listOf("a", "b"), published.map { it.packageName })
  }

  @Test
  fun `a system panel keeps the last verified app, and none when started under a panel`() {
    observer.start()
    clock.advance(200)
    state = ForegroundState.SystemPanel
    observer.onEvent()
    clock.advance(200)
    assertEquals(ForegroundObservation(ForegroundState.SystemPanel, "a"), published.last())
    val fresh = ArrayList<ForegroundObservation>()
    ForegroundObserver(clock, { ForegroundState.SystemPanel }, { fresh.add(it) }).start()
    clock.advance(200)
    assertEquals(listOf(ForegroundObservation(ForegroundState.SystemPanel, null)), fresh)
  }

  @Test
  fun `locked clears the app, and nothing is published after close`() {
    observer.start()
    clock.advance(200)
    state = ForegroundState.Locked
    observer.onEvent()
    clock.advance(0)
    assertEquals(ForegroundObservation(ForegroundState.Locked, null), published.last())
    observer.close()
    state = ForegroundState.AppFocused("z")
    observer.onEvent()
    clock.advance(1000)
    assertEquals(ForegroundState.Locked, published.last().state)
  }

  @Test
  fun `a service reconnect publishes unavailable then reads again`() {
    observer.start()
    clock.advance(200)
    observer.onServiceReconnected()
    assertEquals(ForegroundState.Unavailable, published.last().state)
    clock.advance(0)
    assertEquals(ForegroundState.AppFocused("a"), published.last().state)
  }
}

class LiveTemplateSessionTest {
  private val clock = FakeClock()
  private var foreground: ForegroundState? = ForegroundState.AppFocused("com.example.shop")
  private val pending = ArrayList<Pair<String, (ForegroundAppMetadata?) -> Unit>>()
  private val lookups = ArrayList<String>()
  private val sessions = LiveTemplateSessions(
    clock,
    device = { DeviceMetadata("Google", "Pixel 9") },
    system = { language },
    readForeground = { foreground },
    lookup = { pkg, done ->
      lookups.add(pkg)
      pending.add(pkg to done)
    },
  )
  private var language = SystemLanguageMetadata("en", "en-US", "English")
  private var changes = 0

  private fun open(template: String): LiveTemplateSession {
    val segments = (TemplateScanner.scan(template) as TemplateScanner.Result.Valid).segments
    return sessions.open(segments)
  }

  private fun text(session: LiveTemplateSession, template: String): String =
    TemplateExpander.expand((TemplateScanner.scan(template) as TemplateScanner.Result.Valid).segments, session.metadata).text

  private fun answer(pkg: String, metadata: ForegroundAppMetadata?) {
    val index = pending.indexOfFirst { it.first == pkg }
    pending.removeAt(index).second(metadata)
  }

  @Test
  fun `a device-only template never observes the foreground`() {
    val session = open("{{device.model}} {{{{x}}}}")
    session.start { changes++ }
    clock.advance(500)
    assertFalse(session.observing)
    assertEquals("Pixel 9 {{x}}", text(session, "{{device.model}} {{{{x}}}}"))
    assertEquals(0, lookups.size)
  }

  @Test
  fun `the first draw has unavailable app fields, then the package, then its metadata`() {
    val template = "{{foreground_app.package_name}} {{foreground_app.version_code}} {{foreground_app.version_name}}"
    val session = open(template)
    assertEquals("Unavailable Unavailable Unavailable", text(session, template))
    session.start { changes++ }
    clock.advance(0)
    assertEquals("com.example.shop Unavailable Unavailable", text(session, template))
    answer("com.example.shop", ForegroundAppMetadata("com.example.shop", "4294967297", "{{device.model}}"))
    assertEquals("com.example.shop 4294967297 {{device.model}}", text(session, template))
    assertEquals(2, changes)
  }

  @Test
  fun `a late lookup after a focus change is dropped and the new package shows at once`() {
    val template = "{{foreground_app.package_name}} {{foreground_app.version_name}}"
    val session = open(template)
    session.start { changes++ }
    clock.advance(0)
    foreground = ForegroundState.AppFocused("com.android.settings")
    session.onAccessibilityEvent()
    clock.advance(0)
    assertEquals("com.android.settings Unavailable", text(session, template))
    answer("com.example.shop", ForegroundAppMetadata("com.example.shop", "1", "stale"))
    assertEquals("com.android.settings Unavailable", text(session, template))
  }

  @Test
  fun `a missing package keeps its name with unavailable fields, cached metadata shows at once`() {
    val template = "{{foreground_app.package_name}} {{foreground_app.version_name}}"
    val session = open(template)
    session.start { changes++ }
    clock.advance(0)
    answer("com.example.shop", null)
    assertEquals("com.example.shop Unavailable", text(session, template))
    foreground = ForegroundState.AppFocused("b")
    session.onAccessibilityEvent()
    clock.advance(0)
    answer("b", ForegroundAppMetadata("b", "2", "two"))
    foreground = ForegroundState.AppFocused("com.example.shop")
    session.onAccessibilityEvent()
    clock.advance(0)
    answer("com.example.shop", ForegroundAppMetadata("com.example.shop", "3", "three"))
    foreground = ForegroundState.AppFocused("b")
    session.onAccessibilityEvent()
    clock.advance(0)
    assertEquals("b two", text(session, template))
    assertEquals(3, lookups.size)
  }

  @Test
  fun `package changes invalidate and look up again, locale changes clear the cache and refresh`() {
    val template = "{{foreground_app.version_name}} {{system.language_name}}"
    val session = open(template)
    session.start { changes++ }
    clock.advance(0)
    answer("com.example.shop", ForegroundAppMetadata("com.example.shop", "1", "one"))
    sessions.onPackageChanged("com.other")
    assertEquals(1, lookups.size)
    sessions.onPackageChanged("com.example.shop")
    assertEquals(2, lookups.size)
    answer("com.example.shop", ForegroundAppMetadata("com.example.shop", "2", "two"))
    assertEquals("two English", text(session, template))
    language = SystemLanguageMetadata("de", "de-DE", "Deutsch")
    sessions.onLocaleChanged()
    assertEquals(3, lookups.size)
    assertEquals("Unavailable Deutsch", text(session, template))
  }

  @Test
  fun `a locale change while the first frame awaits its draw is reported when the session starts`() {
    val template = "{{system.language_tag}}"
    val session = open(template)
    language = SystemLanguageMetadata("de", "de-DE", "Deutsch")
    sessions.onLocaleChanged()
    assertEquals(0, changes)
    session.start { changes++ }
    assertEquals(1, changes)
    assertEquals("de-DE", text(session, template))
    session.close()
    val closed = open(template)
    sessions.onLocaleChanged()
    closed.close()
    closed.start { changes++ }
    assertEquals(1, changes)
  }

  @Test
  fun `close stops observing and drops a pending lookup that cannot be cancelled`() {
    val template = "{{foreground_app.package_name}}"
    val session = open(template)
    session.start { changes++ }
    clock.advance(0)
    val before = changes
    session.close()
    answer("com.example.shop", ForegroundAppMetadata("com.example.shop", "1", "one"))
    foreground = ForegroundState.AppFocused("x")
    sessions.onAccessibilityEvent()
    clock.advance(1000)
    assertEquals(before, changes)
    assertEquals(0, sessions.openSessions)
    assertTrue(lookups.size == 1)
  }

  @Test
  fun `the cache keeps the 8 most recently used packages`() {
    val cache = MetadataCache()
    (1..9).forEach { cache.put(ForegroundAppMetadata("p$it", null, null)) }
    assertNull(cache["p1"])
    cache["p2"]
    cache.put(ForegroundAppMetadata("p10", null, null))
    assertEquals(8, cache.size)
    assertTrue("p2" in cache.packages)
    assertFalse("p3" in cache.packages)
  }
}
