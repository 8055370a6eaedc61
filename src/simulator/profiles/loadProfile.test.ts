import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import phone from './devices/phone.json';
import { listProfiles, loadProfile, loadProfileFile } from './loadProfile';

describe('built-in profiles', () => {
  it('lists the five profiles, phone first', () => {
    expect(listProfiles()).toEqual(['phone', 'tablet', 'legacy21', 'cutout28', 'tv']);
  });

  it.each(listProfiles())('loads and validates %s, whose name matches its key', (name) => {
    const result = loadProfile(name);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.name).toBe(name);
    expect(result.value.apps.filter((app) => app.kind === 'launcher')).toHaveLength(1);
    expect(result.value.apps.length).toBeGreaterThanOrEqual(4);
  });

  it('describes the devices the brief asks for', () => {
    const get = (name: string) => {
      const result = loadProfile(name);
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    };
    const { display: phoneDisplay, sdk: phoneSdk } = get('phone');
    expect([phoneDisplay.widthPx, phoneDisplay.heightPx, phoneDisplay.densityDpi, phoneSdk]).toEqual([
      1080, 2400, 420, 35,
    ]);
    expect(phoneDisplay.statusBarPx).toBe(136);
    const tablet = get('tablet');
    expect([tablet.display.widthPx, tablet.display.heightPx, tablet.display.densityDpi, tablet.sdk]).toEqual([
      2560, 1600, 320, 34,
    ]);
    expect(tablet.display.navBarCanMove).toBe(false);
    const legacy = get('legacy21');
    expect([legacy.display.widthPx, legacy.display.heightPx, legacy.display.densityDpi, legacy.sdk]).toEqual([
      720, 1280, 320, 21,
    ]);
    const cutout = get('cutout28');
    expect([cutout.display.widthPx, cutout.display.heightPx, cutout.display.densityDpi, cutout.sdk]).toEqual([
      1080, 2280, 440, 28,
    ]);
    expect(cutout.display.declaresBuiltInCutout).toBe(true);
    const tv = get('tv');
    expect([tv.uiMode, tv.display.widthPx, tv.display.heightPx, tv.display.densityDpi, tv.sdk]).toEqual([
      'television',
      1920,
      1080,
      320,
      34,
    ]);
    expect([tv.display.statusBarPx, tv.display.navBarPx]).toEqual([0, 0]);
    expect(get('phone').uiMode).toBe('normal');
    const kinds = new Set(get('phone').apps.map((app) => app.kind));
    expect(kinds).toEqual(new Set(['launcher', 'settings', 'shop', 'mail', 'maps']));
    expect(get('phone').apps.some((app) => app.versionCode > 2 ** 32)).toBe(true);
  });

  it('rejects an unknown name and lists the available ones', () => {
    const result = loadProfile('pixel');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('NOT_FOUND');
    expect(result.error.message).toBe(
      'Unknown device profile "pixel"; available: phone, tablet, legacy21, cutout28, tv',
    );
    expect(result.error.details?.available).toEqual(listProfiles());
  });
});

describe('loadProfileFile', () => {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'profiles-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('loads a valid custom profile', async () => {
    const path = join(directory, 'custom.json');
    await writeFile(path, JSON.stringify({ ...phone, name: 'custom', model: 'Custom 1' }));
    const result = await loadProfileFile(path);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.model).toBe('Custom 1');
  });

  it('reports a missing file', async () => {
    const path = join(directory, 'missing.json');
    const result = await loadProfileFile(path);
    expect(result.ok ? null : result.error).toEqual({
      code: 'FILE_NOT_FOUND',
      message: `Device profile file not found: ${path}`,
      details: { path },
    });
  });

  it('reports a path that cannot be read as a file', async () => {
    const result = await loadProfileFile(directory);
    expect(result.ok ? null : result.error.code).toBe('FILE_READ_FAILED');
  });

  it('reports malformed JSON', async () => {
    const path = join(directory, 'bad.json');
    await writeFile(path, '{"name": "bad",');
    const result = await loadProfileFile(path);
    expect(result.ok ? null : result.error.code).toBe('INVALID_JSON');
    expect(result.ok ? '' : result.error.message).toMatch(
      /^Device profile file .*bad\.json is not valid JSON: /,
    );
  });

  it('reports a profile that breaks the schema with its path', async () => {
    const path = join(directory, 'broken.json');
    await writeFile(path, JSON.stringify({ ...phone, display: { ...phone.display, densityDpi: 'xhdpi' } }));
    const result = await loadProfileFile(path);
    expect(result.ok ? '' : result.error.message).toBe(
      `Device profile ${path} is invalid: display.densityDpi must be an integer in 120..800 (got "xhdpi")`,
    );
  });
});
