// Parsers for inspect_android_environment's probes (reference section 2): getprop k=v lines, `id -u`, getenforce,
// /proc/meminfo lines, `df -k /data` and the `command -v` loop. Pure; every value is cut to 256 characters.

export const MAX_VALUE_CHARS = 256;

/** The 21 commands the reference probes with `command -v`. */
export const PROBED_COMMANDS = [
  'toybox',
  'awk',
  'sed',
  'grep',
  'find',
  'tar',
  'gzip',
  'unzip',
  'zip',
  'sqlite3',
  'nc',
  'ping',
  'bash',
  'curl',
  'wget',
  'jq',
  'openssl',
  'git',
  'python3',
  'busybox',
  'tcpdump',
] as const;

export const ENVIRONMENT_PROPERTIES = [
  'ro.build.version.release',
  'ro.build.version.sdk',
  'ro.product.cpu.abi',
  'ro.product.cpu.abilist',
] as const;

export const clip = (value: string): string => value.slice(0, MAX_VALUE_CHARS);

/** `key=value` lines into a map (the first `=` splits; blank values are kept as ''). */
export function parseKeyValueLines(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) values.set(line.slice(0, at).trim(), clip(line.slice(at + 1).trim()));
  }
  return values;
}

export interface BuildFacts {
  android_release: string | null;
  api_level: number | null;
  device_abi: string | null;
  supported_abis: string[];
}

export function parseBuildProperties(text: string): BuildFacts {
  const values = parseKeyValueLines(text);
  const text_ = (key: string): string | null => {
    const value = values.get(key);
    return value === undefined || value === '' ? null : value;
  };
  const sdk = text_('ro.build.version.sdk');
  const abis = text_('ro.product.cpu.abilist');
  return {
    android_release: text_('ro.build.version.release'),
    api_level: sdk !== null && /^\d+$/.test(sdk) ? Number(sdk) : null,
    device_abi: text_('ro.product.cpu.abi'),
    supported_abis:
      abis === null
        ? []
        : abis
            .split(',')
            .map((abi) => abi.trim())
            .filter((abi) => abi !== ''),
  };
}

/** `id -u` prints the number; toolbox `id` (old Android) prints `uid=2000(shell) ...`. */
export function parseUid(text: string): number | null {
  const match = /^\s*(?:uid=)?(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** `getenforce`: Enforcing, Permissive or Disabled. */
export function parseSelinux(text: string): string | null {
  const first = text.trim().split('\n')[0]?.trim() ?? '';
  return first === '' ? null : clip(first);
}

export interface MemoryKib {
  total: number | null;
  available: number | null;
}

/** `MemTotal:  7770280 kB` and `MemAvailable: ...` (MemAvailable is missing before Linux 3.14). */
export function parseMeminfo(text: string): MemoryKib {
  const value = (key: string): number | null => {
    const match = new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text);
    return match ? Number(match[1]) : null;
  };
  return { total: value('MemTotal'), available: value('MemAvailable') };
}

export interface DataKib {
  total: number;
  used: number;
  available: number;
  mountpoint: string;
}

/**
 * The last row of `df -k /data`: `Filesystem 1K-blocks Used Available Use% Mounted on`. A filesystem name too long
 * for its column is printed on a line of its own, so a short last row is joined with the line before it.
 */
export function parseDataDf(text: string): DataKib | null {
  const rows = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^Filesystem\s/.test(line));
  const last = rows.at(-1);
  if (last === undefined) return null;
  let fields = last.split(/\s+/);
  if (fields.length < 6 && rows.length >= 2) fields = `${rows.at(-2) as string} ${last}`.split(/\s+/);
  if (fields.length < 6) return null;
  const [, total, used, available] = fields;
  if (![total, used, available].every((field) => /^\d+$/.test(field ?? ''))) return null;
  return {
    total: Number(total),
    used: Number(used),
    available: Number(available),
    mountpoint: clip(fields.slice(5).join(' ')),
  };
}

/** `name=path` lines of the `command -v` loop: every probed name, null when the device has no such command. */
export function parseCommandPaths(text: string): Record<string, string | null> {
  const values = parseKeyValueLines(text);
  return Object.fromEntries(
    PROBED_COMMANDS.map((name) => {
      const path = values.get(name);
      return [name, path === undefined || path === '' ? null : path];
    }),
  );
}
