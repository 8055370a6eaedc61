// Pure parsers for the aggregate diagnostics tools (reference section 2): filtered rows, dropbox crash/ANR entries,
// battery, thermal, power and Doze state, the connectivity summary, df rows and package permissions. Each takes a
// command's stdout and returns what it could read; a field it cannot find is null, never guessed.

/** The marker a cut text ends with (reference: sections carry `[TRUNCATED]` when cut). */
export const TRUNCATED_MARKER = '[TRUNCATED]';

/** `text` in at most `max` characters; when cut it ends with `\n[TRUNCATED]` (counted in `max`). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - TRUNCATED_MARKER.length - 1);
  return `${text.slice(0, room)}\n${TRUNCATED_MARKER}`;
}

export interface FilteredRows {
  rows: string[];
  /** Lines that matched before the cap. */
  matched: number;
  limit_reached: boolean;
}

/** Lines of `stdout` containing `needle` as a plain substring (all non-blank lines without one), at most `cap`. */
export function filterRows(stdout: string, needle: string | undefined, cap: number): FilteredRows {
  const matching = stdout
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => (needle === undefined ? line.trim() !== '' : line.includes(needle)));
  return { rows: matching.slice(0, cap), matched: matching.length, limit_reached: matching.length > cap };
}

/** One `dumpsys dropbox --print` entry of a crash or ANR tag. */
export interface DropboxEntry {
  tag: string;
  /** As dropbox prints it, device-local `YYYY-MM-DD HH:MM:SS`. */
  time: string;
  package: string | null;
  process: string | null;
  pid: number | null;
  /** The exception line of a crash, or an ANR's `Subject:` (its reason); null when the entry was cut. */
  first_exception_line: string | null;
  kind: 'crash' | 'anr' | 'other';
  /** The entry's first lines (headers, exception, top frames), at most EVIDENCE_LINES, for display as evidence. */
  evidence: string[];
}

export const EVIDENCE_LINES = 20;

const ENTRY_HEADER = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}) (\S+) \((?:text|data), \d+ bytes\)/;
const EXCEPTION_LINE = /^[\w$.]+(?:Exception|Error|Throwable)\b|^[\w$.]+: /;

/**
 * Entries of `dumpsys dropbox --print <tags>` output. An entry whose header was cut off by `tail` is skipped; the
 * first exception line is the first line after the headers that looks like `pkg.SomeException: message`.
 */
export function parseDropbox(text: string): DropboxEntry[] {
  const entries: DropboxEntry[] = [];
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  let current: DropboxEntry | undefined;
  let inBody = false;
  for (const line of lines) {
    const header = ENTRY_HEADER.exec(line);
    if (header) {
      const tag = header[2] as string;
      current = {
        tag,
        time: header[1] as string,
        package: null,
        process: null,
        pid: null,
        first_exception_line: null,
        kind: tag.endsWith('_anr') ? 'anr' : tag.endsWith('_crash') ? 'crash' : 'other',
        evidence: [line],
      };
      entries.push(current);
      inBody = false;
      continue;
    }
    if (!current || /^=+$/.test(line)) continue;
    if (current.evidence.length < EVIDENCE_LINES && line.trim() !== '') current.evidence.push(line);
    if (!inBody) {
      const field = /^([A-Za-z-]+): (.*)$/.exec(line);
      if (line.trim() === '') inBody = true;
      else if (field) {
        const [, key, value = ''] = field;
        if (key === 'Process') current.process = value.trim();
        else if (key === 'PID') current.pid = Number.parseInt(value, 10);
        else if (key === 'Package') current.package = value.trim().split(/\s+/)[0] ?? null;
        else if (key === 'Subject' && current.kind === 'anr') current.first_exception_line = value.trim();
      }
      continue;
    }
    if (current.first_exception_line === null && current.kind !== 'anr' && EXCEPTION_LINE.test(line.trim()))
      current.first_exception_line = line.trim();
  }
  for (const entry of entries)
    if (entry.package === null && entry.process !== null) entry.package = entry.process.split(':')[0] ?? null;
  return entries;
}

const BATTERY_STATUS: Record<number, string> = {
  1: 'unknown',
  2: 'charging',
  3: 'discharging',
  4: 'not_charging',
  5: 'full',
};

export interface BatterySummary {
  level: number | null;
  scale: number | null;
  /** BatteryManager's status number and its name. */
  status: number | null;
  status_name: string | null;
  /** `temperature:` is tenths of a degree Celsius. */
  temperature_c: number | null;
  plugged: string[];
  present: boolean | null;
}

/** Indented `key: value` lines of a dumpsys block. */
function colonFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z][\w ]*?):\s*(.*?)\s*$/.exec(line);
    if (match && !fields.has(match[1] as string)) fields.set(match[1] as string, match[2] as string);
  }
  return fields;
}

const integer = (value: string | undefined): number | null => {
  if (value === undefined || !/^-?\d+$/.test(value)) return null;
  return Number.parseInt(value, 10);
};

