// `dumpsys meminfo [PKG|PID]`: per-process tables sized from the process's resident set (the RSS `ps` shows), and
// the system summary. Columns by API level: API 21-22 have no App Summary; from API 23 an App Summary follows; from
// API 30 the table gains `Rss Total` and the summary a `TOTAL RSS:`.
import { processesOf, type DeviceProcess } from '../../../device/processes';
import type { DeviceState } from '../../../device/state';
import { systemStateOf } from '../../../device/systemState';
import { lines } from './format';

// Share of the resident set per category, as a typical app's meminfo splits it (PSS, private dirty, RSS).
const CATEGORIES: ReadonlyArray<[string, number, number, number]> = [
  ['Native Heap', 0.19, 0.18, 0.17],
  ['Dalvik Heap', 0.1, 0.095, 0.08],
  ['Dalvik Other', 0.04, 0.035, 0.035],
  ['Stack', 0.012, 0.012, 0.01],
  ['Ashmem', 0.001, 0, 0.003],
  ['Other dev', 0.001, 0, 0.004],
  ['.so mmap', 0.06, 0.008, 0.16],
  ['.jar mmap', 0.02, 0, 0.05],
  ['.apk mmap', 0.03, 0.001, 0.06],
  ['.ttf mmap', 0.001, 0, 0.003],
  ['.dex mmap', 0.03, 0.002, 0.04],
  ['.oat mmap', 0.004, 0, 0.03],
  ['.art mmap', 0.05, 0.035, 0.09],
  ['Other mmap', 0.01, 0.002, 0.03],
  ['GL mtrack', 0.04, 0.04, 0],
  ['Unknown', 0.012, 0.011, 0.01],
];

function cell(value: number | string): string {
  return String(value).padStart(9);
}

interface Table {
  rows: string[];
  totalPss: number;
  totalRss: number;
  javaHeap: number;
  nativeHeap: number;
}

function table(process: DeviceProcess, sdk: number): Table {
  const rss = process.rssKb;
  const withRss = sdk >= 30;
  const header = withRss
    ? [
        '                   Pss  Private  Private  SwapPss      Rss     Heap     Heap     Heap',
        '                 Total    Dirty    Clean    Dirty    Total     Size    Alloc     Free',
        '                ------   ------   ------   ------   ------   ------   ------   ------',
      ]
    : [
        `                   Pss  Private  Private  ${sdk >= 23 ? 'SwapPss' : 'Swapped'}     Heap     Heap     Heap`,
        '                 Total    Dirty    Clean    Dirty     Size    Alloc     Free',
        '                ------   ------   ------   ------   ------   ------   ------',
      ];
  const rows = [...header];
  let totalPss = 0;
  let totalDirty = 0;
  let totalClean = 0;
  let totalRss = 0;
  let javaHeap = 0;
  let nativeHeap = 0;
  const rssShares = CATEGORIES.reduce((sum, [, , , share]) => sum + share, 0);
  CATEGORIES.forEach(([name, pssShare, dirtyShare, rssShare], index) => {
    const pss = Math.round(rss * pssShare);
    const dirty = Math.round(rss * dirtyShare);
    const clean = Math.max(0, Math.round((pss - dirty) * 0.6));
    // The last category takes the rounding remainder so the RSS column sums to the process's RSS.
    const rssCell =
      index === CATEGORIES.length - 1 ? rss - totalRss : Math.round((rss * rssShare) / rssShares);
    totalPss += pss;
    totalDirty += dirty;
    totalClean += clean;
    totalRss += rssCell;
    const heap =
      name === 'Native Heap'
        ? [Math.round(pss * 1.4), Math.round(pss * 1.1), Math.round(pss * 0.3)]
        : name === 'Dalvik Heap'
          ? [Math.round(pss * 1.6), Math.round(pss * 0.9), Math.round(pss * 0.7)]
          : ['', '', ''];
    if (name === 'Native Heap') nativeHeap = pss;
    if (name === 'Dalvik Heap') javaHeap = pss;
    rows.push(
      `${name.padStart(13)}${cell(pss)}${cell(dirty)}${cell(clean)}${cell(0)}${withRss ? cell(rssCell) : ''}${heap.map(cell).join('')}`.trimEnd(),
    );
  });
  rows.push(
    `${'TOTAL'.padStart(13)}${cell(totalPss)}${cell(totalDirty)}${cell(totalClean)}${cell(0)}${withRss ? cell(totalRss) : ''}${cell(Math.round(rss * 0.45))}${cell(Math.round(rss * 0.3))}${cell(Math.round(rss * 0.15))}`,
  );
  return { rows, totalPss, totalRss, javaHeap, nativeHeap };
}

