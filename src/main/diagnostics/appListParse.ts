// Parsers for list_android_apps (`pm list packages -f -U` rows) and top_android_apps (`top -b -n 1 ...`). Pure.

export interface PackageRow {
  package: string;
  apk_path: string;
  uid: number | null;
}

/**
 * `package:<apk path>=<package> uid:<uid>`. The path may itself contain `=` (API 30+ paths like
 * `/data/app/~~Q1w2==/com.x-Ab==/base.apk`), so the package is what follows the last `=`. `uid:` is printed from
 * API 26 (`-U`); older devices give null.
 */
export function parsePackageRows(text: string): PackageRow[] {
  const rows: PackageRow[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('package:')) continue;
    const match = /^package:(.+)=([A-Za-z0-9_.]+)(?:\s+uid:(\d+))?$/.exec(line);
    if (!match) continue;
    rows.push({
      package: match[2] as string,
      apk_path: match[1] as string,
      uid: match[3] === undefined ? null : Number(match[3]),
    });
  }
  return rows;
}

export interface TopRows {
  /** Lines that start with a PID (the process rows), trimmed. */
  rows: string[];
  /** At most 5 lines before the first process row: the summary and the column header. */
  raw_header: string[];
}

export function parseTopRows(text: string): TopRows {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const first = lines.findIndex((line) => /^\s*\d+\s/.test(line));
  const rows = (first < 0 ? [] : lines.slice(first))
    .filter((line) => /^\s*\d+\s/.test(line))
    .map((line) => line.trim());
  const header = first < 0 ? lines : lines.slice(0, first);
  return { rows, raw_header: header.slice(-5).map((line) => line.trimEnd()) };
}
