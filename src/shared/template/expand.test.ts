import { describe, expect, it } from 'vitest';
import { displayValue, expandTemplate, safePrefix, templateUsesForegroundApp } from './expand';
import { templateMetadata, type TemplateMetadata } from './metadata';
import { scanTemplate, type TemplateSegment } from './scan';

function segmentsOf(template: string): TemplateSegment[] {
  const scan = scanTemplate(template);
  if (!scan.ok) throw new Error(`invalid template ${template}`);
  return scan.value;
}

function expand(template: string, metadata: TemplateMetadata = templateMetadata()) {
  return expandTemplate(segmentsOf(template), metadata);
}

const EMOJI = '\u{1F600}';

describe('safePrefix', () => {
  it('never splits a surrogate pair', () => {
    expect(safePrefix(`a${EMOJI}`, 2)).toBe('a');
    expect(safePrefix(`a${EMOJI}`, 3)).toBe(`a${EMOJI}`);
    expect(safePrefix(`a${EMOJI}b`, 3)).toBe(`a${EMOJI}`);
  });

  it('keeps short strings whole and returns nothing for a zero or negative limit', () => {
    expect(safePrefix('abc', 10)).toBe('abc');
    expect(safePrefix('abc', 0)).toBe('');
    expect(safePrefix('abc', -1)).toBe('');
  });

  it('cuts before a lone high surrogate only when it starts a pair', () => {
    expect(safePrefix('a\uD83Dxy', 2)).toBe('a\uD83D');
  });
});

describe('displayValue', () => {
  it('shows Unavailable for missing, empty and blank values', () => {
    for (const raw of [null, '', '   ', '\uFEFF', '\u0001\u0002']) {
      expect(displayValue(raw)).toEqual({ value: 'Unavailable', truncated: false });
    }
  });

  it('turns control characters into spaces without marking truncation', () => {
    expect(displayValue('a\u0000b\u007Fc\u009Fd\ne\tf')).toEqual({ value: 'a b c d e f', truncated: false });
  });

  it('bounds a long value to 255 units plus an ellipsis', () => {
    const shown = displayValue('x'.repeat(300));
    expect(shown.truncated).toBe(true);
    expect(shown.value).toBe(`${'x'.repeat(255)}\u2026`);
  });

  it('keeps exactly 256 units untouched', () => {
    expect(displayValue('y'.repeat(256))).toEqual({ value: 'y'.repeat(256), truncated: false });
  });

  it('drops a pair that unit 255 would split', () => {
    const shown = displayValue(`${'z'.repeat(254)}${EMOJI}tail`);
    expect(shown.value).toBe(`${'z'.repeat(254)}\u2026`);
    expect(shown.value.length).toBe(255);
  });

  it('replaces U+FFFC so metadata cannot forge an icon', () => {
    expect(displayValue('a\uFFFCb').value).toBe('a\uFFFDb');
  });
});

describe('expandTemplate', () => {
  const full = templateMetadata({
    foregroundApp: { packageName: 'com.example.app', versionCode: '4294967297', versionName: '1.2.3' },
    device: { manufacturer: 'Google', model: 'Pixel 9' },
    system: { languageCode: 'de', languageTag: 'de-DE', languageName: 'Deutsch' },
  });

  it('substitutes every field and places the icon as one U+FFFC', () => {
    const result = expand(
      '{{foreground_app.icon}} {{foreground_app.package_name}}\n{{foreground_app.version_code}} | {{foreground_app.version_name}}\n{{system.language_code}} | {{system.language_tag}} | {{system.language_name}}',
      full,
    );
    expect(result).toEqual({
      text: '\uFFFC com.example.app\n4294967297 | 1.2.3\nde | de-DE | Deutsch',
      iconPositions: [0],
      truncated: false,
    });
  });

  it('keeps metadata that looks like template syntax literal', () => {
    const metadata = templateMetadata({
      foregroundApp: { versionName: '{{device.model}}' },
      device: { model: 'X' },
    });
    expect(expand('{{foreground_app.version_name}}', metadata).text).toBe('{{device.model}}');
  });

  it('lists the icon also when there is no app, and shows Unavailable for the fields', () => {
    expect(expand('{{foreground_app.icon}}{{foreground_app.package_name}} {{foreground_app.icon}}')).toEqual({
      text: '\uFFFCUnavailable \uFFFC',
      iconPositions: [0, 13],
      truncated: false,
    });
  });

  it('replaces U+FFFC in literal text so only real icons remain', () => {
    expect(expand('a\uFFFCb {{foreground_app.icon}}')).toEqual({
      text: 'a\uFFFDb \uFFFC',
      iconPositions: [4],
      truncated: false,
    });
  });

  it('bounds the whole expansion to exactly 8192 units ending in an ellipsis', () => {
    const metadata = templateMetadata({ foregroundApp: { versionName: 'v'.repeat(500) } });
    const result = expand('{{foreground_app.version_name}}'.repeat(60), metadata);
    expect(result.text.length).toBe(8192);
    expect(result.text.endsWith('\u2026')).toBe(true);
    expect(result.truncated).toBe(true);
    expect(result.text.slice(0, 256)).toBe(`${'v'.repeat(255)}\u2026`);
  });

  it('cuts the expansion one unit short rather than split a pair at the 8192 boundary', () => {
    // 31 values of 256 units (7936) + 254 filler puts an emoji across units 8190-8191.
    const metadata = templateMetadata({
      device: { model: 'm'.repeat(300) },
      system: { languageName: `${'n'.repeat(254)}${EMOJI}` },
    });
    const result = expand(
      `${'{{device.model}}'.repeat(31)}{{system.language_name}}{{system.language_name}}`,
      metadata,
    );
    expect(result.text.length).toBe(8191);
    expect(result.text.slice(-2)).toBe('n\u2026');
    expect(result.truncated).toBe(true);
  });

  it('drops icons past the cut and keeps those before it', () => {
    const metadata = templateMetadata({ device: { model: 'q'.repeat(256) } });
    const result = expand(
      `{{foreground_app.icon}}${'{{device.model}}'.repeat(32)}{{foreground_app.icon}}`,
      metadata,
    );
    expect(result.iconPositions).toEqual([0]);
    expect(result.text.length).toBe(8192);
    expect(result.truncated).toBe(true);
  });

  it('does not mark truncation for an expansion of exactly 8192 units', () => {
    const metadata = templateMetadata({ device: { model: 'q'.repeat(256) } });
    const result = expand('{{device.model}}'.repeat(32), metadata);
    expect(result).toEqual({ text: 'q'.repeat(8192), iconPositions: [], truncated: false });
  });

  it('expands an empty segment list to empty text', () => {
    expect(expandTemplate([], full)).toEqual({ text: '', iconPositions: [], truncated: false });
  });
});

describe('templateUsesForegroundApp', () => {
  it('is true only when a foreground_app placeholder is present', () => {
    expect(templateUsesForegroundApp(segmentsOf('{{device.model}} {{system.language_tag}}'))).toBe(false);
    expect(templateUsesForegroundApp(segmentsOf('{{{{foreground_app.icon}}}}'))).toBe(false);
    expect(templateUsesForegroundApp(segmentsOf('x {{foreground_app.version_code}}'))).toBe(true);
    expect(templateUsesForegroundApp(segmentsOf('{{foreground_app.icon}}'))).toBe(true);
  });
});
