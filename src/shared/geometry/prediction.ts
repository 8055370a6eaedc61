// What the panel will look like on a described device: the shared layout rules on the Operator's own display
// metrics and placeholder values. Pure: the measurer is passed in.
import type { OperatorDescription } from '../agent/messages';
import { fail, ok, type Result } from '../errors';
import { applyPanelDefaults } from '../execution/defaults';
import type { ResolvedPanelSpec, SetOnScreenLogParams } from '../execution/types';
import { formatBounds } from './bounds';
import { layoutPanel } from './panelLayout';
import type { DisplayMetrics, PanelLayout, TextMeasurer } from './types';
import { displayValue, expandTemplate } from '../template/expand';
import { metadataValue, templateMetadata, type TemplateMetadata } from '../template/metadata';
import { PLACEHOLDER_NAMES, type PlaceholderName } from '../template/placeholders';
import { scanTemplate } from '../template/scan';

/** The display metrics the Operator reported, or LAYOUT_INVALID when it could not work out the usable area. */
export function metricsOf(description: OperatorDescription): Result<DisplayMetrics> {
  const { display } = description;
  if (display.usable === null) {
    const reason = display.usableError?.trim().replace(/\.$/, '');
    return fail(
      'ON_SCREEN_LOG_LAYOUT_INVALID',
      `The device reports no usable display area${reason ? `: ${reason}` : ''}.`,
      undefined,
      'No panel fits this display as it is configured; the device refuses set_on_screen_log too. Use another device.',
    );
  }
  return ok({
    widthPx: display.widthPx,
    heightPx: display.heightPx,
    density: display.density,
    scaledDensity: display.scaledDensity,
    usable: display.usable,
  });
}

/** The template metadata the Operator would read now, as far as its description says. */
export function metadataOf(description: OperatorDescription): TemplateMetadata {
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

/** Each placeholder's value as the panel would show it ("Unavailable" when missing; the icon as a word). */
export function placeholderValues(description: OperatorDescription): Record<PlaceholderName, string> {
  const metadata = metadataOf(description);
  const values = {} as Record<PlaceholderName, string>;
  for (const name of PLACEHOLDER_NAMES) {
    if (name === 'foreground_app.icon') {
      values[name] = description.foregroundApp?.iconPng ? 'app icon' : 'neutral icon';
    } else {
      values[name] = displayValue(metadataValue(metadata, name)).value;
    }
  }
  return values;
}

export interface PanelContent {
  text: string;
  /** UTF-16 indexes of inline icons in `text`. */
  iconPositions: number[];
  /** Template expansion had to bound a value or the whole text. */
  truncated: boolean;
}

/** The text the panel draws: literal text as is, a template expanded with the device's values. */
export function panelContent(spec: ResolvedPanelSpec, metadata: TemplateMetadata): PanelContent {
  if (spec.content.kind === 'text') return { text: spec.content.value, iconPositions: [], truncated: false };
  const scanned = scanTemplate(spec.content.value);
  if (!scanned.ok) return { text: spec.content.value, iconPositions: [], truncated: false };
  return expandTemplate(scanned.value, metadata);
}

/** A panel that fits: where it lands and what it draws. */
export interface PanelPrediction {
  metrics: DisplayMetrics;
  spec: ResolvedPanelSpec;
  content: PanelContent;
  layout: PanelLayout;
  /** "[left,top][right,bottom]" */
  boundsText: string;
}

/** The predicted panel, or ON_SCREEN_LOG_LAYOUT_INVALID with the reason it cannot fit. */
export type Prediction = Result<PanelPrediction>;

/** Predicts the panel's layout; a panel that cannot fit is a value with the LAYOUT_INVALID error. */
export function predictPanel(
  params: SetOnScreenLogParams,
  description: OperatorDescription,
  measurer: TextMeasurer,
  metadata: TemplateMetadata = metadataOf(description),
): Prediction {
  const spec = applyPanelDefaults(params);
  const metrics = metricsOf(description);
  if (!metrics.ok) return metrics;
  const content = panelContent(spec, metadata);
  const layout = layoutPanel(metrics.value, spec, content.text, measurer);
  if (!layout.ok) return layout;
  return ok({
    metrics: metrics.value,
    spec,
    content,
    layout: layout.value,
    boundsText: formatBounds(layout.value.bounds),
  });
}
