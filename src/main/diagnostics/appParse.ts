// Parsers for inspect_android_app (reference section 2): the foreground component from `dumpsys activity
// activities`, totals from `dumpsys meminfo <pkg>`, version, install times and permissions from `dumpsys package
// <pkg>`, the pid from pidof, apk paths from `pm path`. Pure; formats from API 21 to 35.

const COMPONENT = /([A-Za-z0-9_.]+)\/([A-Za-z0-9_.$]+)/;

/** The first `pkg/Activity` on a line naming topResumedActivity, mResumedActivity or ResumedActivity. */
export function parseForegroundComponent(activities: string): string | null {
  for (const line of activities.split('\n')) {
    if (!/(topResumedActivity|mResumedActivity|ResumedActivity)/.test(line)) continue;
    const match = COMPONENT.exec(line);
    if (match) return match[0];
  }
  return null;
}

/** The package of a `pkg/Activity` component. */
export function componentPackage(component: string): string {
  return component.split('/')[0] as string;
}

export interface MemoryTotals {
  total_pss_kb: number | null;
  total_rss_kb: number | null;
}

/**
 * `TOTAL PSS: N ... TOTAL RSS: N` from the App Summary (API 30+), else the first column of the `TOTAL` row (Pss
 * Total). RSS is in the table only from API 30 (the `Rss Total` column); older dumps give null.
 */
export function parseMemoryTotals(meminfo: string): MemoryTotals {
  const summaryPss = /TOTAL PSS:\s+(\d+)/.exec(meminfo);
  const summaryRss = /TOTAL RSS:\s+(\d+)/.exec(meminfo);
  const row = /^\s*TOTAL\s+(\d+)/m.exec(meminfo);
  const pss = summaryPss?.[1] ?? row?.[1];
  return {
    total_pss_kb: pss === undefined ? null : Number(pss),
    total_rss_kb: summaryRss?.[1] === undefined ? null : Number(summaryRss[1]),
  };
}

export interface PackageFacts {
  version_name: string | null;
  version_code: number | null;
  first_install_time: string | null;
  last_update_time: string | null;
  requested_permissions: string[];
  /** Install-time and runtime permissions with `granted=true` (API 23+), or the `grantedPermissions:` list (older). */
  granted_permissions: string[];
}

/** Indented list items under `header:` until the indentation drops back to the header's. */
function listUnder(lines: readonly string[], header: RegExp): string[] {
  const items: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (!header.test(line)) continue;
    const depth = line.search(/\S/);
    for (let next = index + 1; next < lines.length; next += 1) {
      const item = lines[next] as string;
      if (item.trim() === '') continue;
      if (item.search(/\S/) <= depth) break;
      items.push(item.trim());
    }
  }
  return items;
}

/** The first package section's facts (a dump of one package; later sections are hidden system copies). */
export function parsePackageInfo(dump: string): PackageFacts {
  const value = (key: string): string | null => {
    const match = new RegExp(`^\\s*${key}=(.+)$`, 'm').exec(dump);
    return match ? (match[1] as string).trim() : null;
  };
  const versionCode = /^\s*versionCode=(\d+)/m.exec(dump)?.[1];
  const lines = dump.split('\n');
  const permissionName = (item: string): string => item.split(/[:\s]/)[0] as string;
  const granted = [
    ...listUnder(lines, /^\s*(install|runtime) permissions:$/)
      .filter((item) => /granted=true/.test(item))
      .map(permissionName),
    ...listUnder(lines, /^\s*grantedPermissions:$/).map(permissionName),
  ];
  return {
    version_name: value('versionName'),
    version_code: versionCode === undefined ? null : Number(versionCode),
    first_install_time: value('firstInstallTime'),
    last_update_time: value('lastUpdateTime'),
    requested_permissions: [...new Set(listUnder(lines, /^\s*requested permissions:$/).map(permissionName))],
    granted_permissions: [...new Set(granted)],
  };
}

/** The first pid `pidof` printed (it prints every matching pid on one line). */
export function parsePid(text: string): number | null {
  const match = /^\s*(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** `package:/data/app/.../base.apk` lines of `pm path` (one per split APK). */
export function parseApkPaths(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('package:'))
    .map((line) => line.slice('package:'.length));
}

/** `du -sk` rows: `<kb>\t<path>`. */
export function parseStorageLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\d+\s+\//.test(line));
}
