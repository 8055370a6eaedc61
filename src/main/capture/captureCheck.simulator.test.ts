// The capture check against real simulated phone screens (the same renderer the simulated devices capture with).
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { PANEL_DEFAULTS } from '../../shared/execution/limits';
import { displayMetricsFor } from '../../shared/geometry/metrics';
import { layoutPanel } from '../../shared/geometry/panelLayout';
import type { PanelGeometrySpec, PanelLayout } from '../../shared/geometry/types';
import { computeUsableArea } from '../../shared/geometry/usableArea';
import { loadProfile, usableAreaInputOf, type DeviceProfile } from '../../simulator/profiles';
import { screenInputFromProfile } from '../../simulator/screen/fromProfile';
import { renderScreen, screenMeasurer } from '../../simulator/screen/renderScreen';
import { checkPanelInCapture, checkPanelInCaptureAsync } from './captureCheck';
import { downscale, encodePng } from '../../test-support/testImages';

const SPEC: PanelGeometrySpec = {
  anchor: 'left',
  textAlign: 'left',
  topOffsetDp: 8,
  edgeOffsetDp: 8,
  widthDp: 280,
  fontSizeSp: 12,
};

const loaded = loadProfile('phone');
if (!loaded.ok) throw new Error(loaded.error.message);
const phone: DeviceProfile = loaded.value;

function layoutOn(spec: Partial<PanelGeometrySpec>, text: string): PanelLayout {
  const usable = computeUsableArea(usableAreaInputOf(phone));
  if (!usable.ok) throw new Error(usable.error.message);
  const metrics = displayMetricsFor({ ...phone.display, fontScale: phone.fontScale, usable: usable.value });
  const layout = layoutPanel(metrics, { ...SPEC, ...spec }, text, screenMeasurer());
  if (!layout.ok) throw new Error(layout.error.message);
  return layout.value;
}

async function screens(
  packageName: string,
  layout: PanelLayout,
  colors: { textColor: string; backgroundColor: string },
): Promise<{ without: Uint8Array; withPanel: Uint8Array }> {
  const base = screenInputFromProfile(phone, { clockText: '12:30', foregroundPackage: packageName });
  const without = await renderScreen(base);
  const withPanel = await renderScreen({ ...base, panel: { layout, ...colors } });
  return { without, withPanel };
}

describe('checkPanelInCapture on simulated phone screens', () => {
  const layout = layoutOn({}, 'FLOW-001: Observe settings\nstep 2 of 5');

  it.each(phone.apps.map((app) => [app.kind, app.packageName]))(
    'finds the default panel over the %s screen and not on the same screen without it',
    async (_kind, packageName) => {
      const colors = { textColor: PANEL_DEFAULTS.textColor, backgroundColor: PANEL_DEFAULTS.backgroundColor };
      const { without, withPanel } = await screens(packageName, layout, colors);
      const found = checkPanelInCapture({ png: withPanel, bounds: layout.bounds, ...colors });
      const absent = checkPanelInCapture({ png: without, bounds: layout.bounds, ...colors });
      expect(found.ok && found.value.inCapture).toBe(true);
      expect(found.ok && found.value.matchRatio).toBeGreaterThan(0.99);
      expect(absent.ok && absent.value.inCapture).toBe(false);
    },
  );

  it('finds a right-anchored, large-font panel in custom colours in a half-scale capture', async () => {
    const right = layoutOn({ anchor: 'right', widthDp: 120, fontSizeSp: 24, topOffsetDp: 300 }, 'CHECK\nout');
    const colors = { textColor: '#FFFFEB3B', backgroundColor: '#CC1A237E' };
    const { without, withPanel } = await screens('com.shoply.android', right, colors);
    const half = (png: Uint8Array): Uint8Array => {
      const decoded = PNG.sync.read(Buffer.from(png));
      return encodePng(downscale({ width: decoded.width, height: decoded.height, data: decoded.data }, 2));
    };
    const input = { bounds: right.bounds, screenScale: 0.5, ...colors };
    const found = checkPanelInCapture({ png: half(withPanel), ...input });
    const absent = checkPanelInCapture({ png: half(without), ...input });
    expect(found.ok && found.value.inCapture).toBe(true);
    expect(absent.ok && absent.value.inCapture).toBe(false);
  });
});

describe('checkPanelInCaptureAsync', () => {
  it('gives exactly the synchronous answers, with and without the panel, and for bytes that are not a PNG', async () => {
    const layout = layoutOn({ topOffsetDp: 120 }, 'ASYNC check');
    const colors = { textColor: PANEL_DEFAULTS.textColor, backgroundColor: PANEL_DEFAULTS.backgroundColor };
    for (const app of phone.apps) {
      const { without, withPanel } = await screens(app.packageName, layout, colors);
      for (const png of [withPanel, without]) {
        const input = { png, bounds: layout.bounds, ...colors };
        expect(await checkPanelInCaptureAsync(input)).toEqual(checkPanelInCapture(input));
      }
    }
    const garbage = {
      png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
      bounds: layout.bounds,
      ...colors,
    };
    expect(await checkPanelInCaptureAsync(garbage)).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CAPTURE_FAILED' },
    });
  });
});
