import { describe, expect, it } from 'vitest';
import { createFixedAdvanceMeasurer, ROBOTO_LIKE_METRICS } from './fixedMeasurer';
import { PLACEHOLDER_NAMES } from '../template/placeholders';
import { metricsOf, panelContent, placeholderValues, predictPanel } from './prediction';
import { testDescription } from '../../test-support/testDescription';

const measurer = createFixedAdvanceMeasurer(ROBOTO_LIKE_METRICS);

describe('predictPanel', () => {
  it('predicts the reference bounds for the defaults on a 1080×2400 420 dpi phone', () => {
    const prediction = predictPanel({ text: 'FLOW-001' }, testDescription(), measurer);
    if (!prediction.ok) throw new Error('expected a layout');
    expect(prediction.value.boundsText).toBe('[21,157][756,236]');
    expect(prediction.value.layout.lineHeightPx).toBe(37);
    expect(prediction.value.layout.fontSizePx).toBe(31.5);
  });

  it('places the right-anchored panel from the usable right edge', () => {
    const prediction = predictPanel(
      { text: 'x', anchor: 'right', edgeOffsetDp: 12, topOffsetDp: 24 },
      testDescription(),
      measurer,
    );
    expect(prediction.ok && prediction.value.boundsText).toBe('[313,199][1048,278]');
  });

  it('follows the font scale (scaledDensity) for the text size', () => {
    const description = testDescription();
    description.display.fontScale = 1.5;
    description.display.scaledDensity = 2.625 * 1.5;
    const prediction = predictPanel({ text: 'x' }, description, measurer);
    expect(prediction.ok && prediction.value.layout.fontSizePx).toBeCloseTo(47.25);
  });

  it('expands templates with the device values and wraps long text', () => {
    const prediction = predictPanel(
      { template: '{{device.model}} {{system.language_name}}\n{{foreground_app.icon}}' },
      testDescription(),
      measurer,
    );
    if (!prediction.ok) throw new Error('expected a layout');
    expect(prediction.value.content.text).toBe('Pixel 7 Deutsch\n\uFFFC');
    expect(prediction.value.content.iconPositions).toEqual([16]);
    expect(prediction.value.layout.lines.map((line) => line.text)).toEqual(['Pixel 7 Deutsch', '\uFFFC']);
  });

  it('keeps literal text literal', () => {
    const prediction = predictPanel({ text: '{{device.model}}' }, testDescription(), measurer);
    expect(prediction.ok && prediction.value.content.text).toBe('{{device.model}}');
  });

  it('returns LAYOUT_INVALID with the reason when the panel does not fit', () => {
    const prediction = predictPanel({ text: 'x', edgeOffsetDp: 1000 }, testDescription(), measurer);
    expect(prediction.ok).toBe(false);
    expect(!prediction.ok && prediction.error.code).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    expect(!prediction.ok && prediction.error.message).toMatch(/usable width/);
    const low = predictPanel({ text: 'x', topOffsetDp: 1000, fontSizeSp: 24 }, testDescription(), measurer);
    expect(!low.ok && low.error.message).toMatch(/usable height/);
  });

  it('truncates to the complete lines that fit, as the device reports', () => {
    const text = Array.from({ length: 250 }, (_, i) => `line ${i}`).join('\n');
    const prediction = predictPanel({ text, fontSizeSp: 24, widthDp: 80 }, testDescription(), measurer);
    if (!prediction.ok) throw new Error('expected a layout');
    expect(prediction.value.layout.truncated).toBe(true);
    expect(prediction.value.layout.lines).toHaveLength(prediction.value.layout.maxLines);
    expect(prediction.value.layout.lines.at(-1)?.text.endsWith('\u2026')).toBe(true);
  });

  it('is LAYOUT_INVALID when the device could not work out its usable area', () => {
    const description = testDescription();
    description.display.usable = null;
    description.display.usableError = 'API 28 declares a cutout';
    expect(metricsOf(description)).toMatchObject({
      ok: false,
      error: {
        code: 'ON_SCREEN_LOG_LAYOUT_INVALID',
        message: expect.stringContaining('API 28 declares a cutout'),
      },
    });
    expect(predictPanel({ text: 'x' }, description, measurer)).toMatchObject({
      ok: false,
      error: {
        code: 'ON_SCREEN_LOG_LAYOUT_INVALID',
        message: expect.stringContaining('API 28 declares a cutout'),
      },
    });
  });
});

describe('placeholderValues', () => {
  it('lists every placeholder with what the panel would show', () => {
    const values = placeholderValues(testDescription());
    expect(Object.keys(values)).toEqual([...PLACEHOLDER_NAMES]);
    expect(values).toMatchObject({
      'foreground_app.package_name': 'com.shoply.android',
      'foreground_app.version_code': '4294967297',
      'foreground_app.version_name': '5.12.0',
      'device.manufacturer': 'Google',
      'device.model': 'Pixel 7',
      'system.language_code': 'de',
      'system.language_tag': 'de-DE',
      'system.language_name': 'Deutsch',
      'foreground_app.icon': 'neutral icon',
    });
  });

  it('shows Unavailable without an app, and the app icon when there is one', () => {
    expect(placeholderValues(testDescription({ foregroundApp: null }))['foreground_app.package_name']).toBe(
      'Unavailable',
    );
    const withIcon = testDescription();
    if (withIcon.foregroundApp) withIcon.foregroundApp.iconPng = 'iVBOR';
    expect(placeholderValues(withIcon)['foreground_app.icon']).toBe('app icon');
  });
});

describe('panelContent', () => {
  it('shows a template that does not scan as typed (the validator reports it)', () => {
    const spec = {
      content: { kind: 'template' as const, value: '{{nope}}' },
      anchor: 'left' as const,
      textAlign: 'left' as const,
      topOffsetDp: 8,
      edgeOffsetDp: 8,
      widthDp: 280,
      fontSizeSp: 12,
      textColor: '#FFFFFFFF',
      backgroundColor: '#B3000000',
      ttlMs: 300000,
    };
    expect(
      panelContent(spec, {
        foregroundApp: null,
        device: { manufacturer: null, model: null },
        system: { languageCode: null, languageTag: null, languageName: null },
      }).text,
    ).toBe('{{nope}}');
  });
});
