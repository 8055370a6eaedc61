package com.androperator.operator.android

import android.content.pm.PackageManager
import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Color
import android.graphics.Paint
import java.io.ByteArrayOutputStream
import java.util.Collections
import java.util.LinkedHashMap

/**
 * Declared application icons rasterized to 128×128 ARGB bitmaps (adaptive icons included: they are drawables too),
 * cached per package; a package without an icon gets the neutral gray circle. Thread-safe: lookups fill it from the
 * IO pool, the panel view reads it on the main thread.
 */
class AppIcons(private val packageManager: PackageManager) {
  private val cache: MutableMap<String, Bitmap> = Collections.synchronizedMap(
    object : LinkedHashMap<String, Bitmap>(16, 0.75f, true) {
      override fun removeEldestEntry(eldest: MutableMap.MutableEntry<String, Bitmap>?) = size > MAX_ENTRIES
    },
  )

  /** The cached icon, or the neutral icon when the package is unknown or its icon has not been loaded yet. */
  fun iconFor(packageName: String?): Bitmap = packageName?.let { cache[it] } ?: neutral

  /** Loads (off the main thread) and caches the declared icon; null when the package has none. */
  fun load(packageName: String): Bitmap? {
    val bitmap = try {
      val info = packageManager.getApplicationInfo(packageName, 0)
      if (info.icon == 0) null else packageManager.getDrawable(packageName, info.icon, info)?.let { drawable ->
        Bitmap.createBitmap(ICON_PX, ICON_PX, Bitmap.Config.ARGB_8888).also { bitmap ->
          drawable.setBounds(0, 0, ICON_PX, ICON_PX)
          drawable.draw(Canvas(bitmap))
        }
      }
    } catch (e: PackageManager.NameNotFoundException) {
      null
    } catch (e: RuntimeException) {
      null
    }
    if (bitmap == null) cache.remove(packageName) else cache[packageName] = bitmap
    return bitmap
  }

  fun invalidate(packageName: String) {
    cache.remove(packageName)
  }

  fun clear() = cache.clear()

  companion object {
    const val ICON_PX = 128
    private const val MAX_ENTRIES = 16

    /** A 32×32 neutral gray circle: the icon of a missing app or a missing icon. */
    val neutral: Bitmap by lazy {
      Bitmap.createBitmap(32, 32, Bitmap.Config.ARGB_8888).also { bitmap ->
        val paint = Paint(Paint.ANTI_ALIAS_FLAG).apply { color = Color.rgb(0x9E, 0x9E, 0x9E) }
        Canvas(bitmap).drawCircle(16f, 16f, 15f, paint)
      }
    }

    fun toPng(bitmap: Bitmap): ByteArray =
      ByteArrayOutputStream().also { bitmap.compress(Bitmap.CompressFormat.PNG, 100, it) }.toByteArray()
  }
}
