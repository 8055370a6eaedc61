package com.androperator.operator.android

import android.app.LocaleManager
import android.content.Context
import android.content.res.Resources
import android.os.Build
import com.androperator.operator.core.agent.LocaleDescription
import com.androperator.operator.core.template.SystemLanguageMetadata
import java.util.Locale

/**
 * The primary system locale, independent of the Operator's per-app language: API 33+ LocaleManager.systemLocales,
 * else the system resources' configuration.
 */
class SystemLocale(private val context: Context) {
  fun primary(): Locale {
    if (Build.VERSION.SDK_INT >= 33) {
      val locales = context.getSystemService(LocaleManager::class.java)?.systemLocales
      if (locales != null && !locales.isEmpty) return locales[0]
    }
    return if (Build.VERSION.SDK_INT >= 24) Resources.getSystem().configuration.locales[0] else legacyLocale()
  }

  @Suppress("DEPRECATION")
  private fun legacyLocale(): Locale = Resources.getSystem().configuration.locale

  fun describe(): LocaleDescription {
    val locale = primary()
    val name = locale.getDisplayLanguage(locale).replaceFirstChar { it.titlecase(locale) }.ifBlank { locale.language }
    return LocaleDescription(locale.toLanguageTag(), locale.language, name)
  }

  fun metadata(): SystemLanguageMetadata = describe().let { SystemLanguageMetadata(it.code, it.tag, it.name) }
}
