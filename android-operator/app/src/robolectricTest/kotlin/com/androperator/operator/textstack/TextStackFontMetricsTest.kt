package com.androperator.operator.textstack

import android.text.TextPaint
import com.androperator.operator.android.AndroidTextMeasurer
import com.androperator.operator.core.json.Json
import org.junit.Assert.assertNull
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.annotation.Config
import org.robolectric.annotation.GraphicsMode

/**
 * Generates (TEXTSTACK_REGENERATE=1) or checks conformance/text-stack/font-metrics.json: the advances Android's text
 * stack gives the panel paint (default sans-serif: Roboto, with Noto fallbacks), read through the paint the Operator
 * measures with. The console's Android measurer (src/shared/geometry/androidMeasurer.ts) rebuilds Paint.measureText
 * from this table; each finding below is what Robolectric's Minikin + Skia + FreeType do, not a guess:
 * - glyph advances are taken at floor(textSize) px and, for the outline fonts, rounded to whole pixels by the
 *   hinter (the autohinter moves a few glyphs by a pixel at some sizes: the `hinting` rows);
 * - the colour emoji font is not hinted: its advance is a × floor(textSize) / 2048 rounded down to 1/256 px;
 * - kerning pairs add their scaled value; fi and fl are ligatures.
 */
@RunWith(RobolectricTestRunner::class)
@Config(manifest = Config.NONE, sdk = [34])
@GraphicsMode(GraphicsMode.Mode.NATIVE)
class TextStackFontMetricsTest {
  private val paint: TextPaint = AndroidTextMeasurer.newPanelPaint()

  private fun advance(text: String, size: Float, rtl: Boolean = false): Float {
    paint.textSize = size
    return paint.getRunAdvance(text, 0, text.length, 0, text.length, rtl, text.length)
  }

  private fun measurable(cp: Int): Boolean {
    if (cp == 0x09 || cp == 0xFFFC || cp == 0xAD) return false
    when (Character.getType(cp).toByte()) {
      Character.NON_SPACING_MARK, Character.ENCLOSING_MARK, Character.COMBINING_SPACING_MARK, Character.CONTROL,
      Character.FORMAT, Character.SURROGATE, Character.UNASSIGNED, Character.PRIVATE_USE, Character.LINE_SEPARATOR,
      Character.PARAGRAPH_SEPARATOR,
      -> return false
    }
    return paint.hasGlyph(String(Character.toChars(cp)))
  }

  /** The scripts the vectors use and their neighbours; CJK and emoji blocks are checked at a sample of code points. */
  private val ranges = listOf(
    0x20..0x7E, 0xA0..0x2FF, 0x370..0x52F, 0x590..0x5FF, 0x600..0x6FF, 0x1E00..0x1FFF, 0x2000..0x2BFF,
    0x3000..0x30FF, 0x3400..0x4DBF, 0x4E00..0x9FFF, 0xAC00..0xD7A3, 0xFB00..0xFB4F, 0xFE30..0xFE4F, 0xFF00..0xFFEF,
    0x1F000..0x1FAFF,
  )

  private fun sampledOnly(cp: Int) = cp in 0x3400..0x9FFF || cp in 0xAC00..0xD7A3

