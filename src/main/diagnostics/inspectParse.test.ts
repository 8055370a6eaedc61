// The inspection parsers on output as Android 5, 7, 11 and 15 print it: getprop lines, toolbox and toybox `id`,
// getenforce, /proc/meminfo with and without MemAvailable, `df -k /data` (toybox, a wrapped filesystem name, and
// Lollipop's toolbox df, which has no -k), the `command -v` loop, `pm list packages -f [-U]` rows and toybox top.
import { describe, expect, it } from 'vitest';
import { parsePackageRows, parseTopRows } from './appListParse';
import {
  MAX_VALUE_CHARS,
  PROBED_COMMANDS,
  parseBuildProperties,
  parseCommandPaths,
  parseDataDf,
  parseMeminfo,
  parseSelinux,
  parseUid,
} from './environmentParse';

describe('environment probes', () => {
  it('reads the build properties of Android 15 and Android 5', () => {
    expect(
      parseBuildProperties(
        'ro.build.version.release=15\nro.build.version.sdk=35\nro.product.cpu.abi=arm64-v8a\n' +
          'ro.product.cpu.abilist=arm64-v8a,armeabi-v7a,armeabi\n',
      ),
    ).toEqual({
      android_release: '15',
      api_level: 35,
      device_abi: 'arm64-v8a',
      supported_abis: ['arm64-v8a', 'armeabi-v7a', 'armeabi'],
    });
    expect(
      parseBuildProperties(
        'ro.build.version.release=5.0.2\nro.build.version.sdk=21\nro.product.cpu.abi=x86\nro.product.cpu.abilist=x86\n',
      ),
    ).toEqual({ android_release: '5.0.2', api_level: 21, device_abi: 'x86', supported_abis: ['x86'] });
  });

  it('gives null for a blank or non-numeric property and cuts every value to 256 characters', () => {
    const facts = parseBuildProperties(
      `ro.build.version.release=${'R'.repeat(300)}\nro.build.version.sdk=S\nro.product.cpu.abi=\nro.product.cpu.abilist=\n`,
    );
    expect(facts).toEqual({
      android_release: 'R'.repeat(MAX_VALUE_CHARS),
      api_level: null,
      device_abi: null,
      supported_abis: [],
    });
  });

  it("reads toybox `id -u` and toolbox id's uid=2000(shell) line (Android 5)", () => {
    expect(parseUid('2000\n')).toBe(2000);
    expect(
      parseUid(
        'uid=2000(shell) gid=2000(shell) groups=1003(graphics),1004(input),1007(log) context=u:r:shell:s0\n',
      ),
    ).toBe(2000);
    expect(parseUid('id: unknown option\n')).toBeNull();
  });

  it('reads getenforce and gives null for nothing', () => {
    expect(parseSelinux('Enforcing\n')).toBe('Enforcing');
    expect(parseSelinux('Permissive\n')).toBe('Permissive');
    expect(parseSelinux('\n')).toBeNull();
  });

  it('reads MemTotal and MemAvailable, null where the kernel has no MemAvailable (before Linux 3.14)', () => {
    expect(parseMeminfo('MemTotal:        7770280 kB\nMemAvailable:    3204512 kB\n')).toEqual({
      total: 7770280,
      available: 3204512,
    });
    expect(parseMeminfo('MemTotal:         1917604 kB\n')).toEqual({ total: 1917604, available: null });
  });

  it('reads the last row of toybox df -k, joining a filesystem name printed on its own line', () => {
    expect(
      parseDataDf(
        'Filesystem     1K-blocks     Used Available Use% Mounted on\n/dev/block/dm-5 115081344 21232212 93718060  19% /data\n',
      ),
    ).toEqual({ total: 115081344, used: 21232212, available: 93718060, mountpoint: '/data' });
    // Android 7 toybox: a long device name on a line of its own.
    expect(
      parseDataDf(
        'Filesystem            1K-blocks    Used Available Use% Mounted on\n' +
          '/dev/block/bootdevice/by-name/userdata\n' +
          '                       26109744 4471392  21638352  18% /data\n',
      ),
    ).toEqual({ total: 26109744, used: 4471392, available: 21638352, mountpoint: '/data' });
  });

  it("gives null for Lollipop's toolbox df, which prints human sizes and no -k (the probe then reads partial)", () => {
    expect(
      parseDataDf(
        'Filesystem               Size     Used     Free   Blksize\n/data                   12.6G     1.2G    11.4G   4096\n',
      ),
    ).toBeNull();
    expect(parseDataDf('')).toBeNull();
  });

  it('maps every probed command to its path or null', () => {
    const paths = parseCommandPaths('toybox=/system/bin/toybox\ncurl=\nsqlite3=/system/xbin/sqlite3\n');
    expect(Object.keys(paths)).toEqual([...PROBED_COMMANDS]);
    expect(paths).toMatchObject({
      toybox: '/system/bin/toybox',
      sqlite3: '/system/xbin/sqlite3',
      curl: null,
      jq: null,
    });
  });
});

