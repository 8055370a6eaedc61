import { describe, expect, it } from 'vitest';
import { metadataValue, parseTemplateMetadata, templateMetadata } from './metadata';

describe('templateMetadata', () => {
  it('fills everything omitted with null, and no app context by default', () => {
    expect(templateMetadata()).toEqual({
      foregroundApp: null,
      device: { manufacturer: null, model: null },
      system: { languageCode: null, languageTag: null, languageName: null },
    });
  });

  it('keeps a known package when its other metadata is missing', () => {
    const metadata = templateMetadata({ foregroundApp: { packageName: 'com.example' } });
    expect(metadata.foregroundApp).toEqual({
      packageName: 'com.example',
      versionCode: null,
      versionName: null,
    });
  });
});

describe('metadataValue', () => {
  const metadata = templateMetadata({
    foregroundApp: { packageName: 'p', versionCode: '4294967297', versionName: 'v' },
    device: { manufacturer: 'm', model: 'd' },
    system: { languageCode: 'de', languageTag: 'de-DE', languageName: 'Deutsch' },
  });

  it.each([
    ['foreground_app.package_name', 'p'],
    ['foreground_app.version_code', '4294967297'],
    ['foreground_app.version_name', 'v'],
    ['device.manufacturer', 'm'],
    ['device.model', 'd'],
    ['system.language_code', 'de'],
    ['system.language_tag', 'de-DE'],
    ['system.language_name', 'Deutsch'],
  ] as const)('reads %s', (name, value) => {
    expect(metadataValue(metadata, name)).toBe(value);
  });

  it('reads app fields as missing when there is no app context', () => {
    expect(metadataValue(templateMetadata(), 'foreground_app.package_name')).toBeNull();
  });
});

describe('parseTemplateMetadata', () => {
  it('accepts partial JSON and treats omissions and nulls as missing', () => {
    expect(
      parseTemplateMetadata({ device: { model: 'Pixel' }, foregroundApp: { versionName: null } }),
    ).toEqual(templateMetadata({ device: { model: 'Pixel' }, foregroundApp: {} }));
    expect(parseTemplateMetadata({})).toEqual(templateMetadata());
    expect(parseTemplateMetadata({ foregroundApp: null })).toEqual(templateMetadata());
  });

  it.each([
    ['not an object', 'x'],
    ['an array', []],
    ['an unknown group', { battery: {} }],
    ['an unknown field', { device: { brand: 'x' } }],
    ['a number value', { foregroundApp: { versionCode: 42 } }],
    ['a non-object group', { system: 'en' }],
  ])('rejects %s', (_label, value) => {
    expect(parseTemplateMetadata(value)).toBeNull();
  });
});
