// The built-in device profiles, validated when loaded, plus loading a custom profile file.
import { readFile } from 'node:fs/promises';
import { fail, type Result } from '../../shared/errors';
import cutout28 from './devices/cutout28.json' with { type: 'json' };
import legacy21 from './devices/legacy21.json' with { type: 'json' };
import phone from './devices/phone.json' with { type: 'json' };
import tablet from './devices/tablet.json' with { type: 'json' };
import tv from './devices/tv.json' with { type: 'json' };
import { parseProfile } from './parseProfile';
import type { DeviceProfile } from './types';

// Static imports keep the JSON inside any bundle; it is still treated as untrusted input and validated.
const BUILT_IN: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['phone', phone],
  ['tablet', tablet],
  ['legacy21', legacy21],
  ['cutout28', cutout28],
  ['tv', tv],
]);

/** Names of the built-in profiles, in a stable order (the default first). */
export function listProfiles(): string[] {
  return [...BUILT_IN.keys()];
}

/** Loads and validates a built-in profile by name. */
export function loadProfile(name: string): Result<DeviceProfile> {
  const raw = BUILT_IN.get(name);
  if (raw === undefined) {
    return fail('NOT_FOUND', `Unknown device profile "${name}"; available: ${listProfiles().join(', ')}`, {
      profile: name,
      available: listProfiles(),
    });
  }
  return parseProfile(raw, `"${name}"`);
}

/** Loads and validates a profile from a JSON file (for devices beyond the built-in ones). */
export async function loadProfileFile(path: string): Promise<Result<DeviceProfile>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    return missing
      ? fail('FILE_NOT_FOUND', `Device profile file not found: ${path}`, { path })
      : fail('FILE_READ_FAILED', `Could not read device profile file ${path}: ${String(error)}`, { path });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail('INVALID_JSON', `Device profile file ${path} is not valid JSON: ${reason}`, { path, reason });
  }
  return parseProfile(value, path);
}
