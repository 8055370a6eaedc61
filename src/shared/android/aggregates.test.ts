// The aggregate parsers on real-format output of several API levels (fixtures from src/simulator/fixtures/dumpsys
// and excerpts in the layout each Android version prints).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cutText,
  filterRows,
  parseBattery,
  parseConnectivitySummary,
  parseDeviceIdle,
  parseDf,
  parseDropbox,
  parsePackagePermissions,
  parsePower,
  parseThermal,
  TRUNCATED_MARKER,
} from './aggregates';

const fixture = (name: string): string =>
  readFileSync(join(__dirname, '../../simulator/fixtures/dumpsys', name), 'utf8');

describe('filterRows', () => {
  it('keeps lines containing the text as a plain substring (regex characters are literal), capped', () => {
    const text = 'pkg=com.a.b x\npkg=comXaXb\npkg=com.a.b y\npkg=com.a.b z\n';
    expect(filterRows(text, 'com.a.b', 2)).toEqual({
      rows: ['pkg=com.a.b x', 'pkg=com.a.b y'],
      matched: 3,
      limit_reached: true,
    });
    expect(filterRows(text, undefined, 10).rows).toHaveLength(4);
  });
});

describe('cutText', () => {
  it('keeps short text and marks cut text within the limit', () => {
    expect(cutText('short', 800)).toBe('short');
    const cut = cutText('x'.repeat(5000), 800);
    expect(cut.length).toBeLessThanOrEqual(800);
    expect(cut.endsWith(TRUNCATED_MARKER)).toBe(true);
  });
});

describe('parseDropbox', () => {
  it('reads an Android 15 crash entry', () => {
    expect(parseDropbox(fixture('dropbox-crash-api35.txt'))).toMatchObject([
      {
        tag: 'data_app_crash',
        time: '2025-02-06 09:31:47',
        package: 'com.example.notes',
        process: 'com.example.notes',
        pid: 9121,
        first_exception_line: 'java.lang.IllegalStateException: Editor not attached',
        kind: 'crash',
      },
    ]);
  });

  it('keeps the first lines of each entry as its evidence, bounded', () => {
    const [entry] = parseDropbox(fixture('dropbox-crash-api35.txt'));
    expect(entry?.evidence[0]).toBe('2025-02-06 09:31:47 data_app_crash (text, 2211 bytes)');
    expect(entry?.evidence).toContain('java.lang.IllegalStateException: Editor not attached');
    expect(entry?.evidence).toContain('\tat com.example.notes.EditorActivity.onResume(EditorActivity.kt:52)');
    const long = `2025-02-06 09:31:47 data_app_crash (text, 9 bytes)\nProcess: a.b\n\nx.YException: m\n${'\tat a.b.C.d(C.kt:1)\n'.repeat(100)}`;
    expect(parseDropbox(long)[0]?.evidence).toHaveLength(20);
  });

  it('reads Android 6 entries (no PID line), an ANR subject, and skips an entry cut by tail', () => {
    const text = [
      '\tat android.os.Looper.loop(Looper.java:148)',
      '',
      '========================================',
      '2016-03-01 10:02:11 system_app_anr (text, 4021 bytes)',
      'Process: com.android.systemui',
      'Flags: 0x20c8bf0d',
      'Package: com.android.systemui v23 (6.0.1)',
      'Subject: Broadcast of Intent { act=android.intent.action.TIME_TICK }',
      'Build: google/bullhead/bullhead:6.0.1/MMB29P/2473553:user/release-keys',
      '',
      'CPU usage from 0ms to 9452ms later:',
      '',
      '========================================',
      '2016-03-01 10:05:40 data_app_crash (text, 1890 bytes)',
      'Process: com.example.app:sync',
      'Flags: 0x38c8be44',
      'Package: com.example.app v12 (1.2)',
      'Build: google/bullhead/bullhead:6.0.1/MMB29P/2473553:user/release-keys',
      '',
      'java.lang.RuntimeException: Unable to start service com.example.app.SyncService@1: java.lang.NullPointerException',
      '\tat android.app.ActivityThread.handleServiceArgs(ActivityThread.java:3045)',
      'Caused by: java.lang.NullPointerException',
      '',
    ].join('\n');
    expect(parseDropbox(text)).toMatchObject([
      {
        tag: 'system_app_anr',
        time: '2016-03-01 10:02:11',
        package: 'com.android.systemui',
        process: 'com.android.systemui',
        pid: null,
        first_exception_line: 'Broadcast of Intent { act=android.intent.action.TIME_TICK }',
        kind: 'anr',
      },
      {
        tag: 'data_app_crash',
        time: '2016-03-01 10:05:40',
        package: 'com.example.app',
        process: 'com.example.app:sync',
        pid: null,
        first_exception_line:
          'java.lang.RuntimeException: Unable to start service com.example.app.SyncService@1: java.lang.NullPointerException',
        kind: 'crash',
      },
    ]);
  });
});

