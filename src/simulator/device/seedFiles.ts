// The files a freshly booted production phone shows to uid shell: system binaries, procfs, shared storage folders.
import type { DeviceFiles } from './files';

/** Shared-storage folders every phone has (MediaProvider creates them on first boot). */
const STORAGE_FOLDERS = [
  'Alarms',
  'Android',
  'Audiobooks',
  'DCIM',
  'Documents',
  'Download',
  'Movies',
  'Music',
  'Notifications',
  'Pictures',
  'Podcasts',
  'Recordings',
  'Ringtones',
];

/** CPUs the phone has (a Pixel 7's Tensor G2: 4 little, 2 mid, 2 big cores), as /proc/stat and sysfs show them. */
const CPU_COUNT = 8;

const DIRECTORIES = [
  '/data/local/tmp',
  ...Array.from({ length: CPU_COUNT }, (_, cpu) => `/sys/devices/system/cpu/cpu${cpu}/cpufreq`),
  '/sys/devices/system/cpu/cpufreq',
  '/sys/devices/system/cpu/cpuidle',
  '/system/bin',
  '/system/etc',
  '/vendor',
  '/proc',
  '/dev',
  '/sdcard/DCIM/Camera',
  '/sdcard/Android/data',
  '/sdcard/Android/media',
  ...STORAGE_FOLDERS.map((name) => `/sdcard/${name}`),
];

/** A 64-byte ELF64 header for an AArch64 position-independent executable (what `file` reads first). */
function elfHeader(): Buffer {
  const header = Buffer.alloc(64);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(header, 0);
  header.writeUInt16LE(3, 16); // ET_DYN
  header.writeUInt16LE(0xb7, 18); // EM_AARCH64
  header.writeUInt32LE(1, 20);
  header.writeUInt16LE(64, 52);
  return header;
}

function meminfo(): string {
  const rows: Array<[string, number]> = [
    ['MemTotal', 7_811_356],
    ['MemFree', 412_088],
    ['MemAvailable', 3_204_512],
    ['Buffers', 4_120],
    ['Cached', 2_905_744],
    ['SwapCached', 21_480],
    ['Active', 2_611_900],
    ['Inactive', 2_318_724],
    ['SwapTotal', 4_194_300],
    ['SwapFree', 3_407_612],
    ['Dirty', 1_212],
    ['AnonPages', 2_007_540],
    ['Mapped', 1_165_848],
    ['Shmem', 31_932],
    ['Slab', 404_684],
    ['KernelStack', 61_584],
    ['PageTables', 124_612],
    ['CommitLimit', 8_099_976],
    ['Committed_AS', 98_543_120],
    ['VmallocTotal', 263_061_440],
  ];
  return rows.map(([key, kb]) => `${`${key}:`.padEnd(16)}${String(kb).padStart(8)} kB\n`).join('');
}

/** USER_HZ: /proc/stat counts in hundredths of a second. */
const TICKS_PER_SECOND = 100;

/** Share of each CPU's time by /proc/stat column (user nice system idle iowait irq softirq): little cores work most. */
function cpuShares(cpu: number): number[] {
  const busy = cpu < 4 ? 0.14 : cpu < 6 ? 0.09 : 0.05;
  const user = busy * 0.62;
  const system = busy * 0.3;
  const nice = busy * 0.02;
  const iowait = 0.004;
  const irq = busy * 0.03;
  const softirq = busy * 0.03;
  return [user, nice, system, 1 - busy - iowait, iowait, irq, softirq];
}

/** Each CPU's tick counters after `uptimeMs` of the device's steady load (they grow as on a running kernel). */
function cpuTicks(uptimeMs: number): number[][] {
  const ticks = Math.floor((uptimeMs / 1000) * TICKS_PER_SECOND);
  return Array.from({ length: CPU_COUNT }, (_, cpu) => {
    const columns = cpuShares(cpu).map((share) => Math.floor(ticks * share));
    // Idle takes what the other columns leave, so a CPU's columns add up to its uptime in ticks.
    columns[3] = ticks - columns.reduce((sum, value, index) => (index === 3 ? sum : sum + value), 0);
    return [...columns, 0, 0, 0];
  });
}

