// Reads what the Operator reports (metadata, display metrics, snapshot) off a simulated device's state and profile.
import type { OperatorDescription } from '../../shared/agent/messages';
import { computeUsableArea } from '../../shared/geometry/usableArea';
import { displayMetricsFor } from '../../shared/geometry/metrics';
import type { DisplayMetrics, Rect } from '../../shared/geometry/types';
import { templateMetadata, type TemplateMetadata } from '../../shared/template/metadata';
import type { DeviceState } from '../device/state';
import type { DeviceProfile } from '../profiles/types';
import { usableAreaInputOf } from '../profiles/deviceStateInput';

/** The display as the device is configured now (wm size/density and font scale overrides applied). */
export function currentDisplay(
  profile: DeviceProfile,
  state: DeviceState,
): {
  metrics: DisplayMetrics | null;
  usable: Rect | null;
  usableError: string | null;
  densityDpi: number;
  fontScale: number;
} {
  const configuration = state.configuration();
  const { widthPx, heightPx } = configuration.screenSize;
  const usable = computeUsableArea({ ...usableAreaInputOf(profile), widthPx, heightPx });
  const densityDpi = configuration.densityDpi;
  const fontScale = configuration.fontScale;
  if (!usable.ok)
    return { metrics: null, usable: null, usableError: usable.error.message, densityDpi, fontScale };
  const metrics = displayMetricsFor({ widthPx, heightPx, densityDpi, fontScale, usable: usable.value });
  return { metrics, usable: usable.value, usableError: null, densityDpi, fontScale };
}

/** Language code, tag and native name of a BCP-47 locale tag. */
export function localeFacts(tag: string): { tag: string; code: string; name: string } {
  const code = tag.split(/[-_]/)[0]?.toLowerCase() ?? tag;
  return { tag: tag.replace('_', '-'), code, name: languageName(code) };
}

// Building an Intl.DisplayNames costs ~1 ms and every set, hello and template refresh asks: names are kept.
const languageNames = new Map<string, string>();

function languageName(code: string): string {
  const known = languageNames.get(code);
  if (known !== undefined) return known;
  let name = code;
  try {
    const native = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (native) name = native.charAt(0).toLocaleUpperCase(code) + native.slice(1);
  } catch {
    // An unknown language keeps its code as the name, as Android's Locale.getDisplayLanguage does.
  }
  languageNames.set(code, name);
  return name;
}

/** The template metadata of the foreground app, device and system locale. */
export function metadataOf(state: DeviceState): TemplateMetadata {
  const foreground = state.foreground.packageName;
  const info = state.getPackage(foreground);
  const locale = localeFacts(state.locale);
  return templateMetadata({
    foregroundApp: {
      packageName: foreground,
      versionCode: info ? String(info.versionCode) : null,
      versionName: info?.versionName ?? null,
    },
    device: {
      manufacturer: state.getProperty('ro.product.manufacturer') ?? null,
      model: state.getProperty('ro.product.model') ?? null,
    },
    system: { languageCode: locale.code, languageTag: locale.tag, languageName: locale.name },
  });
}

/** The device part of the hello description. */
export function describeDevice(
  profile: DeviceProfile,
  state: DeviceState,
): Pick<OperatorDescription, 'device' | 'display' | 'locale'> {
  const display = currentDisplay(profile, state);
  const { widthPx, heightPx } = state.configuration().screenSize;
  const density = display.densityDpi / 160;
  return {
    device: {
      manufacturer: state.getProperty('ro.product.manufacturer') ?? profile.manufacturer,
      model: state.getProperty('ro.product.model') ?? profile.model,
      sdkInt: state.sdkLevel,
      release: state.getProperty('ro.build.version.release') ?? profile.release,
    },
    display: {
      widthPx,
      heightPx,
      densityDpi: display.densityDpi,
      density,
      fontScale: display.fontScale,
      scaledDensity: density * display.fontScale,
      rotation: profile.display.rotation,
      usable: display.usable,
      usableError: display.usableError,
    },
    locale: localeFacts(state.locale),
  };
}

/** A UI hierarchy XML of the simulated screen, shaped like uiautomator's dump. */
export function hierarchyXml(state: DeviceState): string {
  const { widthPx, heightPx } = state.configuration().screenSize;
  const packageName = state.foreground.packageName;
  const label = state.getPackage(packageName)?.label ?? packageName;
  const attribute = (value: string): string =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const bounds = `[0,0][${widthPx},${heightPx}]`;
  return [
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
    '<hierarchy rotation="0">',
    `  <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="${attribute(packageName)}" content-desc="" clickable="false" enabled="true" focusable="false" scrollable="false" bounds="${bounds}">`,
    `    <node index="0" text="${attribute(label)}" resource-id="${attribute(packageName)}:id/title" class="android.widget.TextView" package="${attribute(packageName)}" content-desc="" clickable="false" enabled="true" focusable="false" scrollable="false" bounds="[0,0][${widthPx},${Math.round(heightPx / 10)}]" />`,
    '  </node>',
    '</hierarchy>',
  ].join('\n');
}