describe('parseBattery', () => {
  it.each([
    [
      'battery-api21.txt',
      { level: 64, temperature_c: 27.8, status: 2, status_name: 'charging', plugged: ['usb'] },
    ],
    [
      'battery-api35.txt',
      { level: 86, temperature_c: 30.4, status: 2, status_name: 'charging', plugged: ['usb'] },
    ],
  ])('reads %s', (name, expected) => {
    expect(parseBattery(fixture(name))).toMatchObject({ ...expected, scale: 100, present: true });
  });

  it('reads a discharging battery and an unplugged one', () => {
    const text =
      'Current Battery Service state:\n  AC powered: false\n  USB powered: false\n  status: 3\n  level: 15\n  temperature: 352\n';
    expect(parseBattery(text)).toMatchObject({
      level: 15,
      status_name: 'discharging',
      plugged: [],
      temperature_c: 35.2,
    });
  });
});

describe('parseThermal', () => {
  it('reads Android 10 (HIDL) and Android 15 (AIDL) dumps', () => {
    const api29 = [
      'IsStatusOverride: false',
      'ThermalEventListeners:',
      '\tcallbacks: 1',
      'ThermalStatusListeners:',
      '\tcallbacks: 1',
      'Thermal Status: 2',
      'Cached temperatures:',
      '\tTemperature{mValue=48.0, mType=0, mName=cpu0-silver-usr, mStatus=2}',
      'HAL Ready: true',
      'HAL connection:',
      '\tThermalHAL 2.0 connected: yes',
      'Current temperatures from HAL:',
      '\tTemperature{mValue=47.5, mType=0, mName=cpu0-silver-usr, mStatus=2}',
      '\tTemperature{mValue=38.1, mType=2, mName=battery, mStatus=0}',
      'Current cooling devices from HAL:',
      '\tCoolingDevice{mValue=1, mType=2, mName=thermal-cpufreq-0}',
    ].join('\n');
    expect(parseThermal(api29)).toEqual({
      status: 2,
      status_name: 'moderate',
      override: false,
      temperatures: [
        { name: 'cpu0-silver-usr', type: 0, value_c: 47.5, status: 2 },
        { name: 'battery', type: 2, value_c: 38.1, status: 0 },
      ],
    });
    const api35 = [
      'IsStatusOverride: true',
      'Thermal Status: 0',
      'HAL Ready: true',
      'Current temperatures from HAL:',
      '\tTemperature{mValue=35.2, mType=0, mName=CPU0, mStatus=0}',
      '\tTemperature{mValue=31.5, mType=3, mName=skin, mStatus=0}',
    ].join('\n');
    expect(parseThermal(api35)).toMatchObject({ status: 0, status_name: 'none', override: true });
    expect(parseThermal(api35).temperatures.map((entry) => entry.name)).toEqual(['CPU0', 'skin']);
  });
});

describe('parseDeviceIdle and parsePower', () => {
  it('reads Android 6 (deep Doze only) and Android 7+ (light Doze) states', () => {
    const api23 =
      '  mForceIdle=false\n  mScreenOn=false\n  mCharging=false\n  mState=IDLE\n  mInactiveTimeout=+30m0s0ms\n';
    expect(parseDeviceIdle(api23)).toMatchObject({ state: 'IDLE', light_state: null, screen_on: false });
    const api35 =
      '  mLightEnabled=true  mDeepEnabled=true\n  mForceIdle=false\n  mScreenOn=true\n  mCharging=true\n  mState=ACTIVE mLightState=IDLE_MAINTENANCE\n';
    expect(parseDeviceIdle(api35)).toEqual({
      state: 'ACTIVE',
      light_state: 'IDLE_MAINTENANCE',
      force_idle: false,
      screen_on: true,
      charging: true,
      light_enabled: true,
      deep_enabled: true,
    });
  });

  it('reads power: Android 5 (no idle modes) and Android 15', () => {
    expect(
      parsePower('  mWakefulness=Awake\n  mLowPowerModeEnabled=false\n\nDisplay Power: state=ON\n'),
    ).toEqual({
      wakefulness: 'Awake',
      display_state: 'ON',
      device_idle_mode: null,
      light_device_idle_mode: null,
      low_power_mode: false,
    });
    expect(
      parsePower(
        '  mWakefulness=Dozing\n  mLightDeviceIdleMode=true\n  mDeviceIdleMode=false\nDisplay Power: state=DOZE\n',
      ),
    ).toMatchObject({ wakefulness: 'Dozing', light_device_idle_mode: true, device_idle_mode: false });
  });
});

