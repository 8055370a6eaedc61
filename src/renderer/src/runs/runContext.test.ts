import { describe, expect, it } from 'vitest';
import type { RunContext } from '../../../shared/api/evidence';
import { appAtCapture, contextFacts, contextLine } from './runContext';

const full: RunContext = {
  source: 'operator_hello',
  observedAt: '2026-12-02T10:00:00Z',
  androidRelease: '15',
  locale: 'de-DE',
  display: { widthPx: 1080, heightPx: 2400, densityDpi: 420, fontScale: 1.3, rotation: 90 },
  foregroundApp: { packageName: 'com.example.shop', label: 'Shop', versionName: '2.4.1', versionCode: '241' },
};

describe('run context facts', () => {
  it('reads every reported fact in order', () => {
    expect(contextFacts(full)).toEqual([
      { name: 'App at capture', value: 'com.example.shop 2.4.1 (241)' },
      { name: 'Android', value: '15' },
      { name: 'Locale', value: 'de-DE' },
      { name: 'Display', value: '1080×2400 px, 420 dpi, font ×1.3, rotated 90°' },
    ]);
    expect(contextLine(full)).toBe('Android 15 · de-DE · com.example.shop 2.4.1 (241)');
  });

  it('claims nothing the device did not report', () => {
    expect(contextFacts({ source: 'operator_hello', observedAt: '2026-12-02T10:00:00Z' })).toEqual([]);
    expect(contextLine({ source: 'operator_hello', observedAt: '2026-12-02T10:00:00Z' })).toBeUndefined();
    expect(contextLine(undefined)).toBeUndefined();
    expect(appAtCapture({ packageName: null, label: 'Shop', versionName: null, versionCode: null })).toBe(
      'Shop',
    );
    expect(appAtCapture({ packageName: 'a.b', label: null, versionName: null, versionCode: '7' })).toBe(
      'a.b (7)',
    );
    expect(
      appAtCapture({ packageName: null, label: null, versionName: '1', versionCode: '1' }),
    ).toBeUndefined();
  });
});
