package com.androperator.operator.android

import android.content.pm.PackageInfo
import android.content.pm.PackageManager
import android.os.Build
import com.androperator.operator.core.foreground.MetadataLookup
import com.androperator.operator.core.template.ForegroundAppMetadata
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/**
 * PackageManager metadata and icons, read on a process-wide pool of two IO threads (the reference's semaphore of 2)
 * and delivered on the main thread. Results are never cancelled: sessions drop stale ones by revision.
 */
class PackageMetadata(
  private val packageManager: PackageManager,
  private val icons: AppIcons,
  private val clock: MainThreadClock,
) : MetadataLookup {
  override fun lookup(packageName: String, done: (ForegroundAppMetadata?) -> Unit) {
    io.execute {
      val metadata = read(packageName)
      if (metadata != null) icons.load(packageName)
      clock.post { done(metadata) }
    }
  }

  /** Reads a package's metadata now (any thread); null when it is not installed or not visible. */
  fun read(packageName: String): ForegroundAppMetadata? {
    val info = packageInfo(packageName) ?: return null
    return ForegroundAppMetadata(packageName, versionCode(info).toString(), info.versionName)
  }

  /** The app's label, for hello and foreground events. */
  fun label(packageName: String): String? = try {
    packageManager.getApplicationInfo(packageName, 0).loadLabel(packageManager).toString()
  } catch (e: PackageManager.NameNotFoundException) {
    null
  }

  private fun packageInfo(packageName: String): PackageInfo? = try {
    if (Build.VERSION.SDK_INT >= 33) {
      packageManager.getPackageInfo(packageName, PackageManager.PackageInfoFlags.of(0))
    } else {
      legacyPackageInfo(packageName)
    }
  } catch (e: PackageManager.NameNotFoundException) {
    null
  }

  @Suppress("DEPRECATION")
  private fun legacyPackageInfo(packageName: String): PackageInfo = packageManager.getPackageInfo(packageName, 0)

  companion object {
    private val io: ExecutorService = Executors.newFixedThreadPool(2) { runnable ->
      Thread(runnable, "operator-metadata").apply { isDaemon = true }
    }

    /** The full long version code (API 28+), else the int versionCode. */
    @Suppress("DEPRECATION")
    fun versionCode(info: PackageInfo): Long = if (Build.VERSION.SDK_INT >= 28) info.longVersionCode else info.versionCode.toLong()
  }
}