/** `dumpsys battery` (Current Battery Service state). */
export function parseBattery(text: string): BatterySummary {
  const fields = colonFields(text);
  const status = integer(fields.get('status'));
  const temperature = integer(fields.get('temperature'));
  const present = fields.get('present');
  return {
    level: integer(fields.get('level')),
    scale: integer(fields.get('scale')),
    status,
    status_name: status === null ? null : (BATTERY_STATUS[status] ?? 'unknown'),
    temperature_c: temperature === null ? null : temperature / 10,
    plugged: (['AC', 'USB', 'Wireless', 'Dock'] as const)
      .filter((source) => fields.get(`${source} powered`) === 'true')
      .map((source) => source.toLowerCase()),
    present: present === undefined ? null : present === 'true',
  };
}

const THERMAL_STATUS = ['none', 'light', 'moderate', 'severe', 'critical', 'emergency', 'shutdown'];

export interface ThermalSummary {
  /** PowerManager.THERMAL_STATUS_* (0 none ... 6 shutdown) and its name. */
  status: number | null;
  status_name: string | null;
  override: boolean | null;
  temperatures: Array<{ name: string; type: number; value_c: number; status: number }>;
}

/** `dumpsys thermalservice` (API 29+): `Thermal Status: N` and the HAL's current temperatures. */
export function parseThermal(text: string): ThermalSummary {
  const status = integer(/^Thermal Status: (\d+)/m.exec(text)?.[1]);
  const override = /^IsStatusOverride: (true|false)/m.exec(text)?.[1];
  const halAt = text.indexOf('Current temperatures from HAL:');
  const block = halAt >= 0 ? (text.slice(halAt).split(/\n(?=\S)/)[0] ?? '') : text;
  const temperatures = [
    ...block.matchAll(/Temperature\{mValue=(-?[\d.]+), mType=(-?\d+), mName=([^,]+), mStatus=(\d+)/g),
  ].map((match) => ({
    name: match[3] as string,
    type: Number(match[2]),
    value_c: Number(match[1]),
    status: Number(match[4]),
  }));
  return {
    status,
    status_name: status === null ? null : (THERMAL_STATUS[status] ?? 'unknown'),
    override: override === undefined ? null : override === 'true',
    temperatures,
  };
}

/** `mKey=value` fields (first occurrence each). */
function equalsFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const match of text.matchAll(/\b(m[A-Z]\w*)=(\S+)/g))
    if (!fields.has(match[1] as string)) fields.set(match[1] as string, match[2] as string);
  return fields;
}

const bool = (value: string | undefined): boolean | null =>
  value === 'true' ? true : value === 'false' ? false : null;

export interface PowerSummary {
  wakefulness: string | null;
  display_state: string | null;
  device_idle_mode: boolean | null;
  light_device_idle_mode: boolean | null;
  low_power_mode: boolean | null;
}

/** `dumpsys power` (mDeviceIdleMode from API 23, mLightDeviceIdleMode from 24). */
export function parsePower(text: string): PowerSummary {
  const fields = equalsFields(text);
  return {
    wakefulness: fields.get('mWakefulness') ?? null,
    display_state: /^Display Power: state=(\S+)/m.exec(text)?.[1] ?? null,
    device_idle_mode: bool(fields.get('mDeviceIdleMode')),
    light_device_idle_mode: bool(fields.get('mLightDeviceIdleMode')),
    low_power_mode: bool(fields.get('mLowPowerModeEnabled')),
  };
}

export interface DozeSummary {
  /** Deep Doze: ACTIVE, INACTIVE, IDLE_PENDING, SENSING, LOCATING, IDLE, IDLE_MAINTENANCE (API 23+). */
  state: string | null;
  /** Light Doze (API 24+): ACTIVE, INACTIVE, IDLE, IDLE_MAINTENANCE, WAITING_FOR_NETWORK, OVERRIDE. */
  light_state: string | null;
  force_idle: boolean | null;
  screen_on: boolean | null;
  charging: boolean | null;
  light_enabled: boolean | null;
  deep_enabled: boolean | null;
}

/** `dumpsys deviceidle`: mState / mLightState and the conditions Doze waits on. */
export function parseDeviceIdle(text: string): DozeSummary {
  const fields = equalsFields(text);
  return {
    state: fields.get('mState') ?? null,
    light_state: fields.get('mLightState') ?? null,
    force_idle: bool(fields.get('mForceIdle')),
    screen_on: bool(fields.get('mScreenOn')),
    charging: bool(fields.get('mCharging')),
    light_enabled: bool(fields.get('mLightEnabled')),
    deep_enabled: bool(fields.get('mDeepEnabled')),
  };
}

/** Each connectivity summary field is at most this long (reference). */
export const CONNECTIVITY_FIELD_CHARS = 160;

export interface ConnectivitySummary {
  active_default_network: string | null;
  transport: string | null;
  interface: string | null;
  link_addresses: string | null;
  dns_addresses: string | null;
}