function procStat(uptimeMs: number): string {
  // user nice system idle iowait irq softirq steal guest guest_nice, in USER_HZ ticks, for 8 CPUs.
  const cpus = cpuTicks(uptimeMs);
  const total = cpus.reduce((sum, row) => sum.map((value, index) => value + (row[index] ?? 0)));
  const line = (name: string, values: number[]): string => `${name} ${values.join(' ')}\n`;
  const seconds = Math.floor(uptimeMs / 1000);
  return [
    line('cpu ', total),
    ...cpus.map((values, cpu) => line(`cpu${cpu}`, values)),
    `intr ${27_220 * seconds} 0 0 0 0\n`,
    `ctxt ${50_050 * seconds}\n`,
    'btime 1764620000\n',
    `processes ${25 * seconds + 1_100}\n`,
    'procs_running 2\n',
    'procs_blocked 0\n',
    `softirq ${11_430 * seconds} 8 ${2_530 * seconds} 12 ${613 * seconds} 0 0 ${505 * seconds} ${3_940 * seconds} 0 ${3_842 * seconds}\n`,
  ].join('');
}

/** /proc/uptime: seconds since boot and the idle seconds summed over the CPUs. */
function procUptime(uptimeMs: number): string {
  const idleTicks = cpuTicks(uptimeMs).reduce((sum, row) => sum + (row[3] ?? 0), 0);
  return `${(uptimeMs / 1000).toFixed(2)} ${(idleTicks / TICKS_PER_SECOND).toFixed(2)}\n`;
}

/**
 * Writes the base filesystem into `files` where nothing is yet (a device's own pushes are kept). /proc/stat and
 * /proc/uptime are made at each read from `uptimeMs()`, so their counters advance as the device runs.
 */
export function seedFilesystem(files: DeviceFiles, bootSeconds: number, uptimeMs: () => number): void {
  for (const directory of DIRECTORIES) files.makeDirectory(directory, bootSeconds);
  const seed: Array<[string, string | Buffer, number]> = [
    ['/system/bin/sh', elfHeader(), 0o755],
    ['/system/bin/toybox', elfHeader(), 0o755],
    ['/system/etc/hosts', '127.0.0.1       localhost\n::1             ip6-localhost\n', 0o644],
    ['/proc/meminfo', meminfo(), 0o444],
    ['/proc/version', 'Linux version 6.1.75-android14-11 (build-user@build-host) #1 SMP PREEMPT\n', 0o444],
    ['/proc/loadavg', '1.24 1.31 1.28 2/1843 12044\n', 0o444],
    ...(['online', 'possible', 'present'] as const).map((name): [string, string, number] => [
      `/sys/devices/system/cpu/${name}`,
      `0-${CPU_COUNT - 1}\n`,
      0o444,
    ]),
    ['/sys/devices/system/cpu/offline', '\n', 0o444],
    ['/sys/devices/system/cpu/kernel_max', '7\n', 0o444],
    ...Array.from({ length: CPU_COUNT }, (_, cpu): [string, string, number] => [
      `/sys/devices/system/cpu/cpu${cpu}/cpufreq/scaling_max_freq`,
      `${cpu < 4 ? 1_803_000 : cpu < 6 ? 2_348_000 : 2_850_000}\n`,
      0o444,
    ]),
  ];
  for (const [path, content, mode] of seed) {
    if (files.read(path)) continue;
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    files.write(path, { data, mode, mtimeSeconds: bootSeconds });
  }
  const procfs: Array<[string, (uptime: number) => string]> = [
    ['/proc/stat', procStat],
    ['/proc/uptime', procUptime],
  ];
  for (const [path, make] of procfs)
    files.generate(path, () => ({
      data: Buffer.from(make(uptimeMs()), 'utf8'),
      mode: 0o444,
      mtimeSeconds: Math.floor(bootSeconds + uptimeMs() / 1000),
    }));
}
