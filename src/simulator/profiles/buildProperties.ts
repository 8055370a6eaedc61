// The `getprop` values of a profile, laid out per API level as AOSP's build system writes build.prop.
import type { DeviceProfile } from './types';

const ABI_LISTS: Record<string, { all: string; list64: string; list32: string }> = {
  'arm64-v8a': { all: 'arm64-v8a,armeabi-v7a,armeabi', list64: 'arm64-v8a', list32: 'armeabi-v7a,armeabi' },
  'armeabi-v7a': { all: 'armeabi-v7a,armeabi', list64: '', list32: 'armeabi-v7a,armeabi' },
  x86_64: { all: 'x86_64,x86', list64: 'x86_64', list32: 'x86' },
  x86: { all: 'x86', list64: '', list32: 'x86' },
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The build date a build id encodes (`AP4A.250205.002` is 2025-02-05); 2024-01-05 when it has none. */
export function buildDateOf(buildId: string): Date {
  const match = /\.(\d{2})(\d{2})(\d{2})\./.exec(buildId);
  if (!match) return new Date(Date.UTC(2024, 0, 5));
  return new Date(Date.UTC(2000 + Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** `date` style (`Wed Feb  5 00:00:00 UTC 2025`), as ro.build.date holds it. */
function buildDateText(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, ' ');
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${day} 00:00:00 UTC ${date.getUTCFullYear()}`;
}

/** A stable 12-character hardware serial for the profile (real Pixels print e.g. `2A191FDH3000KX`). */
function serialOf(profile: DeviceProfile): string {
  let hash = 0x811c9dc5;
  for (const character of `${profile.name}/${profile.model}`)
    hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return `${hash.toString(16).toUpperCase().padStart(8, '0')}${String(profile.sdk).padStart(4, '0')}`;
}

/** Properties every build has: identity, build, ABI and boot state. */
export function buildProperties(profile: DeviceProfile): Record<string, string> {
  const incremental = profile.buildId.replace(/\W/g, '').slice(-8).toLowerCase();
  const build = `${profile.release}/${profile.buildId}/${incremental}:user/release-keys`;
  const brand = profile.brand.toLowerCase();
  const date = buildDateOf(profile.buildId);
  const abi = ABI_LISTS[profile.cpuAbi] ?? { all: profile.cpuAbi, list64: '', list32: profile.cpuAbi };
  const serial = serialOf(profile);
  const identity: Record<string, string> = {
    manufacturer: profile.manufacturer,
    brand: profile.brand,
    model: profile.model,
    name: profile.product,
    device: profile.device,
  };
  const properties: Record<string, string> = {
    ...Object.fromEntries(Object.entries(identity).map(([key, value]) => [`ro.product.${key}`, value])),
    'ro.product.board': profile.device,
    'ro.product.cpu.abi': profile.cpuAbi,
    'ro.product.cpu.abilist': abi.all,
    'ro.product.cpu.abilist64': abi.list64,
    'ro.product.cpu.abilist32': abi.list32,
    'ro.product.locale': profile.locale,
    'ro.hardware': profile.device,
    'ro.boot.hardware': profile.device,
    'ro.build.version.sdk': String(profile.sdk),
    'ro.build.version.release': profile.release,
    'ro.build.version.codename': 'REL',
    'ro.build.version.all_codenames': 'REL',
    'ro.build.version.incremental': incremental,
    'ro.build.id': profile.buildId,
    'ro.build.display.id': `${profile.buildId} release-keys`,
    'ro.build.product': profile.device,
    'ro.build.flavor': `${profile.product}-user`,
    'ro.build.type': 'user',
    'ro.build.user': 'android-build',
    'ro.build.host': 'abfarm-release',
    'ro.build.tags': 'release-keys',
    'ro.build.date': buildDateText(date),
    'ro.build.date.utc': String(Math.floor(date.getTime() / 1000)),
    'ro.build.fingerprint': `${brand}/${profile.product}/${profile.device}:${build}`,
    'ro.build.description': `${profile.product}-user ${profile.release} ${profile.buildId} ${incremental} release-keys`,
    'ro.serialno': serial,
    'ro.boot.serialno': serial,
  };
  // Added in Android 6 (API 23): the security patch level.
  if (profile.sdk >= 23) properties['ro.build.version.security_patch'] = date.toISOString().slice(0, 10);
  if (profile.sdk >= 26) properties['ro.treble.enabled'] = 'true';
  if (profile.sdk >= 28) properties['ro.build.version.preview_sdk'] = '0';
  // Android 10 (API 29) added per-partition identity (system, vendor, product...).
  if (profile.sdk >= 29) {
    for (const partition of ['system', 'vendor', 'product']) {
      for (const [key, value] of Object.entries(identity))
        properties[`ro.product.${partition}.${key}`] = value;
      properties[`ro.${partition}.build.fingerprint`] = properties['ro.build.fingerprint'] as string;
    }
  }
  if (profile.sdk >= 30) properties['ro.build.version.release_or_codename'] = profile.release;
  return properties;
}
