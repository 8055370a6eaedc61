// The views' readers: status of many-section answers, what an answer left out, and the dumpsys text parsers, on
// output shaped like the simulated (and real) devices' and on absent or malformed fields.
import { describe, expect, it } from 'vitest';
import {
  answerStatus,
  freeOf,
  parseBattery,
  parseDisplays,
  parseGlobalConfiguration,
  parseInterfaces,
  parsePing,
  parseWifi,
  truncationOf,
} from './viewData';

describe('answerStatus', () => {
  it('takes the answer own status, else its command status, else the worst section', () => {
    expect(answerStatus({ status: 'partial', sections: { a: { status: 'failed' } } })).toBe('partial');
    expect(answerStatus({ kind: 'doze', result: { status: 'timed_out' } })).toBe('timed_out');
    // inspect_android_app says "ok"; its storage section (du refused) is partial.
    expect(
      answerStatus({ status: 'ok', activity: { status: 'complete' }, storage: { status: 'partial' } }),
    ).toBe('partial');
    expect(answerStatus({ kind: 'x' })).toBeUndefined();
    expect(answerStatus(null)).toBeUndefined();
  });
});

describe('truncationOf', () => {
  it('names cut streams and reached row limits, nothing when nothing was cut', () => {
    expect(
      truncationOf({
        result: { stdout_truncated: true, stderr_truncated: false },
        limit_reached: true,
        row_limit: 200,
        sections: { memory: { truncated: true } },
      }),
    ).toEqual([
      'output: row limit reached (200); more exist on the device',
      'result: standard output cut at its byte cap',
      'sections.memory: standard output cut at its byte cap',
    ]);
    expect(truncationOf({ result: { stdout_truncated: false }, limit_reached: false })).toEqual([]);
  });
});

describe('dumpsys parsers', () => {
  it('reads the display size, density and rotation, with an override shown as base', () => {
    expect(
      parseDisplays(
        '  Display: mDisplayId=0 (organized)\n    init=1080x2400 420dpi mMinSizeOfResizeableTaskDp=220 cur=1080x2400 app=1080x2400\n  mCurrentRotation=ROTATION_90\n',
      ),
    ).toEqual({ physical: '1080x2400', current: '1080x2400', density: '420 dpi', rotation: '90\u00b0' });
    expect(parseDisplays('init=1080x2400 420dpi base=720x1600 320dpi cur=720x1600')).toMatchObject({
      current: '720x1600',
      density: '320 dpi',
    });
    expect(parseDisplays('no display here')).toEqual({});
  });

  it('reads locale and font scale from mGlobalConfiguration (bracketed from API 24, bare before)', () => {
    expect(
      parseGlobalConfiguration('  mGlobalConfiguration={1.15 310mcc260mnc [de_DE] ldltr sw411dp 420dpi}'),
    ).toEqual({ locale: 'de-DE', fontScale: '1.15' });
    expect(parseGlobalConfiguration('mGlobalConfiguration={1.0 310mcc260mnc en_US ldltr sw411dp}')).toEqual({
      locale: 'en-US',
      fontScale: '1.0',
    });
    expect(parseGlobalConfiguration('mGlobalConfiguration=')).toEqual({});
  });

  it('reads battery fields, ping summaries, interfaces and the Wi-Fi association', () => {
    expect(
      parseBattery('Current Battery Service state:\n  AC powered: false\n  level: 78\n  present: true\n'),
    ).toEqual({ 'AC powered': 'false', level: '78', present: 'true' });
    expect(
      parsePing(
        '3 packets transmitted, 3 received, 0% packet loss, time 2007ms\nrtt min/avg/max/mdev = 24.550/25.025/25.500/0.388 ms\n',
      ),
    ).toEqual({ sent: 3, received: 3, loss: '0%', avgMs: '25.025' });
    expect(parsePing('ping: unknown host nowhere.invalid')).toEqual({});
    expect(
      parseInterfaces(
        '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN\n    inet 127.0.0.1/8 scope host lo\n2: wlan0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP group default\n    inet 192.168.1.23/24 brd 192.168.1.255 scope global wlan0\n3: eth0: <BROADCAST,MULTICAST> mtu 1500 qdisc noop\n',
      ),
    ).toEqual([
      { name: 'lo', state: 'UNKNOWN', addresses: ['127.0.0.1/8'] },
      { name: 'wlan0', state: 'UP', addresses: ['192.168.1.23/24'] },
      { name: 'eth0', state: 'DOWN', addresses: [] },
    ]);
    expect(
      parseWifi(
        'Wi-Fi is enabled\nmWifiInfo SSID: "SimNet-5G", BSSID: 02:15:b2:00:01:00, Wi-Fi standard: 11ac, RSSI: -55, Link speed: 866Mbps, Frequency: 5180MHz, Net ID: 0\n',
      ),
    ).toEqual({
      'Wi-Fi': 'enabled',
      SSID: 'SimNet-5G',
      'Wi-Fi standard': '11ac',
      RSSI: '-55',
      'Link speed': '866Mbps',
      Frequency: '5180MHz',
    });
    expect(parseWifi('Wi-Fi is disabled\n')).toEqual({ 'Wi-Fi': 'disabled' });
  });

  it('says nothing about free space unless both figures were observed', () => {
    expect(freeOf(3204512, 7811356)).toBe('3.1 GiB free of 7.4 GiB');
    expect(freeOf(undefined, 7811356)).toBeUndefined();
  });
});
