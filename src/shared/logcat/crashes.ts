// Crash and ANR reports among log entries, the way Android writes them: `FATAL EXCEPTION` from AndroidRuntime (the
// crash buffer), a native `Fatal signal` from libc, and `ANR in <package>` from ActivityManager (the system/main
// buffers). One report per occurrence, its package taken from the report's own lines. Pure.
import type { RunCrashEntry, RunCrashReport } from '../api/evidence';
import type { LogEntry } from './entry';

/** At most this many reports are kept per run (the count of the rest is not lost: see the caveat). */
export const MAX_CRASH_ENTRIES = 20;
/** A report's first lines kept with it (its header, the process line, the top of the stack). */
export const CRASH_REPORT_LINES = 12;
/** How far after a report's header its continuation lines are looked for (other processes interleave). */
const CONTINUATION_WINDOW = 64;

export const CRASH_CAVEATS = [
  'Found by reading the run\u2019s log excerpt only (FATAL EXCEPTION, Fatal signal, ANR in): none found does not prove none happened.',
  'The excerpt is the whole device log of the window: a report may be from an app other than the one under test.',
];

const PROCESS_LINE = /^Process: ([A-Za-z0-9_.:]+), PID: (\d+)/;
const ANR_LINE = /^ANR in ([A-Za-z0-9_.:]+)/;
const NATIVE_LINE = /^Fatal signal \d+ \([A-Z]+\).*?\(([^)]*)\), pid \d+ \(([A-Za-z0-9_.:]+)\)/;

function javaCrashPackage(entries: readonly LogEntry[], at: number): string | undefined {
  const first = entries[at];
  if (first === undefined) return undefined;
  // The same message's next lines (logcat prints each line of a multi-line message as an entry), or its own text.
  const inline = first.message.split('\n')[1];
  const own = inline === undefined ? null : PROCESS_LINE.exec(inline);
  if (own !== null) return own[1];
  for (let next = at + 1; next < Math.min(entries.length, at + 4); next += 1) {
    const entry = entries[next];
    if (entry === undefined || entry.pid !== first.pid || entry.tag !== 'AndroidRuntime') continue;
    const match = PROCESS_LINE.exec(entry.message);
    if (match !== null) return match[1];
  }
  return undefined;
}

/**
 * The report's first lines: the header entry's own lines, then the following entries of the same pid and tag (logcat
 * prints each line of a multi-line message as one entry), until another report starts or CRASH_REPORT_LINES.
 */
function reportLines(entries: readonly LogEntry[], at: number): string[] {
  const first = entries[at];
  if (first === undefined) return [];
  const lines = first.message.split('\n');
  const end = Math.min(entries.length, at + 1 + CONTINUATION_WINDOW);
  for (let next = at + 1; next < end && lines.length < CRASH_REPORT_LINES; next += 1) {
    const entry = entries[next];
    if (entry === undefined || entry.pid !== first.pid || entry.tag !== first.tag) continue;
    if (entry.priority !== first.priority || startsReport(entry)) break;
    lines.push(...entry.message.split('\n'));
  }
  return lines.slice(0, CRASH_REPORT_LINES);
}

function startsReport(entry: LogEntry): boolean {
  return (
    entry.message.startsWith('FATAL EXCEPTION') ||
    entry.message.startsWith('Fatal signal') ||
    ANR_LINE.test(entry.message)
  );
}

function reportAt(entries: readonly LogEntry[], at: number): RunCrashEntry | null {
  const entry = entries[at];
  if (entry === undefined) return null;
  const base = {
    time: entry.time,
    pid: entry.pid,
    tag: entry.tag,
    line: entry.message.split('\n')[0] ?? '',
    lines: reportLines(entries, at),
  };
  if (
    entry.tag === 'AndroidRuntime' &&
    entry.priority === 'E' &&
    entry.message.startsWith('FATAL EXCEPTION')
  ) {
    const packageName = javaCrashPackage(entries, at);
    return { kind: 'crash', ...base, ...(packageName === undefined ? {} : { packageName }) };
  }
  if (entry.tag === 'libc' && entry.priority === 'F' && entry.message.startsWith('Fatal signal')) {
    const packageName = NATIVE_LINE.exec(entry.message)?.[2];
    return { kind: 'native_crash', ...base, ...(packageName === undefined ? {} : { packageName }) };
  }
  if (
    entry.priority === 'E' &&
    (entry.tag === 'ActivityManager' || entry.tag === 'ActivityTaskManager') &&
    ANR_LINE.test(entry.message)
  ) {
    const packageName = ANR_LINE.exec(entry.message)?.[1];
    return { kind: 'anr', ...base, ...(packageName === undefined ? {} : { packageName }) };
  }
  return null;
}

