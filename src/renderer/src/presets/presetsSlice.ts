// Saved panel designs (presets:list/save/delete); loading one is a designer edit, so it can be undone.
import type { PanelPreset } from '../../../shared/api/presets';
import type { AppError } from '../../../shared/errors';
import { loadParams } from '../designer/design';
import { checkDesign } from '../designer/params';
import type { SliceCreator } from '../store/types';

export interface PresetsSlice {
  presets: PanelPreset[];
  presetsError: AppError | null;
  loadPresets(): Promise<void>;
  /** Saves the current design under `name` (replacing a preset of that name); false when it did not. */
  savePreset(name: string): Promise<boolean>;
  deletePreset(name: string): Promise<boolean>;
  applyPreset(name: string): void;
}

export const createPresetsSlice: SliceCreator<PresetsSlice> =
  ({ client }) =>
  (set, get) => ({
    presets: [],
    presetsError: null,

    async loadPresets() {
      const result = await client.call('presets:list', {});
      set(result.ok ? { presets: result.value, presetsError: null } : { presetsError: result.error });
    },

    async savePreset(name) {
      const trimmed = name.trim();
      const { params } = checkDesign(get().designHistory.present);
      if (trimmed === '' || params === null) return false;
      const result = await client.call('presets:save', { name: trimmed, design: params });
      if (!result.ok) {
        set({ presetsError: result.error });
        get().notify(`Preset not saved: ${result.error.message}`, 'error');
        return false;
      }
      set({ presets: result.value, presetsError: null });
      get().notify(`Saved preset \u201c${trimmed}\u201d`);
      return true;
    },

    async deletePreset(name) {
      const result = await client.call('presets:delete', { name });
      if (!result.ok) {
        set({ presetsError: result.error });
        get().notify(`Preset not deleted: ${result.error.message}`, 'error');
        return false;
      }
      set({ presets: result.value, presetsError: null });
      get().notify(`Deleted preset \u201c${name}\u201d`);
      return true;
    },

    applyPreset(name) {
      const preset = get().presets.find((candidate) => candidate.name === name);
      if (preset === undefined) return;
      get().editDesign(loadParams, preset.design);
      get().notify(`Loaded preset \u201c${name}\u201d`);
    },
  });