function summary(result: Table, sdk: number): string[] {
  const { totalPss, totalRss, javaHeap, nativeHeap } = result;
  const code = Math.round(totalPss * 0.2);
  const stack = Math.round(totalPss * 0.02);
  const graphics = Math.round(totalPss * 0.08);
  const system = totalPss - javaHeap - nativeHeap - code - stack - graphics - Math.round(totalPss * 0.1);
  const row = (name: string, pss: number | undefined, rss: number | undefined): string =>
    `${name.padStart(21)}${pss === undefined ? '         ' : ` ${String(pss).padStart(8)}`}${sdk >= 30 && rss !== undefined ? String(rss).padStart(31) : ''}`.trimEnd();
  const rows = [
    '',
    ' App Summary',
    sdk >= 30
      ? '                       Pss(KB)                        Rss(KB)'
      : '                       Pss(KB)',
    sdk >= 30
      ? '                        ------                         ------'
      : '                        ------',
    row('Java Heap:', javaHeap, Math.round(totalRss * 0.17)),
    row('Native Heap:', nativeHeap, Math.round(totalRss * 0.17)),
    row('Code:', code, Math.round(totalRss * 0.34)),
    row('Stack:', stack, Math.round(totalRss * 0.01)),
    row('Graphics:', graphics, Math.round(totalRss * 0.04)),
    row('Private Other:', Math.round(totalPss * 0.1), undefined),
    row('System:', system, undefined),
    row('Unknown:', undefined, totalRss - Math.round(totalRss * 0.73)),
    '',
  ];
  rows.push(
    sdk >= 30
      ? `           TOTAL PSS:   ${String(totalPss).padStart(6)}            TOTAL RSS:   ${String(totalRss).padStart(6)}       TOTAL SWAP PSS:        0`
      : `               TOTAL:   ${String(totalPss).padStart(6)}       TOTAL SWAP PSS:        0`,
  );
  return rows;
}

function objects(sdk: number): string[] {
  if (sdk < 24)
    return [
      '',
      ' Objects',
      '               Views:      187         ViewRootImpl:        1',
      '         AppContexts:        6           Activities:        1',
      '              Assets:        3        AssetManagers:        3',
      '       Local Binders:       41        Proxy Binders:       48',
      '    Death Recipients:        2',
      '     OpenSSL Sockets:        0',
      '',
      ' SQL',
      '         MEMORY_USED:      612',
      '  PAGECACHE_OVERFLOW:      143          MALLOC_SIZE:       62',
    ];
  return [
    '',
    ' Objects',
    '               Views:      187         ViewRootImpl:        1',
    '         AppContexts:        6           Activities:        1',
    '              Assets:       22        AssetManagers:        0',
    '       Local Binders:       41        Proxy Binders:       48',
    '       Parcel memory:       12         Parcel count:       49',
    '    Death Recipients:        2             WebViews:        0',
    '',
    ' SQL',
    '         MEMORY_USED:      612',
    '  PAGECACHE_OVERFLOW:      143          MALLOC_SIZE:      117',
  ];
}

function header(state: DeviceState): string[] {
  const elapsed = systemStateOf(state).elapsedNow();
  const title =
    state.sdkLevel >= 24 ? 'Applications Memory Usage (in Kilobytes):' : 'Applications Memory Usage (kB):';
  return [title, `Uptime: ${elapsed} Realtime: ${elapsed}`, ''];
}

function processDump(state: DeviceState, process: DeviceProcess): string[] {
  const sdk = state.sdkLevel;
  const result = table(process, sdk);
  return [
    `** MEMINFO in pid ${process.pid} [${process.name}] **`,
    ...result.rows,
    ...(sdk >= 23 ? summary(result, sdk) : []),
    ...objects(sdk),
  ];
}

function kilobytes(value: number): string {
  return `${value.toLocaleString('en-US')}K`;
}

