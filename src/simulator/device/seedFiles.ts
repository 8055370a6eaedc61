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

function procStat(): string {
  // user nice system idle iowait irq softirq steal guest guest_nice, in USER_HZ ticks, for 8 CPUs.
  const cpus = Array.from({ length: CPU_COUNT }, (_, cpu) => {
    const scale = cpu < 4 ? 3 : cpu < 7 ? 2 : 1;
    return [41_203 * scale, 2_114, 19_876 * scale, 512_330, 1_208, 3_310, 1_922, 0, 0, 0];
  });
  const total = cpus.reduce((sum, row) => sum.map((value, index) => value + (row[index] ?? 0)));
  const line = (name: string, values: number[]): string => `${name} ${values.join(' ')}\n`;
  return [
    line('cpu ', total),
    ...cpus.map((values, cpu) => line(`cpu${cpu}`, values)),
    'intr 98122311 0 0 0 0\n',
    'ctxt 180455921\n',
    'btime 1764620000\n',
    'processes 91233\n',
    'procs_running 2\n',
    'procs_blocked 0\n',
    'softirq 41215522 8 9120331 12 2210442 0 0 1822021 14204110 0 13858598\n',
  ].join('');
}

/** Writes the base filesystem into `files` where nothing is yet (a device's own pushes are kept). */
export function seedFilesystem(files: DeviceFiles, bootSeconds: number): void {
  for (const directory of DIRECTORIES) files.makeDirectory(directory, bootSeconds);
  const seed: Array<[string, string | Buffer, number]> = [
    ['/system/bin/sh', elfHeader(), 0o755],
    ['/system/bin/toybox', elfHeader(), 0o755],
    ['/system/etc/hosts', '127.0.0.1       localhost\n::1             ip6-localhost\n', 0o644],
    ['/proc/meminfo', meminfo(), 0o444],
    ['/proc/stat', procStat(), 0o444],
    ['/proc/version', 'Linux version 6.1.75-android14-11 (build-user@build-host) #1 SMP PREEMPT\n', 0o444],
    ['/proc/uptime', '3605.21 24911.37\n', 0o444],
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
}
