// Saved panel designs: presets.json in the user data directory, each design validated like one sent to a device.
import { join } from 'node:path';
import { PRESET_SCHEMA_VERSION, type PanelPreset } from '../../shared/api/presets';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import { isRecord } from '../../shared/execution/issues';
import type { SetOnScreenLogParams } from '../../shared/execution/types';
import { validateSetParams } from '../../shared/execution/validateSetParams';
import { documentError, JsonDocumentFile, type DocumentFormat } from './jsonDocument';

export const PRESETS_FILE = 'presets.json';
export const MAX_PRESET_NAME_LENGTH = 64;
/** Bounds the file (each preset is at most a few KB). */
export const MAX_PRESETS = 500;

function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** C0 and C1 control characters (a name is one line of plain text). */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** The rule a preset name breaks, or null: 1..64 characters, not blank, no control characters, no outer spaces. */
export function presetNameRuleBroken(name: unknown): string | null {
  if (typeof name !== 'string') return 'must be a string';
  const length = codePointLength(name);
  if (length < 1 || length > MAX_PRESET_NAME_LENGTH)
    return `must be 1 to ${MAX_PRESET_NAME_LENGTH} characters long`;
  if (name.trim() === '') return 'must include a non-space character';
  if (name.trim() !== name) return 'must not start or end with a space';
  if (hasControlCharacter(name)) return 'must not contain control characters';
  return null;
}

function byName(a: PanelPreset, b: PanelPreset): number {
  return a.name.localeCompare(b.name);
}

function parsePreset(path: string, entry: unknown, index: number): Result<PanelPreset> {
  const field = `presets[${index}]`;
  const broken = (what: string, message: string): Result<never> => ({
    ok: false,
    error: documentError(path, 'schema', `${field}.${what} ${message}`, `${field}.${what}`),
  });
  if (!isRecord(entry)) return broken('', 'must be an object');
  if (entry['schemaVersion'] !== PRESET_SCHEMA_VERSION)
    return broken('schemaVersion', `must be ${PRESET_SCHEMA_VERSION}`);
  const nameRule = presetNameRuleBroken(entry['name']);
  if (nameRule !== null) return broken('name', nameRule);
  if (typeof entry['savedAt'] !== 'string' || Number.isNaN(Date.parse(entry['savedAt'])))
    return broken('savedAt', 'must be an ISO 8601 timestamp');
  const design = validateSetParams(entry['design']);
  if (!design.ok) return broken('design', `is not a valid panel design: ${design.error.message}`);
  return ok({
    schemaVersion: PRESET_SCHEMA_VERSION,
    name: entry['name'] as string,
    design: design.value,
    savedAt: entry['savedAt'],
  });
}

function presetsFormat(path: string): DocumentFormat<PanelPreset[]> {
  return {
    schemaVersion: PRESET_SCHEMA_VERSION,
    key: 'presets',
    defaults: () => [],
    parse(data) {
      if (!Array.isArray(data))
        return { ok: false, error: documentError(path, 'schema', 'presets must be an array', 'presets') };
      const presets: PanelPreset[] = [];
      for (const [index, entry] of data.entries()) {
        const preset = parsePreset(path, entry, index);
        if (!preset.ok) return preset;
        presets.push(preset.value);
      }
      return ok(presets.sort(byName));
    },
  };
}

/** presets.json: the list sorted by name; saving a name that exists replaces that preset. */
export class PresetsStore {
  private constructor(
    private readonly file: JsonDocumentFile<PanelPreset[]>,
    private readonly now: () => Date,
  ) {}

  static async open(directory: string, now: () => Date = () => new Date()): Promise<PresetsStore> {
    const path = join(directory, PRESETS_FILE);
    return new PresetsStore(await JsonDocumentFile.open(path, presetsFormat(path)), now);
  }

  get path(): string {
    return this.file.path;
  }

  get loadProblem(): AppError | undefined {
    return this.file.loadProblem;
  }

  list(): PanelPreset[] {
    return [...this.file.value];
  }

  /** Validates the name and design (EXECUTION_VALIDATION_FAILED for a design no device would accept). */
  save(name: string, design: SetOnScreenLogParams): Promise<Result<PanelPreset[]>> {
    const nameRule = presetNameRuleBroken(name);
    if (nameRule !== null)
      return Promise.resolve(fail('INVALID_BODY', `name ${nameRule}`, { field: 'name' }));
    const valid = validateSetParams(design);
    if (!valid.ok) return Promise.resolve(valid);
    return this.file.mutate((current) => {
      const others = current.filter((preset) => preset.name !== name);
      if (others.length >= MAX_PRESETS)
        return fail('INVALID_BODY', `At most ${MAX_PRESETS} presets can be saved; delete one first.`, {
          field: 'name',
          limit: MAX_PRESETS,
        });
      const preset: PanelPreset = {
        schemaVersion: PRESET_SCHEMA_VERSION,
        name,
        design: valid.value,
        savedAt: this.now().toISOString(),
      };
      return ok([...others, preset].sort(byName));
    });
  }

  /** NOT_FOUND when no preset has that name. */
  delete(name: string): Promise<Result<PanelPreset[]>> {
    return this.file.mutate((current) => {
      const remaining = current.filter((preset) => preset.name !== name);
      if (remaining.length === current.length)
        return fail('NOT_FOUND', `No preset is named ${JSON.stringify(name)}.`, { field: 'name', name });
      return ok(remaining);
    });
  }
}
