package com.androperator.operator.android

import android.os.Build
import android.text.Layout
import android.text.StaticLayout
import android.text.TextPaint
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * The Robolectric set-up itself: API 34's instrumented framework, offline, with native graphics (Skia + Minikin),
 * so text is measured by Android's own text stack and not by Robolectric's legacy stand-in (which measures every
 * string as zero wide or as its character count).
 */
@RunWith(RobolectricTestRunner::class)
@Config(manifest = Config.NONE, sdk = [34])
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class NativeTextStackSmokeTest {
  @Test
  fun staticLayoutMeasuresTextWithTheNativeTextStack() {
    assertEquals(34, Build.VERSION.SDK_INT)
    val paint = TextPaint(TextPaint.ANTI_ALIAS_FLAG).apply { textSize = 42f }
    val text = "FLOW-001: Observe settings"
    val layout = StaticLayout.Builder.obtain(text, 0, text.length, paint, 2000)
      .setAlignment(Layout.Alignment.ALIGN_NORMAL)
      .setIncludePad(false)
      .build()
    val width = layout.getLineWidth(0)
    assertEquals(1, layout.lineCount)
    // Roboto at 42 px: a device measures 527.53 (variable Roboto); Robolectric ships static Roboto-Regular, so allow
    // a few pixels. The legacy graphics mode would give 0 or the character count (26) here.
    assertTrue("line width $width is not Roboto's at 42 px", width in 515f..540f)
    // A narrower layout wraps: the line breaker is Minikin's, not a stand-in.
    val narrow = StaticLayout.Builder.obtain(text, 0, text.length, paint, 300).setIncludePad(false).build()
    assertTrue("expected a wrap at 300 px, got ${narrow.lineCount} line(s)", narrow.lineCount >= 2)
    for (line in 0 until narrow.lineCount) {
      assertTrue("line $line is ${narrow.getLineWidth(line)} px, wider than 300", narrow.getLineWidth(line) <= 300f)
    }
  }
}
