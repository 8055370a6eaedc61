// The console's user settings: defaults, field rules, and settings.json in the user data directory.
import { join } from 'node:path';
import type { ConsoleSettings } from '../../shared/api/contract';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import { isRecord } from '../../shared/execution/issues';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../../shared/execution/limits';
import { DEFAULT_OPERATOR_PACKAGE, isPackageName } from '../devices/hubConfig';
import { documentError, JsonDocumentFile, type DocumentFormat } from './jsonDocument';

export const SETTINGS_FILE = 'settings.json';
export const SETTINGS_SCHEMA_VERSION = 1;
export const OPERATOR_PACKAGE_ENV = 'ANDROPERATOR_OPERATOR_PACKAGE';

export const SETTING_KEYS = ['simulatorWhenNoDevice', 'operatorPackage', 'timeoutMs'] as const;
type SettingKey = (typeof SETTING_KEYS)[number];

/** Defaults: a simulated phone when no device, the env's Operator package (else the release one), 30 s. */
export function defaultSettings(env: Readonly<Record<string, string | undefined>>): ConsoleSettings {
  const fromEnv = env[OPERATOR_PACKAGE_ENV]?.trim();
  return {
    simulatorWhenNoDevice: true,
    operatorPackage: fromEnv !== undefined && isPackageName(fromEnv) ? fromEnv : DEFAULT_OPERATOR_PACKAGE,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  };
}

export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as readonly string[]).includes(key);
}

/** The rule `value` breaks as the setting `key`, or null when it is a valid value. */
export function settingRuleBroken(key: SettingKey, value: unknown): string | null {
  switch (key) {
    case 'simulatorWhenNoDevice':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'operatorPackage':
      return typeof value === 'string' && isPackageName(value)
        ? null
        : 'must be an Android package name such as com.androperator.operator';
    case 'timeoutMs':
      return typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= MIN_TIMEOUT_MS &&
        value <= MAX_TIMEOUT_MS
        ? null
        : `must be an integer from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`;
  }
}

function settingsFormat(path: string, defaults: ConsoleSettings): DocumentFormat<ConsoleSettings> {
  return {
    schemaVersion: SETTINGS_SCHEMA_VERSION,
    key: 'settings',
    defaults: () => ({ ...defaults }),
    parse(data) {
      if (!isRecord(data))
        return { ok: false, error: documentError(path, 'schema', 'settings must be an object', 'settings') };
      const settings: ConsoleSettings = { ...defaults };
      for (const key of SETTING_KEYS) {
        if (data[key] === undefined) continue;
        const broken = settingRuleBroken(key, data[key]);
        if (broken !== null)
          return {
            ok: false,
            error: documentError(path, 'schema', `settings.${key} ${broken}`, `settings.${key}`),
          };
        Object.assign(settings, { [key]: data[key] });
      }
      return ok(settings);
    },
  };
}

/** settings.json: read once at start, replaced atomically on every update. */
export class SettingsStore {
  private constructor(private readonly file: JsonDocumentFile<ConsoleSettings>) {}

  /** Opens `<directory>/settings.json`; a missing file means the defaults, an unreadable one too (see loadProblem). */
  static async open(directory: string, defaults: ConsoleSettings): Promise<SettingsStore> {
    const path = join(directory, SETTINGS_FILE);
    return new SettingsStore(await JsonDocumentFile.open(path, settingsFormat(path, defaults)));
  }

  get path(): string {
    return this.file.path;
  }

  get loadProblem(): AppError | undefined {
    return this.file.loadProblem;
  }

  get(): ConsoleSettings {
    return { ...this.file.value };
  }

  /** Applies a validated patch and writes the file; FILE_WRITE_FAILED leaves the settings as they were. */
  update(patch: Partial<ConsoleSettings>): Promise<Result<ConsoleSettings>> {
    return this.file.mutate((current) => {
      for (const key of SETTING_KEYS) {
        const broken = patch[key] === undefined ? null : settingRuleBroken(key, patch[key]);
        if (broken !== null) return fail('INVALID_BODY', `settings.${key} ${broken}`, { field: key });
      }
      const next = { ...current };
      for (const key of SETTING_KEYS)
        if (patch[key] !== undefined) Object.assign(next, { [key]: patch[key] });
      return ok(next);
    });
  }
}
