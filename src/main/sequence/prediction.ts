// Predicted panel bounds: the shared layout rules applied to the metrics the Operator describes in hello.
import type { OperatorDescription } from '../../shared/agent/messages';
import { applyPanelDefaults } from '../../shared/execution/defaults';
import type { SetOnScreenLogParams } from '../../shared/execution/types';
import { layoutPanel } from '../../shared/geometry/panelLayout';
import type { Rect, TextMeasurer } from '../../shared/geometry/types';
import { expandTemplate } from '../../shared/template/expand';
import { templateMetadata } from '../../shared/template/metadata';
import { scanTemplate } from '../../shared/template/scan';

/** The template metadata the Operator would read now, as far as hello describes it. */
function metadataOf(description: OperatorDescription) {
  const app = description.foregroundApp;
  return templateMetadata({
    foregroundApp:
      app === null
        ? null
        : { packageName: app.packageName, versionCode: app.versionCode, versionName: app.versionName },
    device: { manufacturer: description.device.manufacturer, model: description.device.model },
    system: {
      languageCode: description.locale.code,
      languageTag: description.locale.tag,
      languageName: description.locale.name,
    },
  });
}

/**
 * Where the panel should land for `design` on the described display, or null when the display has no usable
 * area or the layout does not fit (the device will then report ON_SCREEN_LOG_LAYOUT_INVALID itself).
 */
export function predictPanelBounds(
  design: SetOnScreenLogParams,
  description: OperatorDescription,
  measurer: TextMeasurer,
): Rect | null {
  const { display } = description;
  if (display.usable === null) return null;
  const spec = applyPanelDefaults(design);
  let content = spec.content.value;
  if (spec.content.kind === 'template') {
    const scanned = scanTemplate(content);
    if (!scanned.ok) return null;
    content = expandTemplate(scanned.segments, metadataOf(description)).text;
  }
  const metrics = {
    widthPx: display.widthPx,
    heightPx: display.heightPx,
    density: display.density,
    scaledDensity: display.scaledDensity,
    usable: display.usable,
  };
  const layout = layoutPanel(metrics, spec, content, measurer);
  return layout.ok ? layout.value.bounds : null;
}
