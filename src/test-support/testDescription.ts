// Test helper: a described Pixel-7-like phone (1080×2400, 420 dpi, usable [0,136][1080,2337]) for unit tests.
import type { OperatorDescription } from '../shared/agent/messages';

export function testDescription(overrides: Partial<OperatorDescription> = {}): OperatorDescription {
  return {
    protocolVersion: 1,
    operator: { packageName: 'com.androperator.operator', versionName: '1.0', versionCode: '1' },
    service: { connected: true },
    device: { manufacturer: 'Google', model: 'Pixel 7', sdkInt: 35, release: '15' },
    display: {
      widthPx: 1080,
      heightPx: 2400,
      densityDpi: 420,
      density: 2.625,
      fontScale: 1,
      scaledDensity: 2.625,
      rotation: 0,
      usable: { left: 0, top: 136, right: 1080, bottom: 2337 },
      usableError: null,
    },
    locale: { tag: 'de-DE', code: 'de', name: 'Deutsch' },
    foregroundApp: {
      packageName: 'com.shoply.android',
      label: 'Shoply',
      versionCode: '4294967297',
      versionName: '5.12.0',
    },
    panel: { visible: false, generation: 0 },
    ...overrides,
  };
}