export interface FindCrashesOptions {
  /**
   * The run's start on the device's clock (epoch seconds): reports printed before it (the excerpt's lead, e.g. an
   * earlier run's crash) are not the run's and are only counted in a caveat. Entries whose time is not epoch seconds
   * (`-v threadtime` without `epoch`, Android 5-6) cannot be placed and are kept.
   */
  fromEpochS?: number;
}

/** The crash and ANR reports among `entries`, in log order, at most MAX_CRASH_ENTRIES. */
export function findCrashes(entries: readonly LogEntry[], options: FindCrashesOptions = {}): RunCrashReport {
  const found: RunCrashEntry[] = [];
  let more = 0;
  let before = 0;
  for (let at = 0; at < entries.length; at += 1) {
    const report = reportAt(entries, at);
    if (report === null) continue;
    const printedAt = /^\d+(?:\.\d+)?$/.test(report.time) ? Number(report.time) : Number.NaN;
    if (options.fromEpochS !== undefined && printedAt < options.fromEpochS) {
      before += 1;
      continue;
    }
    if (found.length < MAX_CRASH_ENTRIES) found.push(report);
    else more += 1;
  }
  const caveats = [
    ...CRASH_CAVEATS,
    ...(more === 0 ? [] : [`${more} more reports were seen and not listed.`]),
    ...(before === 0
      ? []
      : [
          `${before} ${before === 1 ? 'report' : 'reports'} printed before the run started (in the excerpt's lead) ${before === 1 ? 'is' : 'are'} in the log excerpt and not counted.`,
        ]),
  ];
  return { status: found.length === 0 ? 'none_seen' : 'seen', entries: found, caveats };
}

/** "1 crash (com.example.app)", "2 crashes, 1 ANR": the warning Results and the summary show. */
export function crashWarning(report: RunCrashReport): string | null {
  if (report.status !== 'seen') return null;
  const count = (kinds: RunCrashEntry['kind'][]) => report.entries.filter((e) => kinds.includes(e.kind));
  const crashes = count(['crash', 'native_crash']);
  const anrs = count(['anr']);
  const parts: string[] = [];
  if (crashes.length > 0) parts.push(`${crashes.length} ${crashes.length === 1 ? 'crash' : 'crashes'}`);
  if (anrs.length > 0) parts.push(`${anrs.length} ${anrs.length === 1 ? 'ANR' : 'ANRs'}`);
  const packages = [
    ...new Set(report.entries.flatMap((e) => (e.packageName === undefined ? [] : [e.packageName]))),
  ];
  const named = packages.length === 0 ? '' : ` (${packages.join(', ')})`;
  return `${parts.join(', ')} seen in the device log during the run${named}`;
}

/** The report's own words for each kind, so a flag says what was seen. */
export const CRASH_KIND_TEXT: Record<RunCrashEntry['kind'], string> = {
  crash: 'FATAL EXCEPTION',
  native_crash: 'Fatal signal',
  anr: 'ANR',
};

/**
 * The flag beside a run's verdict (Results, summary.html): "1 crash seen during the run: com.x (FATAL EXCEPTION)";
 * crashes and ANRs counted apart, each package and kind named once, an unnamed process by its pid. Null when none
 * was seen or the log was not read.
 */
export function crashFlag(report: RunCrashReport | undefined): string | null {
  if (report === undefined || report.status !== 'seen' || report.entries.length === 0) return null;
  const crashes = report.entries.filter((entry) => entry.kind !== 'anr').length;
  const anrs = report.entries.length - crashes;
  const counts = [
    ...(crashes > 0 ? [`${crashes} ${crashes === 1 ? 'crash' : 'crashes'}`] : []),
    ...(anrs > 0 ? [`${anrs} ${anrs === 1 ? 'ANR' : 'ANRs'}`] : []),
  ].join(' and ');
  const named = new Set(
    report.entries.map(
      (entry) => `${entry.packageName ?? `pid ${entry.pid}`} (${CRASH_KIND_TEXT[entry.kind]})`,
    ),
  );
  return `${counts} seen during the run: ${[...named].join(', ')}`;
}

/** What the flag can claim, said next to it. */
export const CRASH_FLAG_NOTE =
  'A report seen in the device log lines read after the run; it may be another app\u2019s, and none seen would not prove none happened.';