/** Sizes per oom_adj class: native daemons, system_server, persistent System UI, foreground app, launcher, the rest cached. */
function oomGroups(
  state: DeviceState,
  processes: readonly DeviceProcess[],
  size: (process: DeviceProcess) => number,
): string[] {
  const groupOf = (process: DeviceProcess): string => {
    if (process.name === 'system_server') return 'System';
    if (process.name === 'com.android.systemui') return 'Persistent';
    // An app package run under a system uid (com.android.phone as radio) is persistent, as ActivityManager keeps it.
    if (!process.user.startsWith('u0_a')) return process.name.includes('.') ? 'Persistent' : 'Native';
    if (process.name.includes(':')) return 'A Services';
    if (process.name === state.foreground.packageName) return 'Foreground';
    if (process.name === state.launcher.packageName) return 'Home';
    return 'Cached';
  };
  return ['Native', 'System', 'Persistent', 'Foreground', 'A Services', 'Home', 'Cached'].flatMap((group) => {
    const members = processes.filter((process) => groupOf(process) === group);
    if (members.length === 0) return [];
    const total = members.reduce((sum, process) => sum + size(process), 0);
    return [
      `${kilobytes(total).padStart(12)}: ${group}`,
      ...members.map(
        (process) => `${kilobytes(size(process)).padStart(16)}: ${processLabel(state, process)}`,
      ),
    ];
  });
}

/** How meminfo names a process: system_server is `system`; apps with an activity say so. */
function processLabel(state: DeviceState, process: DeviceProcess): string {
  const name = process.name === 'system_server' ? 'system' : process.name;
  const activities = state.getPackage(process.name)?.launchActivity !== undefined;
  return `${name} (pid ${process.pid}${activities ? ' / activities' : ''})`;
}

/** One measure's tables: by process, by oom_adj class, by category. */
function measureTables(
  state: DeviceState,
  measure: 'PSS' | 'RSS',
  processes: readonly DeviceProcess[],
  size: (process: DeviceProcess) => number,
): string[] {
  const total = processes.reduce((sum, process) => sum + size(process), 0);
  const categories: Array<[string, number]> = [
    ['Native', 0.38],
    ['Dalvik', 0.22],
    ['.so mmap', 0.14],
    ['.art mmap', 0.08],
    ['.dex mmap', 0.06],
    ['Unknown', 0.12],
  ];
  return [
    `Total ${measure} by process:`,
    ...processes.map(
      (process) => `${kilobytes(size(process)).padStart(12)}: ${processLabel(state, process)}`,
    ),
    '',
    `Total ${measure} by OOM adjustment:`,
    ...oomGroups(state, processes, size),
    '',
    `Total ${measure} by category:`,
    ...categories.map(([name, share]) => `${kilobytes(Math.round(total * share)).padStart(12)}: ${name}`),
    '',
  ];
}

/**
 * The system summary. From API 30 the RSS tables come first; from API 34 meminfo no longer collects PSS by default,
 * so only the RSS tables remain; before 30 there are only PSS tables.
 */
function systemDump(state: DeviceState): string {
  const sdk = state.sdkLevel;
  const processes = processesOf(state)
    .list()
    .filter((process) => process.rssKb > 0)
    .sort((a, b) => b.rssKb - a.rssKb);
  const pss = (process: DeviceProcess): number => Math.round(process.rssKb * 0.62);
  const rss = (process: DeviceProcess): number => process.rssKb;
  const used = processes.reduce((sum, process) => sum + (sdk >= 34 ? rss(process) : pss(process)), 0);
  return lines(
    header(state),
    ...(sdk >= 30 ? ['', ...measureTables(state, 'RSS', processes, rss)] : []),
    ...(sdk < 34 ? measureTables(state, 'PSS', processes, pss) : []),
    'Total RAM: 7,811,356K (status normal)',
    ' Free RAM: 3,204,512K (  412,088K cached pss + 2,380,336K cached kernel +   412,088K free)',
    ` Used RAM: ${kilobytes(used + 1_120_000)} (${kilobytes(used)} used ${sdk >= 34 ? 'rss' : 'pss'} + 1,120,000K kernel)`,
    ' Lost RAM:   318,904K',
    '     ZRAM:    16,280K physical used for    61,440K in swap ( 3,905,676K total swap)',
    '   Tuning: 256 (large 512), oom   322,560K, restore limit   107,520K (high-end-gfx)',
  );
}

/** `dumpsys meminfo` (system), `dumpsys meminfo PKG|PID` (one process; `No process found for: X` otherwise). */
export function meminfoService(state: DeviceState, args: readonly string[]): string {
  const target = args.filter((argument) => !argument.startsWith('-')).pop();
  if (target === undefined) return systemDump(state);
  const process = processesOf(state)
    .list()
    .find((candidate) => candidate.name === target || String(candidate.pid) === target);
  if (!process) return lines(`No process found for: ${target}`);
  return lines(header(state), processDump(state, process));
}
