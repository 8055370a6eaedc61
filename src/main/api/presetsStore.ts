// Saved panel designs: presets.json in the user data directory, each design validated like one sent to a device.
import { join } from 'node:path';
import { PRESET_SCHEMA_VERSION, type PanelPreset } from '../../shared/api/presets';
import { z } from 'zod';
import { MAX_PRESET_NAME_LENGTH, presetNameSchema } from '../../shared/api/fieldRules';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import type { SetOnScreenLogParams } from '../../shared/execution/types';
import { validateSetParams } from '../../shared/execution/validateSetParams';
import { JsonDocumentFile, type DocumentFormat } from './jsonDocument';

export const PRESETS_FILE = 'presets.json';
export { MAX_PRESET_NAME_LENGTH };
/** Bounds the file (each preset is at most a few KB). */
export const MAX_PRESETS = 500;

/** The rule a preset name breaks, or null: 1..64 characters, not blank, no control characters, no outer spaces. */
export function presetNameRuleBroken(name: unknown): string | null {
  const parsed = presetNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'is invalid');
}

function byName(a: PanelPreset, b: PanelPreset): number {
  return a.name.localeCompare(b.name);
}

/** A design as stored: checked and normalized by the canonical set validator, like one sent to a device. */
const storedDesign = z.unknown().transform((value, context) => {
  const design = validateSetParams(value);
  if (design.ok) return design.value;
  context.addIssue({ code: 'custom', message: `is not a valid panel design: ${design.error.message}` });
  return z.NEVER;
});

/** One entry of presets.json (fields of a newer console are ignored). */
const storedPreset = z.object(
  {
    schemaVersion: z.literal(PRESET_SCHEMA_VERSION, { error: `must be ${PRESET_SCHEMA_VERSION}` }),
    name: presetNameSchema,
    savedAt: z
      .string({ error: 'must be an ISO 8601 timestamp' })
      .refine((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO 8601 timestamp'),
    design: storedDesign,
  },
  { error: 'must be an object' },
) satisfies z.ZodType<PanelPreset>;

const PRESETS_FORMAT: DocumentFormat<PanelPreset[]> = {
  schemaVersion: PRESET_SCHEMA_VERSION,
  key: 'presets',
  defaults: () => [],
  data: z.array(storedPreset, { error: 'must be an array' }).transform((presets) => presets.sort(byName)),
};

/** presets.json: the list sorted by name; saving a name that exists replaces that preset. */
export class PresetsStore {
  private constructor(
    private readonly file: JsonDocumentFile<PanelPreset[]>,
    private readonly now: () => Date,
  ) {}

  static async open(directory: string, now: () => Date = () => new Date()): Promise<PresetsStore> {
    const path = join(directory, PRESETS_FILE);
    return new PresetsStore(await JsonDocumentFile.open(path, PRESETS_FORMAT), now);
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