describe('parseConnectivitySummary', () => {
  it('reads the Android 15 default network', () => {
    expect(parseConnectivitySummary(fixture('connectivity-api35.txt'))).toEqual({
      active_default_network: '104',
      transport: 'WIFI',
      interface: 'wlan0',
      link_addresses: 'fe80::9c41:2dff:fe8a:11c3/64, 192.168.0.37/24',
      dns_addresses: '192.168.0.1',
    });
  });

  it('reads the Android 9 NetworkAgentInfo layout (ni first, trailing commas in lists)', () => {
    const api28 = [
      'Active default network: 100',
      '',
      'Current Networks:',
      '  NetworkAgentInfo{ ni{[type: MOBILE[LTE], state: CONNECTED/CONNECTED, reason: connected, extra: internet]}  network{101}  nethandle{433828565005}  lp{{InterfaceName: rmnet_data0 LinkAddresses: [10.1.2.3/30,]  Routes: [] DnsAddresses: [10.177.0.34,] Domains: null MTU: 1500}}  nc{[ Transports: CELLULAR Capabilities: INTERNET]}  Score{50}  everValidated{true} }',
      '  NetworkAgentInfo{ ni{[type: WIFI[], state: CONNECTED/CONNECTED, reason: (unspecified), extra: "HomeNet", failover: false, available: true, roaming: false]}  network{100}  nethandle{432902426637}  lp{{InterfaceName: wlan0 LinkAddresses: [fe80::1c3a:2bff:fe4e:91d5/64,192.168.1.23/24,]  Routes: [fe80::/64 -> :: wlan0,0.0.0.0/0 -> 192.168.1.1 wlan0,] DnsAddresses: [192.168.1.1,8.8.8.8,] UsePrivateDns: false PrivateDnsServerName: null Domains: lan MTU: 0}}  nc{[ Transports: WIFI Capabilities: NOT_METERED&INTERNET&VALIDATED SignalStrength: -55]}  Score{60}  everValidated{true} }',
    ].join('\n');
    expect(parseConnectivitySummary(api28)).toEqual({
      active_default_network: '100',
      transport: 'WIFI',
      interface: 'wlan0',
      link_addresses: 'fe80::1c3a:2bff:fe4e:91d5/64, 192.168.1.23/24',
      dns_addresses: '192.168.1.1, 8.8.8.8',
    });
  });

  it('stays under 1000 characters for a 10,000-line dump and for a huge agent line', () => {
    const agent = `  NetworkAgentInfo{network{100}  lp{{InterfaceName: wlan0 LinkAddresses: [ ${Array.from({ length: 5000 }, (_, i) => `10.0.${i % 256}.${i % 250}/24`).join(',')} ] DnsAddresses: [ ${Array.from({ length: 3000 }, () => '/192.168.1.1').join(',')} ]}} nc{[ Transports: WIFI Capabilities: INTERNET]}}`;
    const dump = [
      'Active default network: 100',
      ...Array.from({ length: 10_000 }, (_, i) => `  line ${i} ${'x'.repeat(80)}`),
      agent,
    ].join('\n');
    const summary = parseConnectivitySummary(dump);
    expect(JSON.stringify({ status: 'complete', exit_code: 0, ...summary, stderr: '' }).length).toBeLessThan(
      1000,
    );
    expect(summary.link_addresses?.endsWith(TRUNCATED_MARKER)).toBe(true);
    expect(summary.interface).toBe('wlan0');
  });

  it('reports no default network without guessing', () => {
    expect(parseConnectivitySummary('Active default network: none\n')).toMatchObject({
      active_default_network: 'none',
      transport: null,
      interface: null,
    });
  });
});

describe('parseDf', () => {
  it('reads toybox (Android 6+) and toolbox (Android 5) layouts', () => {
    expect(
      parseDf(
        'Filesystem 1K-blocks Used Available Use% Mounted on\n/dev/block/dm-48 115081344 21232212 93718060 19% /data\n',
      ),
    ).toEqual([
      {
        filesystem: '/dev/block/dm-48',
        total_kib: 115081344,
        used_kib: 21232212,
        available_kib: 93718060,
        use_percent: 19,
        mountpoint: '/data',
      },
    ]);
    expect(
      parseDf(
        'Filesystem               Size     Used     Free   Blksize\n/data               25788376K 1437852K 24350524K   4096\n',
      ),
    ).toEqual([
      {
        filesystem: '/data',
        total_kib: 25788376,
        used_kib: 1437852,
        available_kib: 24350524,
        use_percent: null,
        mountpoint: '/data',
      },
    ]);
  });
});

describe('parsePackagePermissions', () => {
  it('reads Android 15 install and runtime grants', () => {
    const permissions = parsePackagePermissions(fixture('package-api35.txt'));
    expect(permissions).toContainEqual({
      permission: 'android.permission.INTERNET',
      kind: 'install',
      granted: true,
    });
    expect(permissions).toContainEqual({
      permission: 'android.permission.CAMERA',
      kind: 'runtime',
      granted: false,
    });
  });

  it('reads Android 5 requested and granted lists', () => {
    const permissions = parsePackagePermissions(fixture('package-api21.txt'));
    expect(permissions.length).toBeGreaterThan(0);
    expect(permissions.every((entry) => entry.kind === 'requested')).toBe(true);
    expect(permissions.some((entry) => entry.granted === true)).toBe(true);
  });
});
