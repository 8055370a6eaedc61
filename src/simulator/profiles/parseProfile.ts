// Validates untyped profile JSON into a DeviceProfile; every problem is reported with its dotted path.
import { fail, ok, type Result } from '../../shared/errors';
import { FieldReader, joinPath, type JsonObject } from './fieldReader';
import {
  APP_KINDS,
  CUTOUT_SHAPES,
  NAVIGATION_MODES,
  UI_MODES,
  type DeviceProfile,
  type Insets,
  type ProfileApp,
  type ProfileDisplay,
} from './types';

const PROFILE_KEYS = [
  'name',
  'label',
  'manufacturer',
  'brand',
  'model',
  'product',
  'device',
  'sdk',
  'release',
  'buildId',
  'cpuAbi',
  'display',
  'fontScale',
  'locale',
  'apps',
  'foregroundPackage',
] as const;
const DISPLAY_KEYS = [
  'widthPx',
  'heightPx',
  'densityDpi',
  'rotation',
  'statusBarPx',
  'navBarPx',
  'navBarCanMove',
  'navigationMode',
  'cutoutShape',
  'cutoutInsets',
  'declaresBuiltInCutout',
] as const;
const INSET_KEYS = ['left', 'top', 'right', 'bottom'] as const;
const APP_KEYS = [
  'label',
  'packageName',
  'versionCode',
  'versionName',
  'activity',
  'brandColor',
  'kind',
] as const;

const NAME = /^[a-z][a-z0-9-]{0,31}$/;
const TEXT = /^(?=.*\S)\P{Cc}{1,80}$/u;
const IDENTIFIER = /^[A-Za-z0-9_.-]{1,64}$/;
const RELEASE = /^\d{1,2}(\.\d{1,3}){0,2}$/;
const LOCALE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-(?:[A-Z]{2}|\d{3}))?$/;
const PACKAGE = /^(?=.{1,255}$)[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const CLASS_NAME = /^(?=.{1,255}$)[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_$][A-Za-z0-9_$]*)+$/;
const VERSION_NAME = /^[\s\S]{0,256}$/;
const COLOR = /^#[0-9A-Fa-f]{6}$/;
const CPU_ABIS = ['arm64-v8a', 'armeabi-v7a', 'x86_64', 'x86'] as const;

function readInsets(reader: FieldReader, value: unknown, path: string, limit: number): Insets {
  const record = reader.object(value, path, INSET_KEYS) ?? {};
  const [left, top, right, bottom] = INSET_KEYS.map((key) => reader.integer(record, key, path, 0, limit));
  return { left: left ?? 0, top: top ?? 0, right: right ?? 0, bottom: bottom ?? 0 };
}

function readDisplay(reader: FieldReader, value: unknown): ProfileDisplay {
  const path = 'display';
  const record = reader.object(value, path, DISPLAY_KEYS) ?? {};
  const issuesBefore = reader.issues.length;
  const widthPx = reader.integer(record, 'widthPx', path, 240, 8192);
  const heightPx = reader.integer(record, 'heightPx', path, 240, 8192);
  // Bars and insets are limited by the real size only when it is valid, so one bad size reports one issue.
  const barLimit = reader.issues.length === issuesBefore ? Math.floor(Math.min(widthPx, heightPx) / 4) : 8192;
  const display: ProfileDisplay = {
    widthPx,
    heightPx,
    densityDpi: reader.integer(record, 'densityDpi', path, 120, 800),
    rotation: reader.oneOf(record, 'rotation', path, [0, 90, 180, 270] as const),
    statusBarPx: reader.integer(record, 'statusBarPx', path, 0, barLimit),
    navBarPx: reader.integer(record, 'navBarPx', path, 0, barLimit),
    navBarCanMove: reader.nullableBoolean(record, 'navBarCanMove', path),
    navigationMode: reader.oneOf(record, 'navigationMode', path, NAVIGATION_MODES),
    cutoutShape: reader.oneOf(record, 'cutoutShape', path, CUTOUT_SHAPES),
    cutoutInsets: readInsets(reader, record.cutoutInsets, joinPath(path, 'cutoutInsets'), barLimit),
    declaresBuiltInCutout: reader.boolean(record, 'declaresBuiltInCutout', path),
  };
  const insets = display.cutoutInsets;
  const hasInsets = insets.left + insets.top + insets.right + insets.bottom > 0;
  if ((display.cutoutShape === 'none') === hasInsets) {
    reader.report(`${path}.cutoutShape`, 'must be "none" exactly when every cutout inset is 0');
  }
  return display;
}