describe('pm list packages rows', () => {
  it('reads Android 11+ paths that contain = and the uid printed by -U', () => {
    expect(
      parsePackageRows(
        'package:/data/app/~~Q1w2e3R4t5==/com.example.app-Ab12Cd34==/base.apk=com.example.app uid:10123\n' +
          'package:/system/priv-app/Settings/Settings.apk=com.android.settings uid:1000\n',
      ),
    ).toEqual([
      {
        package: 'com.example.app',
        apk_path: '/data/app/~~Q1w2e3R4t5==/com.example.app-Ab12Cd34==/base.apk',
        uid: 10123,
      },
      { package: 'com.android.settings', apk_path: '/system/priv-app/Settings/Settings.apk', uid: 1000 },
    ]);
  });

  it('reads Android 5 rows without uid (pm there has no -U) and skips other lines', () => {
    expect(
      parsePackageRows(
        'package:/data/app/com.example.app-1/base.apk=com.example.app\nWARNING: linker: noise\n\n' +
          'package:/system/app/Browser/Browser.apk=com.android.browser\n',
      ),
    ).toEqual([
      { package: 'com.example.app', apk_path: '/data/app/com.example.app-1/base.apk', uid: null },
      { package: 'com.android.browser', apk_path: '/system/app/Browser/Browser.apk', uid: null },
    ]);
  });
});

describe('toybox top rows', () => {
  it('keeps the process rows and at most 5 header lines (Android 10+ with -o columns)', () => {
    const parsed = parseTopRows(
      [
        'Tasks: 612 total,   1 running, 611 sleeping,   0 stopped,   0 zombie',
        '  Mem:  7770280K total,  7488592K used,   281688K free,    15372K buffers',
        ' Swap:  4194300K total,  1243568K used,  2950732K free,  2783004K cached',
        '800%cpu  12%user   0%nice  18%sys 769%idle   0%iow   1%irq   0%sirq   0%host',
        '  PID USER          RES %MEM %CPU CMDLINE',
        ' 1215 system        393M  5.2  1.7 system_server',
        ' 2400 u0_a178       196M  2.6  0.0 com.android.systemui',
        '',
      ].join('\n'),
    );
    expect(parsed.rows).toEqual([
      '1215 system        393M  5.2  1.7 system_server',
      '2400 u0_a178       196M  2.6  0.0 com.android.systemui',
    ]);
    expect(parsed.raw_header).toHaveLength(5);
    expect(parsed.raw_header.at(-1)).toBe('  PID USER          RES %MEM %CPU CMDLINE');
  });

  it('reads Android 7 toybox top, whose summary is one line, and answers no rows for a usage text', () => {
    const parsed = parseTopRows(
      'User 3%, System 2%, IOW 0%, IRQ 0%\n  PID USER     RES %MEM %CPU CMDLINE\n  932 system   121M 6.3  0.9 system_server\n',
    );
    expect(parsed).toEqual({
      rows: ['932 system   121M 6.3  0.9 system_server'],
      raw_header: ['User 3%, System 2%, IOW 0%, IRQ 0%', '  PID USER     RES %MEM %CPU CMDLINE'],
    });
    expect(
      parseTopRows('Invalid argument "-b".\nUsage: top [ -m max_procs ] [ -n iterations ]\n').rows,
    ).toEqual([]);
  });
});
