package com.androperator.operator.core.foreground

import com.androperator.operator.core.template.ForegroundAppMetadata

/** An access-ordered cache of package metadata, at most [maxEntries] packages (reference section 10: 8). */
class MetadataCache(private val maxEntries: Int = DEFAULT_MAX_ENTRIES) {
  private val entries = object : LinkedHashMap<String, ForegroundAppMetadata>(16, 0.75f, true) {
    override fun removeEldestEntry(eldest: MutableMap.MutableEntry<String, ForegroundAppMetadata>?) = size > maxEntries
  }

  operator fun get(packageName: String): ForegroundAppMetadata? = entries[packageName]

  fun put(metadata: ForegroundAppMetadata) {
    metadata.packageName?.let { entries[it] = metadata }
  }

  /** A package was added, removed, replaced or changed. */
  fun invalidate(packageName: String) {
    entries.remove(packageName)
  }

  /** The locale changed: every label and version name may differ. */
  fun clear() = entries.clear()

  val size: Int get() = entries.size

  val packages: List<String> get() = entries.keys.toList()

  companion object {
    const val DEFAULT_MAX_ENTRIES = 8
  }
}

/**
 * Reads a package's metadata off the controller's thread (PackageManager on Android) and calls [done] back on the
 * controller's thread, with null when the package is unknown. A lookup may not be cancellable: callers drop stale
 * results themselves.
 */
fun interface MetadataLookup {
  fun lookup(packageName: String, done: (ForegroundAppMetadata?) -> Unit)
}