const addressList = (text: string | undefined): string | null => {
  if (text === undefined) return null;
  const addresses = text
    .split(',')
    .map((address) => address.trim().replace(/^\//, ''))
    .filter((address) => address !== '');
  return addresses.join(', ');
};

const field = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : cutText(value, CONNECTIVITY_FIELD_CHARS);

/**
 * The default network from `dumpsys connectivity`: the `Active default network: N` line and the
 * `NetworkAgentInfo{... network{N} ...}` line of that network (API 29+ `network{N}` first; API 28 and before
 * `ni{[type: WIFI[] ...]}` first). Reads only those two lines, so a huge dump costs one scan.
 */
export function parseConnectivitySummary(text: string): ConnectivitySummary {
  const active = /^\s*Active default network: (\S+)/m.exec(text)?.[1] ?? null;
  let agent: string | undefined;
  if (active !== null && /^\d+$/.test(active)) {
    const marker = `network{${active}}`;
    for (const line of text.split('\n'))
      if (line.includes('NetworkAgentInfo{') && line.includes(marker)) {
        agent = line;
        break;
      }
  }
  const transport =
    /Transports: ([A-Z_|]+)/.exec(agent ?? '')?.[1] ?? /ni\{\[type: (\w+)/.exec(agent ?? '')?.[1] ?? null;
  return {
    active_default_network: field(active),
    transport: field(agent === undefined ? null : transport),
    interface: field(/InterfaceName: (\S+)/.exec(agent ?? '')?.[1]),
    link_addresses: field(addressList(/LinkAddresses: \[([^\]]*)\]/.exec(agent ?? '')?.[1])),
    dns_addresses: field(addressList(/DnsAddresses: \[([^\]]*)\]/.exec(agent ?? '')?.[1])),
  };
}

export interface DfRow {
  filesystem: string;
  total_kib: number;
  used_kib: number;
  available_kib: number;
  use_percent: number | null;
  mountpoint: string;
}

/** `df -k` rows (toybox: `Filesystem 1K-blocks Used Available Use% Mounted on`; toolbox before API 23 had no %). */
export function parseDf(text: string): DfRow[] {
  const rows: DfRow[] = [];
  for (const line of text.split('\n')) {
    const toybox = /^(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)%\s+(\S.*?)\s*$/.exec(line);
    if (toybox) {
      rows.push({
        filesystem: toybox[1] as string,
        total_kib: Number(toybox[2]),
        used_kib: Number(toybox[3]),
        available_kib: Number(toybox[4]),
        use_percent: Number(toybox[5]),
        mountpoint: toybox[6] as string,
      });
      continue;
    }
    // Android 5-6 toolbox: `/data 25788376K 1437852K 24350524K 4096` (Filesystem Size Used Free Blksize).
    const toolbox = /^(\/\S*)\s+(\d+)K\s+(\d+)K\s+(\d+)K\s+\d+\s*$/.exec(line);
    if (toolbox)
      rows.push({
        filesystem: toolbox[1] as string,
        total_kib: Number(toolbox[2]),
        used_kib: Number(toolbox[3]),
        available_kib: Number(toolbox[4]),
        use_percent: null,
        mountpoint: toolbox[1] as string,
      });
  }
  return rows;
}

/** `du -sk` lines: `<kib>\t<path>`. */
export function parseDu(text: string): Array<{ kib: number; path: string }> {
  return [...text.matchAll(/^(\d+)\s+(\S.*?)\s*$/gm)].map((match) => ({
    kib: Number(match[1]),
    path: match[2] as string,
  }));
}

export interface PermissionState {
  permission: string;
  /** install (manifest, granted at install), runtime (user-granted, API 23+), or requested (API 21-22 lists). */
  kind: 'install' | 'runtime' | 'requested';
  granted: boolean | null;
}

/**
 * Permission states of one `dumpsys package PKG`: API 23+ `install permissions:` / `runtime permissions:` blocks
 * with `name: granted=true|false`; API 21-22 `requested permissions:` and `grantedPermissions:`.
 */
export function parsePackagePermissions(text: string): PermissionState[] {
  const states = new Map<string, PermissionState>();
  let block: 'install' | 'runtime' | 'requested' | 'granted' | undefined;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (/^install permissions:$/.test(trimmed)) block = 'install';
    else if (/^runtime permissions:$/.test(trimmed)) block = 'runtime';
    else if (/^requested permissions:$/.test(trimmed)) block = 'requested';
    else if (/^grantedPermissions:$/.test(trimmed)) block = 'granted';
    else if (block !== undefined) {
      const match = /^([A-Za-z][\w.]*\.[\w.]+)(?::\s*granted=(true|false))?/.exec(trimmed);
      if (!match || /:$/.test(trimmed)) {
        block = undefined;
        continue;
      }
      const name = match[1] as string;
      if (block === 'granted') {
        const known = states.get(name);
        states.set(name, { permission: name, kind: known?.kind ?? 'requested', granted: true });
      } else if (block === 'requested') {
        if (!states.has(name)) states.set(name, { permission: name, kind: 'requested', granted: false });
      } else
        states.set(name, {
          permission: name,
          kind: block,
          granted: match[2] === undefined ? null : match[2] === 'true',
        });
    }
  }
  return [...states.values()];
}