  @Test
  fun fontMetricsTableMatchesAndroid() {
    val codePoints = ranges.flatMap { it.toList() }.filter(::measurable)
    val ref = REFERENCE_PX.toFloat()
    // Snapped to 1/64 px: a font of 1000 units per em reads back 1024 - 1/256 for a half em at 2048 px.
    val advances = codePoints.associateWith { snap(advance(String(Character.toChars(it)), ref).toDouble()) }
    val hinted = codePoints.associateWith { cp ->
      val s = String(Character.toChars(cp))
      advance(s, 37f) % 1f == 0f && advance(s, 23f) % 1f == 0f
    }
    // Runs of consecutive code points with one advance: [first, last, advance at 2048 px, hinted 0/1].
    val runs = ArrayList<Json>()
    var index = 0
    while (index < codePoints.size) {
      var end = index
      while (end + 1 < codePoints.size && codePoints[end + 1] == codePoints[end] + 1 &&
        advances[codePoints[end + 1]] == advances[codePoints[index]] && hinted[codePoints[end + 1]] == hinted[codePoints[index]]
      ) {
        end += 1
      }
      val cp = codePoints[index]
      runs.add(row(cp, codePoints[end], advances.getValue(cp), if (hinted.getValue(cp)) 1 else 0))
      index = end + 1
    }

    val ligatures = LIGATURE_CANDIDATES.filter { text ->
      paint.textSize = ref
      val widths = FloatArray(text.length)
      paint.getTextWidths(text, widths)
      widths.drop(1).all { it == 0f }
    }
    val ligatureAdvances = ligatures.associateWith { snap(advance(it, ref).toDouble()) }

    // Where the hinter's advance is not round(advance × ppem / 2048): [ppem, code point or ligature, advance].
    val hinting = ArrayList<Json>()
    for (ppem in MIN_PPEM..MAX_PPEM) {
      for (cp in codePoints) {
        if (sampledOnly(cp) && cp % 61 != 0) continue
        val expected = predicted(advances.getValue(cp), ppem, hinted.getValue(cp))
        val actual = advance(String(Character.toChars(cp)), ppem.toFloat()).toDouble()
        if (Math.abs(actual - expected) > 1.0 / 1024) hinting.add(row(ppem, cp, actual))
      }
      for (text in ligatures) {
        val expected = predicted(ligatureAdvances.getValue(text), ppem, true)
        val actual = advance(text, ppem.toFloat()).toDouble()
        if (actual != expected) hinting.add(row(ppem, text, actual))
      }
    }

    // Kerning of adjacent pairs at 2048 px, within each group: [first, second, adjustment].
    val kerning = ArrayList<Json>()
    for ((index, group) in KERNING_GROUPS.withIndex()) {
      // Hebrew pairs are shaped right to left, as measureText's bidi does for them.
      val rtl = index == HEBREW_GROUP
      val kerningSet = group.flatMap { it.toList() }.filter { it in advances }
      for (a in kerningSet) for (b in kerningSet) {
        val pair = String(Character.toChars(a)) + String(Character.toChars(b))
        if (pair in ligatures) continue
        val adjustment = snap(advance(pair, ref, rtl).toDouble() - advances.getValue(a) - advances.getValue(b))
        if (adjustment != 0.0) kerning.add(row(a, b, adjustment))
      }
    }

    // Paint.measureText (what the Operator's AndroidTextMeasurer returns) of sample runs at panel font sizes.
    val measurer = AndroidTextMeasurer()
    val samples = ArrayList<Json>()
    for (size in SAMPLE_SIZES) {
      for (text in sampleTexts()) samples.add(row(text, size, measurer.measure(text, size)))
    }

    val text = AsciiJson.document(
      listOf(
        "kind" to Json.of("text-stack-font-metrics"),
        "description" to Json.of(
          "Android's advances for the panel paint (Robolectric API 34, native graphics, default sans-serif), " +
            "generated by TextStackFontMetricsTest. A glyph's advance at text size s is taken at p = floor(s): " +
            "round(a * p / 2048) for a hinted font, a * p / 2048 rounded down to 1/256 px otherwise, unless a hinting row says otherwise; " +
            "kerning rows add k * p / 2048; measureText is the ceiling of the sum.",
        ),
        "referencePx" to Json.of(REFERENCE_PX),
        "ppem" to Json.obj("min" to Json.of(MIN_PPEM), "max" to Json.of(MAX_PPEM)),
        "ligatures" to Json.arr(ligatures.map { row(it, ligatureAdvances.getValue(it)) }),
      ),
      listOf("advances" to runs, "hinting" to hinting, "kerning" to kerning),
    )
    val sampleText = AsciiJson.document(
      listOf(
        "kind" to Json.of("text-stack-measure-samples"),
        "description" to Json.of(
          "Paint.measureText of the panel paint (what AndroidTextMeasurer.measure returns) for the words and " +
            "paragraphs of cases.json at panel font sizes: [text, text size px, width px]. Generated by " +
            "TextStackFontMetricsTest on Robolectric API 34 with native graphics.",
        ),
      ),
      listOf("samples" to samples),
    )
    val differences = listOfNotNull(
      TextStackFiles.writeOrCompare("font-metrics.json", text),
      TextStackFiles.writeOrCompare("measure-samples.json", sampleText),
    )
    assertNull(differences.joinToString("\n").ifEmpty { null })
  }

  private fun sampleTexts(): List<String> {
    val cases = TextStackFiles.read("cases.json")["cases"] as Json.Arr
    val texts = LinkedHashSet<String>()
    for (case in cases.items) {
      val content = ((case as Json.Obj)["input"] as Json.Obj)["text"].let { (it as Json.Str).value }
      for (paragraph in content.split('\n', '\t', '\uFFFC')) {
        val trimmed = paragraph.trim()
        if (trimmed.isEmpty()) continue
        texts.add(trimmed)
        trimmed.split(' ').filter { it.isNotEmpty() }.forEach { texts.add(it) }
      }
    }
    return texts.toList()
  }

  private fun predicted(reference: Double, ppem: Int, hinted: Boolean): Double {
    val scaled = reference * ppem / REFERENCE_PX
    return if (hinted) Math.floor(scaled + 0.5) else Math.floor(scaled * 256) / 256
  }

  private fun snap(value: Double) = Math.round(value * 64) / 64.0

  private fun row(vararg values: Any): Json = Json.arr(
    values.map {
      when (it) {
        is String -> Json.of(it)
        is Number -> Json.of(it)
        else -> error("unsupported $it")
      }
    },
  )

  companion object {
    const val REFERENCE_PX = 2048
    const val MIN_PPEM = 5
    const val MAX_PPEM = 200
    val LIGATURE_CANDIDATES = listOf("ff", "fi", "fl", "ffi", "ffl", "ft", "fj", "st")
    /** Latin, Greek and Cyrillic letters with punctuation; Hebrew letters; CJK punctuation, kana and fullwidth forms. */
    val KERNING_GROUPS = listOf(
      listOf(0x20..0x7E, 0xA0..0xFF, 0x2018..0x201D, 0x391..0x3C9, 0x400..0x44F),
      listOf(0x5D0..0x5EA),
      listOf(0x3000..0x30FF, 0xFF01..0xFF60),
    )
    const val HEBREW_GROUP = 1
    val SAMPLE_SIZES = listOf(9.52, 21.0, 27.5625, 31.5, 36.75, 42.0, 47.775, 63.0)
  }
}
