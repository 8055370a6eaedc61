package com.androperator.operator

import android.app.Activity
import android.content.Intent
import android.os.Bundle
import android.provider.Settings
import android.view.Gravity
import android.widget.Button
import android.widget.LinearLayout
import android.widget.TextView

/** The launcher entry: explains what the Operator is and opens the accessibility settings to enable it. */
class SetupActivity : Activity() {
  override fun onCreate(savedInstanceState: Bundle?) {
    super.onCreate(savedInstanceState)
    val padding = (24 * resources.displayMetrics.density).toInt()
    val explanation = TextView(this).apply { setText(R.string.setup_explanation) }
    val open = Button(this).apply {
      setText(R.string.setup_open_settings)
      setOnClickListener { startActivity(Intent(Settings.ACTION_ACCESSIBILITY_SETTINGS)) }
    }
    setContentView(
      LinearLayout(this).apply {
        orientation = LinearLayout.VERTICAL
        gravity = Gravity.CENTER_HORIZONTAL
        setPadding(padding, padding, padding, padding)
        addView(explanation)
        addView(open)
      },
    )
  }
}
