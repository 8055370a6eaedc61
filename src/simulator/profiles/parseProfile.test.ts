import { describe, expect, it } from 'vitest';
import phone from './devices/phone.json';
import { parseProfile } from './parseProfile';

type Json = Record<string, unknown>;

/** A deep copy of the phone profile with `edit` applied. */
function phoneWith(edit: (profile: Json) => void): Json {
  const copy = structuredClone(phone) as unknown as Json;
  edit(copy);
  return copy;
}

function display(profile: Json): Json {
  return profile.display as Json;
}

function apps(profile: Json): Json[] {
  return profile.apps as Json[];
}

function issuesOf(value: unknown): Array<{ path: string; reason: string }> {
  const result = parseProfile(value, 'test.json');
  if (result.ok) throw new Error('expected the profile to be rejected');
  expect(result.error.code).toBe('INVALID_JSON');
  return result.error.details?.issues as Array<{ path: string; reason: string }>;
}

describe('parseProfile', () => {
  it('accepts the phone profile and normalizes brand colours to upper case', () => {
    const result = parseProfile(
      phoneWith((p) => (apps(p)[0]!.brandColor = '#4285f4')),
      'phone',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.display.widthPx).toBe(1080);
    expect(result.value.apps[0]?.brandColor).toBe('#4285F4');
    expect(result.value.apps.find((app) => app.kind === 'shop')?.versionCode).toBe(4294967297);
  });

  it('names the source, the path and the reason of the first problem, and counts the rest', () => {
    const broken = phoneWith((p) => {
      display(p).widthPx = -5;
      p.sdk = '35';
    });
    const result = parseProfile(broken, 'broken.json');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe(
      'Device profile broken.json is invalid: sdk must be an integer in 21..36 (got "35") (and 1 more)',
    );
    expect(result.error.details?.profile).toBe('broken.json');
    expect(issuesOf(broken).map((issue) => issue.path)).toEqual(['sdk', 'display.widthPx']);
  });

  it('takes uiMode as optional: absent is normal, television is kept, anything else is reported', () => {
    const without = parseProfile(
      phoneWith((p) => delete p.uiMode),
      'phone',
    );
    expect(without.ok && without.value.uiMode).toBe('normal');
    const tv = parseProfile(
      phoneWith((p) => (p.uiMode = 'television')),
      'phone',
    );
    expect(tv.ok && tv.value.uiMode).toBe('television');
    expect(issuesOf(phoneWith((p) => (p.uiMode = 'watch')))).toEqual([
      { path: 'uiMode', reason: 'must be one of normal, television (got "watch")' },
    ]);
  });

  it('rejects a root that is not an object', () => {
    expect(issuesOf([])).toEqual([{ path: '(root)', reason: 'must be an object (got [])' }]);
    expect(issuesOf(null)[0]?.path).toBe('(root)');
  });

  it('reports missing and unknown fields, once each', () => {
    const issues = issuesOf(
      phoneWith((p) => {
        delete p.display;
        delete apps(p)[1]!.activity;
        p.colour = 'red';
      }),
    );
    expect(issues).toEqual([
      { path: 'display', reason: 'is required' },
      { path: 'colour', reason: 'is not a known field' },
      { path: 'apps.1.activity', reason: 'is required' },
    ]);
  });

  it.each([
    ['name', (p: Json) => (p.name = 'Phone One'), 'name'],
    ['blank label', (p: Json) => (p.label = '   '), 'label'],
    ['release', (p: Json) => (p.release = 'fifteen'), 'release'],
    ['cpu abi', (p: Json) => (p.cpuAbi = 'mips'), 'cpuAbi'],
    ['locale', (p: Json) => (p.locale = 'en_US'), 'locale'],
    ['font scale', (p: Json) => (p.fontScale = 0), 'fontScale'],
    ['density', (p: Json) => (display(p).densityDpi = 42), 'display.densityDpi'],
    ['rotation', (p: Json) => (display(p).rotation = 45), 'display.rotation'],
    [
      'status bar taller than a quarter of the short edge',
      (p: Json) => (display(p).statusBarPx = 271),
      'display.statusBarPx',
    ],
    ['nav bar can move', (p: Json) => (display(p).navBarCanMove = 'yes'), 'display.navBarCanMove'],
    ['navigation mode', (p: Json) => (display(p).navigationMode = 'buttons'), 'display.navigationMode'],
    ['declared cutout', (p: Json) => (display(p).declaresBuiltInCutout = 1), 'display.declaresBuiltInCutout'],
    ['cutout inset', (p: Json) => ((display(p).cutoutInsets as Json).top = -1), 'display.cutoutInsets.top'],
    [
      'cutout shape without insets',
      (p: Json) => (display(p).cutoutInsets = { left: 0, top: 0, right: 0, bottom: 0 }),
      'display.cutoutShape',
    ],
    ['insets without a cutout shape', (p: Json) => (display(p).cutoutShape = 'none'), 'display.cutoutShape'],
    ['package name', (p: Json) => (apps(p)[2]!.packageName = 'shop'), 'apps.2.packageName'],
    ['activity', (p: Json) => (apps(p)[2]!.activity = 'Checkout Activity'), 'apps.2.activity'],
    ['negative version code', (p: Json) => (apps(p)[2]!.versionCode = -1), 'apps.2.versionCode'],
    ['fractional version code', (p: Json) => (apps(p)[2]!.versionCode = 1.5), 'apps.2.versionCode'],
    ['version code beyond 2^53-1', (p: Json) => (apps(p)[2]!.versionCode = 2 ** 53), 'apps.2.versionCode'],
    ['version code as text', (p: Json) => (apps(p)[2]!.versionCode = '4294967297'), 'apps.2.versionCode'],
    ['version name too long', (p: Json) => (apps(p)[2]!.versionName = 'x'.repeat(257)), 'apps.2.versionName'],
    ['brand colour with alpha', (p: Json) => (apps(p)[2]!.brandColor = '#FFE65100'), 'apps.2.brandColor'],
    ['app kind', (p: Json) => (apps(p)[2]!.kind = 'game'), 'apps.2.kind'],
    ['app list not an array', (p: Json) => (p.apps = {}), 'apps'],
    ['empty app list', (p: Json) => (p.apps = []), 'apps'],
    ['app entry not an object', (p: Json) => ((apps(p) as unknown[])[3] = 'mail'), 'apps.3'],
  ])('rejects an invalid %s', (_name, edit, path) => {
    const issues = issuesOf(phoneWith(edit));
    expect(issues.map((issue) => issue.path)).toContain(path);
    expect(issues.find((issue) => issue.path === path)?.reason).toMatch(/must|required/);
  });

  it('rejects duplicate packages, a second launcher and an uninstalled foreground app', () => {
    const issues = issuesOf(
      phoneWith((p) => {
        apps(p)[3]!.packageName = 'com.shoply.android';
        apps(p)[4]!.kind = 'launcher';
        p.foregroundPackage = 'com.example.missing';
      }),
    );
    expect(issues).toEqual([
      { path: 'apps.3.packageName', reason: 'duplicates com.shoply.android' },
      { path: 'apps', reason: 'must contain exactly one launcher (found 2)' },
      { path: 'foregroundPackage', reason: 'must be one of the installed apps (got "com.example.missing")' },
    ]);
  });

  it('accepts an empty version name (shown as Unavailable by templates)', () => {
    expect(
      parseProfile(
        phoneWith((p) => (apps(p)[2]!.versionName = '')),
        'phone',
      ).ok,
    ).toBe(true);
  });
});
