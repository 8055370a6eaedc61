// Saved panel designs (presets), stored as versioned JSON.
import type { SetOnScreenLogParams } from '../execution/types';

export const PRESET_SCHEMA_VERSION = 1;

export interface PanelPreset {
  schemaVersion: typeof PRESET_SCHEMA_VERSION;
  name: string;
  design: SetOnScreenLogParams;
  savedAt: string;
}