function readApp(reader: FieldReader, value: unknown, path: string): ProfileApp {
  const record = reader.object(value, path, APP_KEYS) ?? {};
  return {
    label: reader.string(record, 'label', path, TEXT, 'a non-blank label of 1..80 characters'),
    packageName: reader.string(
      record,
      'packageName',
      path,
      PACKAGE,
      'a dotted Java package name like com.example.app',
    ),
    versionCode: reader.integer(record, 'versionCode', path, 0, Number.MAX_SAFE_INTEGER),
    versionName: reader.string(record, 'versionName', path, VERSION_NAME, 'a string of 0..256 characters'),
    activity: reader.string(record, 'activity', path, CLASS_NAME, 'a fully qualified class name'),
    brandColor: reader.string(record, 'brandColor', path, COLOR, 'an opaque colour #RRGGBB').toUpperCase(),
    kind: reader.oneOf(record, 'kind', path, APP_KINDS),
  };
}

function readApps(reader: FieldReader, record: JsonObject): ProfileApp[] {
  const apps = reader
    .array(record, 'apps', '', 1, 32)
    .map((value, index) => readApp(reader, value, `apps.${index}`));
  const seen = new Set<string>();
  apps.forEach((app, index) => {
    if (seen.has(app.packageName))
      reader.report(`apps.${index}.packageName`, `duplicates ${app.packageName}`);
    seen.add(app.packageName);
  });
  const launchers = apps.filter((app) => app.kind === 'launcher').length;
  if ('apps' in record && launchers !== 1)
    reader.report('apps', `must contain exactly one launcher (found ${launchers})`);
  return apps;
}

/** Validates `value` as a device profile; `source` names it in error messages (profile name or file path). */
export function parseProfile(value: unknown, source: string): Result<DeviceProfile> {
  const reader = new FieldReader();
  // `uiMode` is the one optional field: profiles written before TV support stay valid.
  const hasUiMode = typeof value === 'object' && value !== null && !Array.isArray(value) && 'uiMode' in value;
  const record = reader.object(value, '', hasUiMode ? [...PROFILE_KEYS, 'uiMode'] : PROFILE_KEYS) ?? {};
  const profile: DeviceProfile = {
    name: reader.string(record, 'name', '', NAME, 'a lowercase name of letters, digits and dashes (max 32)'),
    label: reader.string(record, 'label', '', TEXT, 'a non-blank label of 1..80 characters'),
    uiMode: hasUiMode ? reader.oneOf(record, 'uiMode', '', UI_MODES) : 'normal',
    manufacturer: reader.string(record, 'manufacturer', '', TEXT, 'a non-blank name'),
    brand: reader.string(record, 'brand', '', TEXT, 'a non-blank name'),
    model: reader.string(record, 'model', '', TEXT, 'a non-blank name'),
    product: reader.string(record, 'product', '', IDENTIFIER, 'letters, digits, _ . or -'),
    device: reader.string(record, 'device', '', IDENTIFIER, 'letters, digits, _ . or -'),
    sdk: reader.integer(record, 'sdk', '', 21, 36),
    release: reader.string(record, 'release', '', RELEASE, 'a release number like 15 or 5.0.2'),
    buildId: reader.string(record, 'buildId', '', IDENTIFIER, 'a build id like AP4A.250205.002'),
    cpuAbi: reader.oneOf(record, 'cpuAbi', '', CPU_ABIS),
    display: readDisplay(reader, record.display),
    fontScale: reader.number(record, 'fontScale', '', 0.5, 3),
    locale: reader.string(record, 'locale', '', LOCALE, 'a BCP-47 language tag like en-US'),
    apps: readApps(reader, record),
    foregroundPackage: reader.string(record, 'foregroundPackage', '', PACKAGE, 'a package name'),
  };
  if (
    profile.foregroundPackage !== '' &&
    profile.apps.length > 0 &&
    !profile.apps.some((app) => app.packageName === profile.foregroundPackage)
  ) {
    reader.report(
      'foregroundPackage',
      `must be one of the installed apps (got "${profile.foregroundPackage}")`,
    );
  }
  const [first] = reader.issues;
  if (first === undefined) return ok(profile);
  const more = reader.issues.length > 1 ? ` (and ${reader.issues.length - 1} more)` : '';
  return fail('INVALID_JSON', `Device profile ${source} is invalid: ${first.path} ${first.reason}${more}`, {
    profile: source,
    issues: reader.issues,
  });
}
