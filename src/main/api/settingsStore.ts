// The console's user settings: defaults, field rules (src/shared/api/fieldRules.ts), and settings.json in the user
// data directory.
import { join } from 'node:path';
import { z } from 'zod';
import type { ConsoleSettings } from '../../shared/api/contract';
import { settingsFields } from '../../shared/api/fieldRules';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import { DEFAULT_TIMEOUT_MS } from '../../shared/execution/limits';
import { fieldIssues } from '../../shared/schema/parse';
import { DEFAULT_OPERATOR_PACKAGE, isPackageName } from '../devices/hubConfig';
import { JsonDocumentFile, type DocumentFormat } from './jsonDocument';

export const SETTINGS_FILE = 'settings.json';
export const SETTINGS_SCHEMA_VERSION = 1;
export const OPERATOR_PACKAGE_ENV = 'ANDROPERATOR_OPERATOR_PACKAGE';

/** The settings a file or a patch may hold: each field optional, unknown ones ignored (an older console's). */
const STORED_SETTINGS = z.object(settingsFields, { error: 'must be an object' }).partial();

/** Defaults: a simulated phone when no device, the env's Operator package (else the release one), 30 s. */
export function defaultSettings(env: Readonly<Record<string, string | undefined>>): ConsoleSettings {
  const fromEnv = env[OPERATOR_PACKAGE_ENV]?.trim();
  return {
    simulatorWhenNoDevice: true,
    operatorPackage: fromEnv !== undefined && isPackageName(fromEnv) ? fromEnv : DEFAULT_OPERATOR_PACKAGE,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  };
}

/** `defaults` with every field `patch` sets. */
function merged(defaults: ConsoleSettings, patch: Partial<ConsoleSettings>): ConsoleSettings {
  const next = { ...defaults };
  if (patch.simulatorWhenNoDevice !== undefined) next.simulatorWhenNoDevice = patch.simulatorWhenNoDevice;
  if (patch.operatorPackage !== undefined) next.operatorPackage = patch.operatorPackage;
  if (patch.timeoutMs !== undefined) next.timeoutMs = patch.timeoutMs;
  return next;
}

function settingsFormat(defaults: ConsoleSettings): DocumentFormat<ConsoleSettings> {
  return {
    schemaVersion: SETTINGS_SCHEMA_VERSION,
    key: 'settings',
    defaults: () => ({ ...defaults }),
    data: STORED_SETTINGS.transform((stored) => merged(defaults, stored)),
  };
}

/** settings.json: read once at start, replaced atomically on every update. */
export class SettingsStore {
  private constructor(private readonly file: JsonDocumentFile<ConsoleSettings>) {}

  /** Opens `<directory>/settings.json`; a missing file means the defaults, an unreadable one too (see loadProblem). */
  static async open(directory: string, defaults: ConsoleSettings): Promise<SettingsStore> {
    const path = join(directory, SETTINGS_FILE);
    return new SettingsStore(await JsonDocumentFile.open(path, settingsFormat(defaults)));
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
      const checked = STORED_SETTINGS.safeParse(patch);
      if (!checked.success) {
        const [issue] = fieldIssues(checked.error);
        const field = issue?.field ?? '';
        return fail('INVALID_BODY', `settings.${field} ${issue?.message ?? 'is invalid'}`, { field });
      }
      return ok(merged(current, checked.data));
    });
  }
}
