import { failWith, type CommandContext } from '../../commandTable';
import { localTime, strftime, timeZoneOf } from './deviceTime';
import { splitFlags } from './fileSystem';

// toybox's system information commands: uname, getenforce, date, df.

/** Kernel release of the profile's Android generation (GKI names from Android 12 on). */
export function kernelRelease(sdk: number): string {
  if (sdk >= 35) return '6.1.75-android14-11-g48b922866d6c-ab11463045';
  if (sdk >= 34) return '5.15.123-android14-11-ga7f4a5ec2f8b-ab11174123';
  if (sdk >= 31) return '5.10.107-android12-9-00003-gc6fd0d4a5b4e-ab8623201';
  if (sdk >= 28) return '4.9.112-perf+';
  return '3.4.42-g0a2b6e2';
}

function machineOf(abi: string): string {
  if (abi.startsWith('arm64')) return 'aarch64';
  if (abi.startsWith('armeabi')) return 'armv7l';
  return abi === 'x86_64' ? 'x86_64' : 'i686';
}

/** `uname [-asnrvmo]`: Linux, localhost, the kernel release and machine of the profile. */
export function uname(context: CommandContext): number {
  const { flags, bad } = splitFlags(context.args, 'asnrvmop');
  if (bad) return failWith(context, `uname: Unknown option '${bad}'`);
  const { state } = context.device;
  const buildDate = state.getProperty('ro.build.date') ?? 'Thu Jan  1 00:00:00 UTC 1970';
  const values: Array<[string, string]> = [
    ['s', 'Linux'],
    ['n', 'localhost'],
    ['r', kernelRelease(state.sdkLevel)],
    ['v', `#1 SMP PREEMPT ${buildDate}`],
    ['m', machineOf(state.getProperty('ro.product.cpu.abi') ?? 'arm64-v8a')],
    ['o', 'Toybox'],
  ];
  const selected = flags.has('a')
    ? values.filter(([flag]) => flag !== 'o')
    : values.filter(([flag]) => flags.has(flag));
  context.stdout(
    `${(selected.length > 0 ? selected : values.slice(0, 1)).map(([, value]) => value).join(' ')}\n`,
  );
  return 0;
}

/** `getenforce`: production builds enforce SELinux. */
export function getenforce(context: CommandContext): number {
  context.stdout('Enforcing\n');
  return 0;
}

/** `date [-u] [+FORMAT]`: the device clock in persist.sys.timezone; setting the date is refused for uid shell. */
export function date(context: CommandContext): number {
  const { state } = context.device;
  let utc = false;
  let format = '%a %b %e %H:%M:%S %Z %Y';
  for (const argument of context.args) {
    if (argument === '-u') utc = true;
    else if (argument.startsWith('+')) format = argument.slice(1);
    else return failWith(context, 'date: cannot set date: Operation not permitted');
  }
  const now = state.now();
  context.stdout(`${strftime(format, localTime(now, utc ? 'UTC' : timeZoneOf(state)), now)}\n`);
  return 0;
}

interface Mount {
  source: string;
  target: string;
  totalKb: number;
  usedKb: number;
}

// Mounts a Pixel shows in `df` (dm-verity system partitions are full, /data and its FUSE view share space).
const MOUNTS: readonly Mount[] = [
  { source: '/dev/block/dm-6', target: '/', totalKb: 1_038_112, usedKb: 1_034_812 },
  { source: 'tmpfs', target: '/dev', totalKb: 3_885_140, usedKb: 1_424 },
  { source: 'tmpfs', target: '/mnt', totalKb: 3_885_140, usedKb: 0 },
  { source: '/dev/block/dm-7', target: '/system_ext', totalKb: 241_088, usedKb: 240_380 },
  { source: '/dev/block/dm-8', target: '/product', totalKb: 2_580_152, usedKb: 2_575_664 },
  { source: '/dev/block/dm-9', target: '/vendor', totalKb: 684_236, usedKb: 682_644 },
  { source: '/dev/block/dm-48', target: '/data', totalKb: 115_081_344, usedKb: 21_232_212 },
  { source: '/dev/fuse', target: '/storage/emulated', totalKb: 115_081_344, usedKb: 21_232_212 },
];

/** `df [-k] [-h] [PATH...]`: toybox's columns; PATH picks its mount. */
export function df(context: CommandContext): number {
  const { operands } = splitFlags(context.args, 'khPat');
  const mountOf = (path: string): Mount | undefined => {
    const resolved = path.startsWith('/sdcard') ? path.replace('/sdcard', '/storage/emulated') : path;
    return [...MOUNTS]
      .reverse()
      .find(
        (mount) =>
          resolved === mount.target || resolved.startsWith(`${mount.target === '/' ? '' : mount.target}/`),
      );
  };
  const mounts =
    operands.length === 0 ? MOUNTS : operands.map(mountOf).filter((mount) => mount !== undefined);
  const rows = mounts.map((mount) => {
    const available = Math.max(
      0,
      mount.totalKb -
        mount.usedKb -
        (mount.target === '/data' || mount.target === '/storage/emulated' ? 131_072 : 3_304),
    );
    const percent = Math.ceil((mount.usedKb * 100) / Math.max(1, mount.usedKb + available));
    return [
      mount.source,
      String(mount.totalKb),
      String(mount.usedKb),
      String(available),
      `${percent}%`,
      mount.target,
    ];
  });
  const header = ['Filesystem', '1K-blocks', 'Used', 'Available', 'Use%', 'Mounted on'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    `${cells
      .map((cell, column) =>
        column === 0 || column === 5
          ? cell.padEnd(column === 5 ? 0 : (widths[0] ?? 0))
          : cell.padStart(widths[column] ?? 0),
      )
      .join(' ')}\n`;
  context.stdout([header, ...rows].map(line).join(''));
  return 0;
}
