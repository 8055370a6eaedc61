// Live metadata a template reads (reference section 10). Every value may be missing: null means "not known".
import type { PlaceholderName } from './placeholders';
import { isRecord } from '../schema/parse';

/** The foreground app of one observation; null fields are metadata the lookup has not (or cannot) provide. */
export interface ForegroundAppMetadata {
  packageName: string | null;
  /** Full long version code as decimal text, e.g. "4294967297". */
  versionCode: string | null;
  versionName: string | null;
}

export interface DeviceMetadata {
  manufacturer: string | null;
  model: string | null;
}

export interface SystemLanguageMetadata {
  languageCode: string | null;
  languageTag: string | null;
  languageName: string | null;
}

/** Everything a template can show; `foregroundApp: null` is "no app context" (locked, unavailable, pending). */
export interface TemplateMetadata {
  foregroundApp: ForegroundAppMetadata | null;
  device: DeviceMetadata;
  system: SystemLanguageMetadata;
}

/** The text shown for a missing or blank value. */
export const UNAVAILABLE_TEXT = 'Unavailable';

/** Partial input for `templateMetadata`: omitted pieces are missing. */
export interface TemplateMetadataInput {
  foregroundApp?: Partial<ForegroundAppMetadata> | null;
  device?: Partial<DeviceMetadata>;
  system?: Partial<SystemLanguageMetadata>;
}

/** Builds complete metadata from whatever is known; `templateMetadata()` is the all-missing first draw. */
export function templateMetadata(input: TemplateMetadataInput = {}): TemplateMetadata {
  const app = input.foregroundApp;
  return {
    foregroundApp:
      app === undefined || app === null
        ? null
        : {
            packageName: app.packageName ?? null,
            versionCode: app.versionCode ?? null,
            versionName: app.versionName ?? null,
          },
    device: { manufacturer: input.device?.manufacturer ?? null, model: input.device?.model ?? null },
    system: {
      languageCode: input.system?.languageCode ?? null,
      languageTag: input.system?.languageTag ?? null,
      languageName: input.system?.languageName ?? null,
    },
  };
}

/** The text placeholders (every placeholder except the icon). */
export type TextPlaceholderName = Exclude<PlaceholderName, 'foreground_app.icon'>;

/** The raw metadata value behind a text placeholder, before sanitizing and bounding. */
export function metadataValue(metadata: TemplateMetadata, name: TextPlaceholderName): string | null {
  switch (name) {
    case 'foreground_app.package_name':
      return metadata.foregroundApp?.packageName ?? null;
    case 'foreground_app.version_code':
      return metadata.foregroundApp?.versionCode ?? null;
    case 'foreground_app.version_name':
      return metadata.foregroundApp?.versionName ?? null;
    case 'device.manufacturer':
      return metadata.device.manufacturer;
    case 'device.model':
      return metadata.device.model;
    case 'system.language_code':
      return metadata.system.languageCode;
    case 'system.language_tag':
      return metadata.system.languageTag;
    case 'system.language_name':
      return metadata.system.languageName;
  }
}

/** Reads one group of optional string-or-null fields; undefined when a field has another type or is unknown. */
function readGroup<K extends string>(
  value: unknown,
  keys: readonly K[],
): Partial<Record<K, string | null>> | undefined {
  if (value === undefined) return {};
  if (!isRecord(value)) return undefined;
  const result: Partial<Record<K, string | null>> = {};
  for (const key of Object.keys(value)) {
    if (!(keys as readonly string[]).includes(key)) return undefined;
  }
  for (const key of keys) {
    const field = value[key];
    if (field === undefined || field === null) result[key] = null;
    else if (typeof field === 'string') result[key] = field;
    else return undefined;
  }
  return result;
}

/** Parses metadata JSON (as in conformance vectors and the simulator); omitted fields are missing; null on a bad shape. */
export function parseTemplateMetadata(value: unknown): TemplateMetadata | null {
  if (!isRecord(value)) return null;
  for (const key of Object.keys(value)) {
    if (key !== 'foregroundApp' && key !== 'device' && key !== 'system') return null;
  }
  const device = readGroup(value.device, ['manufacturer', 'model'] as const);
  const system = readGroup(value.system, ['languageCode', 'languageTag', 'languageName'] as const);
  if (device === undefined || system === undefined) return null;
  let foregroundApp: Partial<ForegroundAppMetadata> | null = null;
  if (value.foregroundApp !== undefined && value.foregroundApp !== null) {
    const app = readGroup(value.foregroundApp, ['packageName', 'versionCode', 'versionName'] as const);
    if (app === undefined) return null;
    foregroundApp = app;
  }
  return templateMetadata({ foregroundApp, device, system });
}
